package shop;

/** Slugs for product names in URLs. */
public final class Slug {
    private Slug() {}

    public static String of(String name) {
        String s = name.trim().toLowerCase();
        // Bug: spaces become underscores, not dashes.
        s = s.replaceAll("\\s+", "_");
        return s.replaceAll("[^a-z0-9_-]", "");
    }

    public static boolean isValid(String slug) {
        return !slug.isEmpty() && slug.matches("[a-z0-9-]+");
    }
}
