package app

import (
	"math"
	"runtime/debug"
	"testing"
)

// LimitMemory sets the memory limit and the collector's target the
// environment leaves unset, and leaves alone those it sets.
func TestLimitMemory(t *testing.T) {
	limit, percent := debug.SetMemoryLimit(-1), debug.SetGCPercent(-1)
	debug.SetGCPercent(percent)
	defer func() {
		debug.SetMemoryLimit(limit)
		debug.SetGCPercent(percent)
	}()
	debug.SetMemoryLimit(math.MaxInt64)
	debug.SetGCPercent(100)
	LimitMemory(func(string) string { return "" })
	if got := debug.SetMemoryLimit(-1); got != MemoryLimit {
		t.Errorf("memory limit %d, want %d", got, MemoryLimit)
	}
	if got := debug.SetGCPercent(GCPercent); got != GCPercent {
		t.Errorf("GC percent %d, want %d", got, GCPercent)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	debug.SetGCPercent(100)
	LimitMemory(func(k string) string { return map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}[k] })
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("with GOMEMLIMIT set, the limit became %d", got)
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, the GC percent became %d", got)
	}
}
