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

// LimitMemory sets MemoryLimit unless getenv("GOMEMLIMIT") sets a limit of
// its own (the runtime has already read it). Call it once, at start-up: it
// is the process's setting, so tests that run Main in-process do not.
func LimitMemory(getenv func(string) string) {
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(MemoryLimit)
	}
}
