// Package calc holds small arithmetic helpers.
package calc

// Add returns a+b.
func Add(a, b int) int { return a + b }

// Mean returns the mean of xs, 0 for none.
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}
