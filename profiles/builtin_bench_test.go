package profiles_test

import (
	"testing"

	"github.com/terse-dev/terse/profiles"
)

// BenchmarkBuiltin is terse's start-up cost: loading the built-in profiles.
func BenchmarkBuiltin(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := profiles.Builtin(); err != nil {
			b.Fatal(err)
		}
	}
}
