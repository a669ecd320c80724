package shop;

import java.util.HashMap;
import java.util.Map;

/** Units in stock, by SKU. */
public class Stock {
    private final Map<String, Integer> units = new HashMap<>();

    public void put(String sku, int n) {
        units.put(sku, n);
    }

    public int take(String sku, int n) {
        // Bug: an unknown SKU unboxes null.
        int have = units.get(sku);
        if (have < n) {
            throw new IllegalStateException("only " + have + " of " + sku);
        }
        units.put(sku, have - n);
        return have - n;
    }

    public boolean has(String sku) {
        return units.containsKey(sku);
    }
}
