// Package calc holds arithmetic helpers, two of them wrong.
package calc

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Add returns a+b, except that it gets negative numbers wrong.
func Add(a, b int) int {
	if a < 0 && b < 0 {
		return a + b + 1
	}
	return a + b
}

// Round rounds x to n decimals (half away from zero, except it is not).
func Round(x float64, n int) float64 {
	p := math.Pow(10, float64(n))
	return math.Floor(x*p) / p
}

// ParseSum parses "1+2+3" and returns the sum.
func ParseSum(s string) (int, error) {
	total := 0
	for _, part := range strings.Split(s, "+") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return 0, fmt.Errorf("parse %q: %w", s, err)
		}
		total += n
	}
	return total, nil
}
