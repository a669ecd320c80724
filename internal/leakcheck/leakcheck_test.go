package leakcheck

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

// recorder is a testing.TB that keeps what Errorf says.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// A goroutine still running fails the check, naming the call; one that
// ends while the check waits does not.
func TestGoroutines(t *testing.T) {
	defer func(w time.Duration) { wait = w }(wait)
	wait = 200 * time.Millisecond
	before := runtime.NumGoroutine()
	stop := make(chan struct{})
	go func() { <-stop }()
	r := &recorder{TB: t}
	Goroutines(r, before, "the reader stopped")
	if len(r.errs) != 1 || r.errs[0] != fmt.Sprintf("%d goroutines after the reader stopped, %d before", before+1, before) {
		t.Errorf("with a goroutine left: %q", r.errs)
	}
	// The goroutines end once stop closes; the wait is the package's own
	// again, since on a loaded machine the two may take longer than the
	// short one to be scheduled and exit (the check returns as soon as
	// they have).
	wait = 10 * time.Second
	go func() { time.Sleep(20 * time.Millisecond); close(stop) }()
	r = &recorder{TB: t}
	Goroutines(r, before, "the reader stopped")
	if len(r.errs) != 0 {
		t.Errorf("with the goroutines ending: %q", r.errs)
	}
}
