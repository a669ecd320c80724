package demo;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class SlugTest {
    @Test
    public void lowercases() {
        assertEquals("hello-world", Slug.of("Hello World"));
    }
}
