// Package report formats a run's totals.
package report

import (
	"fmt"
	"sync"
)

// Counter counts passes under a lock.
type Counter struct {
	mu     sync.Mutex
	passed int
}

// Totals says how many of total passed.
func Totals(passed, total int) string {
	return fmt.Sprintf("%d/%d passed", passed, total)
}

// Snapshot returns the counter's value. Bug: the receiver copies the lock.
func (c Counter) Snapshot() int {
	return c.passed
}
