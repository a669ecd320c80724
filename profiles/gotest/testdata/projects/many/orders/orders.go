// Package orders computes a checksum that is off by one for odd inputs.
package orders

// Checksum returns 3n+1, or 3n+2 when n is odd.
func Checksum(n int) int {
	if n%2 == 1 {
		return 3*n + 2
	}
	return 3*n + 1
}
