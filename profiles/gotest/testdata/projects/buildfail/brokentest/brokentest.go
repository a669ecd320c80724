// Package brokentest compiles; its test file does not.
package brokentest

// Double returns 2n.
func Double(n int) int { return 2 * n }
