package app

import "runtime/debug"

// MemoryLimit is the soft limit terse sets on the Go runtime's memory when
// GOMEMLIMIT does not set one. Without it the heap may grow to twice what
// is live before the collector runs: detecting the tool of a 100 MB pipe
// (live heap up to 18 MB early on) or holding a 4 MB JSON document whole
// peaked at 50-57 MB of RSS; with it, 38-43 MB, at the same CPU time
// (GODEBUG=gctrace=1: the collector's share stays at 1-3%). It is soft: a
// run that needs more live memory gets it, at the cost of more frequent
// collection, which the runtime caps at half the CPU.
const MemoryLimit = 32 << 20

// GCPercent is the collector's target terse sets when GOGC does not set
// one: the heap may grow to three times what is live, not two, before a
// collection, as long as MemoryLimit holds. With the limit as the bound, a
// small heap need not be collected as often as the runtime's 100 would: a
// 20 kB pipe ran none instead of one (0.86 times the wall time), a 2 MB
// one 2 (0.95), a 100 MB pytest pipe 16 instead of 28 (0.96). What it
// costs is memory under the limit: peak RSS 33.0 -> 37.7 MB on 100 MB of
// pytest, and 36.4 -> 39.2 MB on 1 GB of jest, still under issue 16's 50.
// At 400, 100 MB ran slower (1.05): the heap sat at the limit, where the
// runtime collects and returns memory more eagerly.
const GCPercent = 200

// LimitMemory sets MemoryLimit unless getenv("GOMEMLIMIT") sets a limit of
// its own, and GCPercent unless getenv("GOGC") sets a target (the runtime
// has already read them). Call it once, at start-up: it is the process's
// setting, so tests that run Main in-process do not.
func LimitMemory(getenv func(string) string) {
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(MemoryLimit)
	}
	if getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
}
