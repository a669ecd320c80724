package shop;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import org.junit.Test;

public class StockTest {
    @Test
    public void takesUnits() {
        Stock s = new Stock();
        s.put("mug", 5);
        assertEquals(3, s.take("mug", 2));
    }

    @Test
    public void unknownSkuHasNone() {
        Stock s = new Stock();
        assertFalse(s.has("kettle"));
        assertEquals(0, s.take("kettle", 0));
    }

    @Test
    public void refusesMoreThanInStock() {
        Stock s = new Stock();
        s.put("mug", 1);
        s.take("mug", 2);
    }
}
