package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class CartTest {
    @Test
    public void countsItems() {
        Cart c = new Cart();
        c.add(250, 2);
        c.add(100, 3);
        assertEquals(5, c.itemCount());
    }

    @Test
    public void totalWithoutDiscount() {
        Cart c = new Cart();
        c.add(250, 2);
        assertEquals(500, c.totalCents());
    }

    @Test
    public void totalWithDiscount() {
        Cart c = new Cart();
        c.add(1000, 1);
        c.setDiscountPercent(10);
        assertEquals("total after 10% off", 900, c.totalCents());
    }

    @Test(expected = IllegalArgumentException.class)
    public void rejectsZeroQuantity() {
        new Cart().add(100, 0);
    }
}
