package shop;

import java.util.ArrayList;
import java.util.List;

/** A cart that does not compile: a type error and an unknown method. */
public class Cart {
    private final List<Integer> prices = new ArrayList<>();

    public void add(int priceCents) {
        prices.add(priceCents);
    }

    public int totalCents() {
        int sum = 0;
        for (int p : prices) {
            sum += p;
        }
        String label = sum;
        return prices.sumAll();
    }
}
