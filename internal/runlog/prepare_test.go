package runlog

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// names lists the files of dir, sorted.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	slices.Sort(out)
	return out
}

// A run prepared ahead ends as one that was not: the same files, the same
// sidecar and record, and no temporary file left behind, whether the
// record was written or not.
func TestPreparedRunEndsAsUnprepared(t *testing.T) {
	for _, withRecord := range []bool{true, false} {
		var got [2][]string
		var metas [2]Meta
		for i, prepare := range []bool{false, true} {
			s, err := Open(filepath.Join(t.TempDir(), "runs"), 5)
			if err != nil {
				t.Fatal(err)
			}
			r, err := s.Create(Meta{Command: []string{"jest"}, Start: time.Unix(1700000000, 0).UTC()})
			if err != nil {
				t.Fatal(err)
			}
			if prepare {
				if err := r.Prepare(); err != nil {
					t.Fatal(err)
				}
				if n := len(names(t, s.Dir)); n != 4 {
					t.Errorf("%d files after Prepare, want the sidecar, the log and two prepared", n)
				}
			}
			r.Write([]byte("out\n"))
			if withRecord {
				if err := r.WriteFailures([]byte(`{"version":1}`)); err != nil {
					t.Fatal(err)
				}
			}
			if err := r.Finish(1, "", "jest", time.Second); err != nil {
				t.Fatal(err)
			}
			got[i] = names(t, s.Dir)
			if metas[i], err = s.Get(r.ID); err != nil {
				t.Fatal(err)
			}
			if withRecord {
				if data, err := s.ReadFailures(r.ID); err != nil || string(data) != `{"version":1}` {
					t.Errorf("prepare=%v: ReadFailures = %q, %v", prepare, data, err)
				}
			}
		}
		if !slices.Equal(got[0], got[1]) {
			t.Errorf("record=%v: files %v prepared, %v not", withRecord, got[1], got[0])
		}
		for _, n := range got[1] {
			if strings.HasPrefix(n, metaTemp) {
				t.Errorf("record=%v: %s left behind", withRecord, n)
			}
		}
		if metas[0].Exit == nil || metas[1].Exit == nil || *metas[0].Exit != *metas[1].Exit || metas[0].Profile != metas[1].Profile ||
			metas[0].DurationMS != metas[1].DurationMS || metas[0].Bytes != metas[1].Bytes {
			t.Errorf("record=%v: sidecar %+v prepared, %+v not", withRecord, metas[1], metas[0])
		}
	}
}

// A prepared file another terse removed (a run that outlived staleTemp)
// does not cost the run its sidecar nor its record.
func TestPreparedFilesRemovedMeanwhile(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "runs"), 5)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Create(Meta{Command: []string{"long"}, Start: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Prepare(); err != nil {
		t.Fatal(err)
	}
	for _, n := range names(t, s.Dir) {
		if strings.HasPrefix(n, metaTemp) {
			os.Remove(filepath.Join(s.Dir, n))
		}
	}
	if err := r.WriteFailures([]byte(`{"version":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := r.Finish(0, "", "", time.Second); err != nil {
		t.Fatal(err)
	}
	if m, err := s.Get(r.ID); err != nil || !m.Finished() {
		t.Errorf("sidecar after Finish: %+v, %v", m, err)
	}
	if data, err := s.ReadFailures(r.ID); err != nil || string(data) != `{"version":1}` {
		t.Errorf("ReadFailures = %q, %v", data, err)
	}
	if got := names(t, s.Dir); len(got) != 3 {
		t.Errorf("files %v, want the log, the sidecar and the record", got)
	}
}

// An abandoned run takes its prepared files with it.
func TestAbandonPrepared(t *testing.T) {
	s, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Create(Meta{Command: []string{"x"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Prepare(); err != nil {
		t.Fatal(err)
	}
	r.Abandon()
	if got := names(t, s.Dir); len(got) != 0 {
		t.Errorf("files left after Abandon: %v", got)
	}
}

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
	if a.listed == nil || !slices.Equal(a.listed.ids, []int{3, 2, 1}) {
		t.Fatalf("Create's listing = %+v, want runs 3 2 1", a.listed)
	}
	b, err := Open(dir, 2) // another terse
	if err != nil {
		t.Fatal(err)
	}
	record(t, b, "4", 0)
	if err := a.Prune(); err != nil {
		t.Fatal(err)
	}
	if a.listed != nil {
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
