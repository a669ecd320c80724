// Package fast returns at once.
package fast

// Now returns 1.
func Now() int { return 1 }
