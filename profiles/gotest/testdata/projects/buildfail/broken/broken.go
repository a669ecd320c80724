// Package broken does not compile: an undefined name and a type mismatch.
package broken

// Total sums prices.
func Total(prices []float64) int {
	sum := 0
	for _, p := range prices {
		sum += p
	}
	return sum + tax
}
