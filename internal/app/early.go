package app

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/terse-dev/terse/report"
	"github.com/terse-dev/terse/internal/runlog"
)

// Claude Code, when a Bash call passes its timeout with background tasks
// off, kills the command and hands the model what the command had printed
// by then: anything printed after the signal, terse's shaped report of an
// interrupted run included, never reaches the model (measured with the real
// client, e2e/). So a run with a --deadline prints an early report shortly
// before it: the shaped output so far, from the saved log.

// earlyMargin is how long before the deadline the early report is printed:
// 5% of it, at least 1.5 s (time to shape and print on a loaded machine), at
// most 5 s.
func earlyMargin(deadline time.Duration) time.Duration {
	m := deadline / 20
	if m < 1500*time.Millisecond {
		m = 1500 * time.Millisecond
	}
	if m > 5*time.Second {
		m = 5 * time.Second
	}
	return m
}

// earlyReport prints the early report once, unless the run ends first.
type earlyReport struct {
	mu      sync.Mutex
	timer   *time.Timer
	done    bool // the run ended: no early report any more
	printed bool
}

// early arms the early report of a saved run that started at start.
func (j *runJob) early(rec *runlog.Run, start time.Time) *earlyReport {
	e := &earlyReport{}
	at := j.deadline - earlyMargin(j.deadline)
	if at < 0 {
		at = 0
	}
	e.timer = time.AfterFunc(time.Until(start.Add(at)), func() {
		e.mu.Lock()
		defer e.mu.Unlock()
		if e.done {
			return
		}
		e.printed = j.printEarly(rec, start) == nil
	})
	return e
}

// stop ends the early report's watch (waiting for one being printed) and
// reports whether it was printed. A nil earlyReport was never armed.
func (e *earlyReport) stop() bool {
	if e == nil {
		return false
	}
	e.timer.Stop()
	e.mu.Lock()
	defer e.mu.Unlock()
	e.done = true
	return e.printed
}

// printEarly shapes what the log holds so far and prints it, opened by a
// line that says the command is still running and when it will be stopped.
func (j *runJob) printEarly(rec *runlog.Run, start time.Time) error {
	out, err := j.reshape(rec.Path, j.prof)
	if err != nil {
		return err
	}
	notYetPassed(out.Report)
	line := fmt.Sprintf("STILL RUNNING at %.1fs (the harness stops it at %s): what it printed so far", time.Since(start).Seconds(), j.deadline)
	rv := runView{id: rec.ID, logPath: rec.Path, interrupted: line}
	if fi, err := os.Stat(rec.Path); err == nil {
		rv.bytes = fi.Size() // the log so far; the run writes on
	}
	if err := j.view.write(j.env, out, rv); err != nil {
		return err
	}
	return nil
}

// notYetPassed keeps an early report from saying PASS: the command is still
// running, and a harness that kills it next would leave the agent a pass
// the run never gave. No failure so far is said as such, the counts kept.
func notYetPassed(r *report.Report) {
	if r == nil || r.Status != report.StatusPass {
		return
	}
	note := "no failure so far; the run is not over"
	if r.Tests.Passed > 0 {
		note = fmt.Sprintf("no failure so far (%d passed); the run is not over", r.Tests.Passed)
	}
	r.Status = report.StatusNone
	r.Notes = append([]string{note}, r.Notes...)
}
