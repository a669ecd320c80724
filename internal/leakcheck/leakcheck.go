// Package leakcheck holds the tests' check that the goroutines a call
// started have ended: the readers ahead and claimers of several packages
// must leave none behind, whatever ended their input.
package leakcheck

import (
	"runtime"
	"testing"
	"time"
)

// wait is how long Goroutines waits (its test makes it short).
var wait = 10 * time.Second

// Goroutines fails t when more goroutines run than before, once those that
// are ending have had the moment they need to exit: under -race on a
// loaded machine, yielding a thousand times was once not enough, so it
// waits up to 10 s. after names the call, for the message.
func Goroutines(t testing.TB, before int, after string) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after %s, %d before", n, after, before)
	}
}
