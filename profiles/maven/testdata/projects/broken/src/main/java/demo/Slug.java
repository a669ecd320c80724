package demo;

import java.util.Locale;

/** Makes URL slugs of titles. */
public final class Slug {
    private Slug() {}

    public static String of(String title) {
        String lower = title.toLowerCase(Locale.ROOT);
        int dashes = lower.replaceAll("[^a-z0-9]+", "-");
        return trimDashes(lower);
    }

    static int words(String title) {
        return title.trim().split("\\s+").length();
    }
}
