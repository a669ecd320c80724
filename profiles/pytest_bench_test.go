package profiles_test

import "testing"

// Raw and shaped sizes of every capture, and MB/s on ~100 MB of a repeated
// capture, for pytest and jest, with the shared helpers of
// captures_bench_test.go:
//
//	go test ./profiles -run '^$' -bench 'Sizes' -benchtime 1x
//	go test ./profiles -run '^$' -bench 'Throughput' -benchtime 3x
func BenchmarkPytestSizes(b *testing.B) { benchCaptureSizes(b, "pytest") }

func BenchmarkPytestThroughput(b *testing.B) { benchThroughput(b, "pytest", "mixed.txt") }

func BenchmarkPytestNativeThroughput(b *testing.B) {
	benchThroughput(b, "pytest", "mixed.tb-native.txt")
}

func BenchmarkJestSizes(b *testing.B) { benchCaptureSizes(b, "jest") }

func BenchmarkJestThroughput(b *testing.B) { benchThroughput(b, "jest", "mixed.txt") }
