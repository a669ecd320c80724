package runlog

import (
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// Prune after Create reads the listing Create made: one read of the
// directory a run. A run another terse added meanwhile is missing from it,
// and is kept: a stale listing removes fewer runs, never a newer one.
func TestPruneAfterCreateUsesItsListing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "runs")
	a, err := Open(dir, 2)
	if err != nil {
		t.Fatal(err)
	}
	record(t, a, "1", 0)
	record(t, a, "2", 0)
	r3, err := a.Create(Meta{Command: []string{"three"}, Start: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if l := a.listed.Load(); l == nil || !slices.Equal(l.ids, []int{3, 2, 1}) {
		t.Fatalf("Create's listing = %+v, want runs 3 2 1", l)
	}
	b, err := Open(dir, 2) // another terse
	if err != nil {
		t.Fatal(err)
	}
	record(t, b, "4", 0)
	if err := a.Prune(); err != nil {
		t.Fatal(err)
	}
	if a.listed.Load() != nil {
		t.Error("the listing outlived the Prune it was for")
	}
	for id, want := range map[int]bool{1: false, 2: true, 3: true, 4: true} {
		if _, err := a.Get(id); (err == nil) != want {
			t.Errorf("run %d kept = %v, want %v", id, err == nil, want)
		}
	}
	r3.Finish(0, "", "", 0)
	// The next Prune reads the directory again.
	if err := a.Prune(); err != nil {
		t.Fatal(err)
	}
	if ids := a.ids(); !slices.Equal(ids, []int{4, 3}) {
		t.Errorf("runs after a fresh Prune %v, want 4 3", ids)
	}
}

// mayBeLive never calls a live run finished: it is true for every run Get
// finds live, false for a finished one, whatever its command says.
func TestMayBeLiveAgreesWithGet(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "runs"), 10)
	if err != nil {
		t.Fatal(err)
	}
	live, err := s.Create(Meta{Command: []string{"long"}, Start: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Finish(0, "", "", 0)
	var finished []int
	for _, argv := range [][]string{{"echo", "done"}, {"echo", `{"pid":1}`}, {`"pid":`, `\"pid\":`}} {
		r, err := s.Create(Meta{Command: argv, Cwd: `/p"pid":`, Start: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Finish(0, "", "", 0); err != nil {
			t.Fatal(err)
		}
		finished = append(finished, r.ID)
	}
	if !s.mayBeLive(live.ID) {
		t.Errorf("the live run %d was told finished", live.ID)
	}
	for _, id := range finished {
		m, err := s.Get(id)
		if err != nil || m.Live() {
			t.Fatalf("run %d: %+v, %v; want a finished run", id, m, err)
		}
		if s.mayBeLive(id) {
			t.Errorf("finished run %d may be live, by its sidecar", id)
		}
	}
	if !s.mayBeLive(99) {
		t.Error("a run without a sidecar is not left to Get")
	}
}
