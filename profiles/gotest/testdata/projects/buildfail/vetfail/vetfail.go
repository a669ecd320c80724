// Package vetfail compiles, but go vet (run by go test) rejects its test.
package vetfail

// Name returns a greeting.
func Name(n int) string { return "user" }
