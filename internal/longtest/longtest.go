// Package longtest is the tests' one switch between the run a contributor
// makes (go test ./..., which must stay within two minutes on a 2-core
// machine) and the long run CI makes (TERSE_LONG_TESTS=1 go test ./...).
//
// A property checked over every line of every capture (a fast path answers
// as the plain one does) is checked on all of them in the long run, and on
// a fixed part of them in the default and -short runs: the property is
// still checked by default, on inputs taken across all captures, not on
// the first few.
package longtest

import (
	"os"
	"path/filepath"
	"testing"
)

// Env is the variable that asks for the long cases.
const Env = "TERSE_LONG_TESTS"

// Enabled reports whether the long cases are asked for: TERSE_LONG_TESTS=1
// and not -short (the race run in CI is -short, and the race detector slows
// whole-capture comparisons to most of a package's time limit).
func Enabled() bool {
	return os.Getenv(Env) == "1" && !testing.Short()
}

// Skip skips t unless the long cases are asked for, saying how to run it.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skip("a long case: " + Env + "=1 runs it")
	}
}

// Sample is xs whole in the long run, and otherwise every every-th element
// of it, from the first: the same part on every run, spread over the whole
// of xs. every below 2 is xs whole.
func Sample[T any](xs []T, every int) []T {
	if Enabled() || every < 2 {
		return xs
	}
	part := make([]T, 0, len(xs)/every+1)
	for i := 0; i < len(xs); i += every {
		part = append(part, xs[i])
	}
	return part
}

// ByDir is the indexes of the paths Sample keeps when it samples each
// directory's paths apart (every every-th of each, from its first), in
// order: every directory (a tool's captures, profiles/<tool>/testdata/captures) has
// a path in the part. In the long run it is every index.
func ByDir(paths []string, every int) []int {
	keep := make([]int, 0, len(paths))
	seen := map[string]int{}
	for i, p := range paths {
		dir := filepath.Dir(p)
		n := seen[dir]
		seen[dir]++
		if Enabled() || every < 2 || n%every == 0 {
			keep = append(keep, i)
		}
	}
	return keep
}

// SampleByDir is the paths ByDir keeps.
func SampleByDir(paths []string, every int) []string {
	part := make([]string, 0, len(paths))
	for _, i := range ByDir(paths, every) {
		part = append(part, paths[i])
	}
	return part
}
