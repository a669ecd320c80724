package profiles

import (
	"testing"
	"unsafe"
)

// A batch is read by the reader on every line it fills it with while a
// matcher writes the batch before it: one whose size is not a multiple of
// a cache line shares a line with its neighbour in the allocator's span,
// and the reader waits on the other core (ruleahead.go, lineBatch).
func TestLineBatchFillsWholeCacheLines(t *testing.T) {
	if n := unsafe.Sizeof(lineBatch{}); n%cacheLine != 0 {
		t.Fatalf("lineBatch is %d bytes, not a multiple of %d: pad it to the next multiple", n, cacheLine)
	}
}
