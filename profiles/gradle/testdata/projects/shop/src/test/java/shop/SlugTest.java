package shop;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

public class SlugTest {
    @Test
    public void lowercases() {
        assertEquals("mug", Slug.of("Mug"));
    }

    @Test
    public void dashesBetweenWords() {
        assertEquals("blue-coffee-mug", Slug.of("Blue Coffee  Mug"));
    }

    @Test
    public void slugOfANameIsValid() {
        assertTrue("slug of 'Tea Pot' should be valid", Slug.isValid(Slug.of("Tea Pot")));
    }

    @Test
    public void dropsPunctuation() {
        assertEquals("tshirt", Slug.of("T-shirt!").replace("-", ""));
    }
}
