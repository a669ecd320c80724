package demo;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class ExitTest {
    @Test
    public void adds() {
        assertEquals(4, 2 + 2);
    }

    @Test
    public void exits() {
        // Code under test that calls System.exit ends Surefire's forked JVM.
        System.exit(3);
    }
}
