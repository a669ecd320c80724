package profiles_test

import "testing"

// BenchmarkVitestThroughput shapes 100 MB of a real vitest capture.
func BenchmarkVitestThroughput(b *testing.B) { benchThroughput(b, "vitest", "mixed.txt") }
