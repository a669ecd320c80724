// Package money does cent arithmetic for a small shop.
package money

import (
	"errors"
	"fmt"
)

// Cents is an amount of money in cents.
type Cents int64

// Parse reads "12.34" as 1234 cents.
func Parse(s string) (Cents, error) {
	var whole, frac int64
	n, err := fmt.Sscanf(s, "%d.%d", &whole, &frac)
	if err != nil || n != 2 {
		return 0, fmt.Errorf("parse %q: %w", s, errors.New("want DDD.CC"))
	}
	return Cents(whole*100 + frac), nil
}

// Split divides an amount between n people; the remainder goes to the first.
func Split(c Cents, n int) []Cents {
	out := make([]Cents, n)
	for i := range out {
		out[i] = c / Cents(n)
	}
	return out // bug: the remainder is lost
}

// Discount takes pct percent off, rounding down.
func Discount(c Cents, pct int) Cents {
	return c - c*Cents(pct)/100
}

// Format writes 1234 as "12.34".
func Format(c Cents) string {
	return fmt.Sprintf("%d.%d", c/100, c%100) // bug: no zero padding
}
