package runlog

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/terse-dev/terse/internal/statedir"
)

func TestFailuresRecordRoundTrip(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "runs"), 5)
	if err != nil {
		t.Fatal(err)
	}
	record(t, s, "out\n", 1)
	if _, err := s.ReadFailures(1); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadFailures of a run without a record: %v, want ErrNotExist", err)
	}
	if err := s.WriteFailures(1, bytes.NewReader([]byte(`{"version":1}`))); err != nil {
		t.Fatal(err)
	}
	data, err := s.ReadFailures(1)
	if err != nil || string(data) != `{"version":1}` {
		t.Errorf("ReadFailures = %q, %v", data, err)
	}
	if p := perm(t, s.FailuresPath(1)); p != 0o600 {
		t.Errorf("record mode %#o, want 0600", p)
	}
	// The record is not a run of its own, and goes with its run.
	if ids := s.ids(); len(ids) != 1 || ids[0] != 1 {
		t.Errorf("ids = %v, want [1]", ids)
	}
	if err := s.removeUnlessLive(1); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(s.FailuresPath(1)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the record outlived its run: %v", err)
	}
}

func TestFailuresRecordLinkRefused(t *testing.T) {
	base := t.TempDir()
	secret := filepath.Join(base, "secret")
	os.WriteFile(secret, []byte(`{"version":1}`), 0o600)
	s, err := Open(filepath.Join(base, "runs"), 5)
	if err != nil {
		t.Fatal(err)
	}
	record(t, s, "out\n", 1)
	if err := os.Symlink(secret, s.FailuresPath(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ReadFailures(1); !errors.Is(err, statedir.ErrUntrusted) {
		t.Errorf("ReadFailures of a link: %v, want ErrUntrusted", err)
	}
	// Writing replaces the link itself, never its target.
	if err := s.WriteFailures(1, bytes.NewReader([]byte("new"))); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(secret); string(data) != `{"version":1}` {
		t.Errorf("the link's target was written: %q", data)
	}
	if fi, err := os.Lstat(s.FailuresPath(1)); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("record after write: %v, %v", fi, err)
	}
}

func TestPrevious(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "runs"), 10)
	if err != nil {
		t.Fatal(err)
	}
	add := func(cwd string, argv ...string) int {
		r, err := s.Create(Meta{Command: argv, Cwd: cwd, Start: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Finish(1, "", "jest", 0); err != nil {
			t.Fatal(err)
		}
		return r.ID
	}
	a1 := add("/p", "jest", "--ci")
	add("/q", "jest", "--ci")      // another directory
	add("/p", "jest")              // another command line
	add("/p", "jest", "--ci", "x") // another command line
	a2 := add("/p", "jest", "--ci")
	live, err := s.Create(Meta{Command: []string{"jest", "--ci"}, Cwd: "/p"}) // not finished
	if err != nil {
		t.Fatal(err)
	}
	defer live.Finish(0, "", "", 0)
	cur := live.ID + 1
	if m, err := s.Previous(cur, []string{"jest", "--ci"}, "/p"); err != nil || m.ID != a2 {
		t.Errorf("Previous = %d, %v; want run %d", m.ID, err, a2)
	}
	if m, err := s.Previous(a2, []string{"jest", "--ci"}, "/p"); err != nil || m.ID != a1 {
		t.Errorf("Previous before %d = %d, %v; want run %d", a2, m.ID, err, a1)
	}
	if _, err := s.Previous(a1, []string{"jest", "--ci"}, "/p"); !errors.Is(err, ErrNoRun) {
		t.Errorf("Previous of the first run: %v, want ErrNoRun", err)
	}
}

// PreviousFor is Previous for one reader: a run of another session, or
// under another output-shaping environment, is never the run compared with.
func TestPreviousFor(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "runs"), 10)
	if err != nil {
		t.Fatal(err)
	}
	add := func(session, env string) Meta {
		r, err := s.Create(Meta{Command: []string{"jest"}, Cwd: "/p", Session: session, Env: env, Start: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Finish(1, "", "jest", 0); err != nil {
			t.Fatal(err)
		}
		return r.Meta
	}
	a1 := add("a", "e1")
	add("b", "e1") // another session
	add("a", "e2") // another environment
	add("", "e1")  // no session
	a2 := add("a", "e1")
	if m, err := s.PreviousFor(a2); err != nil || m.ID != a1.ID {
		t.Errorf("PreviousFor(%d) = %d, %v; want run %d", a2.ID, m.ID, err, a1.ID)
	}
	if _, err := s.PreviousFor(a1); !errors.Is(err, ErrNoRun) {
		t.Errorf("PreviousFor of the session's first run: %v, want ErrNoRun", err)
	}
	if m, _ := s.Get(a2.ID); m.Session != "a" || m.Env != "e1" {
		t.Errorf("saved run: session %q, env %q", m.Session, m.Env)
	}
}

// writerOf is an io.WriterTo that writes p in one write.
type writerOf []byte

func (p writerOf) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(p)
	return int64(n), err
}

// A record past the bound a read takes is refused before a byte of it is
// written, and the record before it stays.
func TestFailuresRecordBound(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "runs"), 5)
	if err != nil {
		t.Fatal(err)
	}
	record(t, s, "out\n", 1)
	if err := s.WriteFailures(1, writerOf(`{"version":1}`)); err != nil {
		t.Fatal(err)
	}
	err = s.WriteFailures(1, writerOf(make([]byte, maxFailures+1)))
	if err == nil || !strings.Contains(err.Error(), "more than the") {
		t.Errorf("WriteFailures past the bound: %v", err)
	}
	if data, err := s.ReadFailures(1); err != nil || string(data) != `{"version":1}` {
		t.Errorf("the record before: %q, %v", data, err)
	}
	if left, _ := filepath.Glob(filepath.Join(s.Dir, metaTemp+"*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}
