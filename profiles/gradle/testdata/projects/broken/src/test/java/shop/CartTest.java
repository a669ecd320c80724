package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class CartTest {
    @Test
    public void total() {
        Cart c = new Cart();
        c.add(250);
        assertEquals(250, c.totalCents());
    }
}
