package profiles

import "runtime"

// A batch ends at the line that reaches aheadBatch lines once it holds
// aheadFill bytes of text, or that reaches aheadLines lines, or aheadBytes
// bytes: large enough that handing a batch over costs little per byte,
// small enough that the batches in flight (up to 3*aheadDepth, and one
// being read on each side) stay a few MB whatever the lines are, overlong
// ones (DefaultMaxLine each) included. Most tools' lines fill a batch of
// aheadBatch; mocha's short diff lines ("      -  91") take more, as more
// handovers cost more. A pipe's scan hands its lines over in batches of
// aheadBatch lines (scanBatchLines): the reader of those ends its batches
// with them, since a batch that waits for the scan's next stalls both
// sides (the figures: BENCHMARKS.md, "Figures behind the code").
const (
	aheadBatch = 512
	aheadFill  = 32 << 10
	aheadLines = 4096
	aheadBytes = 256 << 10
	aheadDepth = 4
)

// full reports whether a batch of n lines holding size bytes is full; fed
// says the lines come from a pipe's scan.
func full(n, size int, fed bool) bool {
	if fed {
		return n >= aheadBatch || size >= aheadBytes
	}
	return n >= aheadBatch && size >= aheadFill || n >= aheadLines || size >= aheadBytes
}

// aheadMatchers is the number of goroutines that match batches.
var aheadMatchers = max(1, min(runtime.GOMAXPROCS(0), 2))
