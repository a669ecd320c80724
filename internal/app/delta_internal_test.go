package app

import (
	"fmt"
	"testing"

	"github.com/terse-dev/terse/internal/delta"
	"github.com/terse-dev/terse/internal/runlog"
	"github.com/terse-dev/terse/report"
)

// A run with more failures than a record holds is recorded as too many,
// as RecordOf records it after reading MaxEntries of them; one within the
// bound is recorded whole, spilled failures read back.
func TestRecordFailuresBound(t *testing.T) {
	store, err := runlog.Open(t.TempDir(), 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{delta.MaxEntries, delta.MaxEntries + 1} {
		b := report.NewBuilder("jest", report.Window{})
		for i := range n {
			b.AddFailure(report.Failure{Kind: report.KindAssertion, File: "a.test.js", Name: fmt.Sprint("test ", i)})
		}
		r := b.Finish()
		rec, err := recordFailures(store, 1, r, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := delta.RecordOf("jest", r.Held(), r.Each)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		if rec.TooMany != want.TooMany || rec.Len() != len(want.Failures) || rec.TooMany != (n > delta.MaxEntries) {
			t.Errorf("%d failures: TooMany %v with %d entries, RecordOf's %v with %d", n, rec.TooMany, rec.Len(), want.TooMany, len(want.Failures))
		}
		saved, err := readRecord(store, 1)
		if err != nil || saved.TooMany != rec.TooMany || len(saved.Failures) != rec.Len() {
			t.Errorf("%d failures: saved TooMany %v with %d entries (%v)", n, saved.TooMany, len(saved.Failures), err)
		}
	}
}

// A page of a run with more failures than a record holds is recorded as
// too many without the whole list; a page of fewer, or the whole run, is
// not.
func TestTooManyToRecord(t *testing.T) {
	for _, c := range []struct {
		page report.Page
		want bool
	}{
		{report.Page{Total: delta.MaxEntries + 1, Limit: 20, HasMore: true}, true},
		{report.Page{Total: delta.MaxEntries, Limit: 20, HasMore: true}, false},
		{report.Page{Total: delta.MaxEntries + 1}, false}, // the whole run: recorded from it
	} {
		if got := tooManyToRecord(&report.Report{Page: c.page}); got != c.want {
			t.Errorf("%+v: %v, want %v", c.page, got, c.want)
		}
	}
}

// The list of every failure shaped beside a page (profiles.Outcome.All)
// serves the record only when it is the list of that page's run and within
// what a record holds; else it is let go, and the saved output is shaped
// again (or the run recorded as too many), as before.
func TestKeepAll(t *testing.T) {
	list := func(n int) *report.Report {
		b := report.NewBuilder("gotest", report.Window{Limit: delta.MaxEntries})
		for i := range n {
			b.AddFailure(report.Failure{Kind: report.KindAssertion, File: "a_test.go", Name: fmt.Sprint("Test", i)})
		}
		return b.Finish()
	}
	for _, c := range []struct {
		name string
		page report.Page
		n    int
		keep bool
	}{
		{"a page of the run", report.Page{Total: 30, Limit: 20, HasMore: true}, 30, true},
		{"the whole run on the page", report.Page{Total: 3, Limit: 20}, 3, false},
		{"a list of another run", report.Page{Total: 30, Limit: 20, HasMore: true}, 29, false},
		{"more than a record holds", report.Page{Total: delta.MaxEntries + 1, Limit: 20, HasMore: true}, delta.MaxEntries + 1, false},
	} {
		all := list(c.n)
		j := &runJob{}
		j.keepAll(&report.Report{Page: c.page}, all)
		if kept := j.whole == all; kept != c.keep {
			t.Errorf("%s: kept %v, want %v", c.name, kept, c.keep)
		}
		all.Close()
	}
}

// A pipe keeps the list of every failure beside its page only when repage
// reads it: a page of a window, with failures of one cause gathered or a
// run to compare with.
func TestEveryMax(t *testing.T) {
	page := report.Window{Limit: 20}
	for _, c := range []struct {
		win   report.Window
		group bool
		since int
		want  int
	}{
		{page, true, 0, maxRepage},
		{page, false, 3, maxRepage},
		{report.Window{Offset: 20}, true, 0, maxRepage},
		{page, false, 0, 0},           // --no-group, no --since
		{report.Window{}, true, 3, 0}, // --limit 0: the page is the whole run
	} {
		if got := everyMax(c.win, c.group, c.since); got != c.want {
			t.Errorf("everyMax(%+v, group %v, since %d) = %d, want %d", c.win, c.group, c.since, got, c.want)
		}
	}
}
