// Package good compiles and passes.
package good

// Inc returns n+1.
func Inc(n int) int { return n + 1 }
