//go:build unix

package runlog

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/terse-dev/terse/internal/statedir"
)

// numbered is n bytes of numbered lines, so a cut shows where it fell.
func numbered(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "line %06d\n", i)
	}
	return b.String()[:n]
}

// A run that prints more than MaxRunBytes keeps the first half and the last
// half of the budget, with a line saying how many bytes were cut; the
// sidecar and the log note say it too.
func TestCapKeepsHeadAndRollingTail(t *testing.T) {
	s, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	s.MaxRunBytes = 1 << 10
	out := numbered(10_000)
	r, err := s.Create(Meta{Command: []string{"yes"}})
	if err != nil {
		t.Fatal(err)
	}
	// Writes of uneven sizes, some larger than the ring, as pipes deliver.
	for rest, i := out, 0; rest != ""; i++ {
		k := min(len(rest), []int{1, 7, 300, 600, 2000}[i%5])
		r.Write([]byte(rest[:k]))
		rest = rest[k:]
	}
	if err := r.Finish(0, "", "generic", time.Second); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(r.Path)
	if err != nil {
		t.Fatal(err)
	}
	// The line replaces the end of the head: the log is 1 KiB exactly.
	marker := "\n[terse: 9091 bytes cut here: the log keeps the first 397 and the last 512 bytes of the output (TERSE_KEEP_BYTES)]\n"
	want := out[:512-len(marker)] + marker + out[len(out)-512:]
	if string(data) != want {
		t.Errorf("log =\n%s\nwant\n%s", data, want)
	}
	m, err := s.Get(r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if m.Cut != 9091 || m.Bytes != 1024 || len(want) != 1024 {
		t.Errorf("sidecar: cut %d bytes %d; want 9091, 1024", m.Cut, m.Bytes)
	}
	if note := m.LogNote(); note != "; 9,091 bytes cut from the middle" {
		t.Errorf("note %q", note)
	}
	if entries, _ := os.ReadDir(s.Dir); len(entries) != 2 {
		t.Errorf("%d files in the store, want the log and its sidecar", len(entries))
	}
}

// Whatever the sizes of the output, of the budget and of the writes, a cut
// log is the output's head, the line, and the output's tail, in order (the
// ring is rotated in place across several 64 KiB chunks).
func TestCapPutsTheRingInOrder(t *testing.T) {
	for _, tc := range []struct {
		limit int64
		total int
		chunk int
	}{
		{1 << 10, 1025, 1}, {1 << 10, 1536, 100}, {1 << 10, 1537, 4096}, {1 << 10, 5000, 511},
		{300_001, 300_002, 70_000}, {300_001, 450_000, 65_536}, {300_001, 1_000_000, 33_333},
		{300_001, 750_001, 1}, {100, 5000, 10}, // below MinRunBytes: 1 KiB
	} {
		s, err := Open(t.TempDir(), 0)
		if err != nil {
			t.Fatal(err)
		}
		s.MaxRunBytes = tc.limit
		out := numbered(tc.total)
		r, err := s.Create(Meta{Command: []string{"x"}})
		if err != nil {
			t.Fatal(err)
		}
		if tc.chunk == 1 {
			tc.chunk = 7
		}
		for rest := out; rest != ""; {
			k := min(len(rest), tc.chunk)
			r.Write([]byte(rest[:k]))
			rest = rest[k:]
		}
		if err := r.Finish(0, "", "", 0); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(r.Path)
		limit := max(tc.limit, MinRunBytes)
		head, tail := limit/2, limit-limit/2
		i := strings.Index(string(data), "[terse: ")
		if i < 0 || int64(len(data)) != limit {
			t.Errorf("%+v: log of %d bytes without a cut line", tc, len(data))
			continue
		}
		j := i + strings.IndexByte(string(data[i:]), '\n') + 1
		if string(data[j:]) != out[len(out)-int(tail):] {
			t.Errorf("%+v: the tail is not the output's last %d bytes", tc, tail)
		}
		// The head keeps the output's first bytes; a newline is added
		// before the line when the head is cut mid-line.
		kept := i
		if string(data[:i]) != out[:i] {
			kept = i - 1
		}
		if string(data[:kept]) != out[:kept] || kept < i-1 || int64(j) > head {
			t.Errorf("%+v: the head is not the output's first bytes", tc)
		}
		cut := int64(tc.total) - int64(kept) - tail
		line := fmt.Sprintf("[terse: %d bytes cut here: the log keeps the first %d and the last %d bytes of the output (TERSE_KEEP_BYTES)]\n",
			cut, kept, tail)
		if string(data[i:j]) != line || r.Cut != cut {
			t.Errorf("%+v: line %q, Cut %d; want %q", tc, data[i:j], r.Cut, line)
		}
	}
}

// At the budget exactly, or with no budget, the log is every byte.
func TestCapLeavesALogWithinBudgetWhole(t *testing.T) {
	for _, limit := range []int64{0, 1 << 10} {
		s, err := Open(t.TempDir(), 0)
		if err != nil {
			t.Fatal(err)
		}
		s.MaxRunBytes = limit
		out := numbered(1 << 10)
		r, err := s.Create(Meta{Command: []string{"x"}})
		if err != nil {
			t.Fatal(err)
		}
		r.Write([]byte(out[:100]))
		r.Write([]byte(out[100:]))
		if err := r.Finish(0, "", "", 0); err != nil {
			t.Fatal(err)
		}
		if data, _ := os.ReadFile(r.Path); string(data) != out || r.Cut != 0 || r.LogNote() != "" {
			t.Errorf("limit %d: log of %d bytes, cut %d, note %q; want all %d bytes", limit, len(data), r.Cut, r.LogNote(), len(out))
		}
	}
}

// The stdout copy of a machine-format run stops at the budget too.
func TestCapStopsTheStdoutCopy(t *testing.T) {
	s, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	s.MaxRunBytes = 100
	r, err := s.Create(Meta{Command: []string{"x"}, Stdout: true})
	if err != nil {
		t.Fatal(err)
	}
	w := r.StdoutWriter()
	w.Write([]byte(strings.Repeat("a", 60)))
	w.Write([]byte(strings.Repeat("b", 60)))
	if err := r.Finish(0, "", "", 0); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(s.StdoutPath(r.ID))
	if string(data) != strings.Repeat("a", 60)+strings.Repeat("b", 40) || r.StdoutCut != 20 {
		t.Errorf("stdout copy %q, cut %d", data, r.StdoutCut)
	}
}

// inChild runs the calling test again in a child process and reports
// whether this is that child: a test that limits the file size must not
// limit its parent, whose test log would then fail to be written.
func inChild(t *testing.T) bool {
	t.Helper()
	if os.Getenv("RUNLOG_TEST_CHILD") == t.Name() {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(os.Environ(), "RUNLOG_TEST_CHILD="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Errorf("in a child process: %v\n%s", err, out)
	}
	return false
}

// limitFileSize sets RLIMIT_FSIZE (what `ulimit -f` sets; a full disk
// fails the same writes). Go ignores SIGXFSZ, so the writes fail with
// EFBIG. Call it in a child process (inChild).
func limitFileSize(t *testing.T, n uint64) {
	t.Helper()
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Fatal(err)
	}
	lim.Cur = n
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Fatal(err)
	}
}

// A sidecar that cannot be written is reported, and leaves no temporary
// file behind (writeMeta once lost its own error and left one per run).
func TestFinishReportsAFailedSidecar(t *testing.T) {
	if !inChild(t) {
		return
	}
	s, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Create(Meta{Command: []string{"x"}})
	if err != nil {
		t.Fatal(err)
	}
	r.Write([]byte("out\n"))
	limitFileSize(t, 10)
	if err := r.Finish(0, "", "", 0); err == nil || !strings.Contains(err.Error(), "sidecar") {
		t.Errorf("Finish = %v, want the sidecar's write error", err)
	}
	entries, _ := os.ReadDir(s.Dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// A log that could not be written whole says so: Finish reports it, the
// sidecar records it, and the note on the raw log's line says "raw log
// incomplete".
func TestFinishReportsAnIncompleteLog(t *testing.T) {
	if !inChild(t) {
		return
	}
	s, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Create(Meta{Command: []string{"x"}})
	if err != nil {
		t.Fatal(err)
	}
	limitFileSize(t, 1000)
	r.Write([]byte(numbered(5000)))
	if r.Err() == nil {
		t.Fatal("a write past the file size limit did not fail")
	}
	if err := r.Close(); err == nil {
		t.Error("Close: no error for an incomplete log")
	}
	if note := r.LogNote(); note != "; raw log incomplete" {
		t.Errorf("note %q", note)
	}
	if err := r.Finish(0, "", "", 0); err != nil {
		t.Errorf("Finish after Close: %v (the log's error was said by Close)", err)
	}
	m, err := s.Get(r.ID)
	if err != nil || m.Incomplete == "" || !m.Finished() {
		t.Errorf("sidecar %+v, %v: want a finished run marked incomplete", m, err)
	}
}

// A torn sidecar (a full disk, a crash) does not hide a whole log: the run
// is read from its log, marked Unreadable.
func TestTornSidecarFallsBackToTheLog(t *testing.T) {
	s, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	r := record(t, s, "whole output\n", 1)
	side := filepath.Join(s.Dir, "1.json")
	data, _ := os.ReadFile(side)
	if err := os.WriteFile(side, data[:len(data)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	m, err := s.Latest()
	if err != nil {
		t.Fatalf("Latest: %v", err)
	}
	if m.ID != r.ID || m.Unreadable == "" || m.Bytes != 13 || m.Live() {
		t.Errorf("Latest = %+v; want run 1 from its log, marked unreadable", m)
	}
	if len(s.List()) != 1 {
		t.Error("List left the run out")
	}
	// Without its log, a torn sidecar is an error.
	os.Remove(r.Path)
	if _, err := s.Get(1); err == nil {
		t.Error("Get: want an error for a torn sidecar without a log")
	}
}

// Links planted in the store are refused, never followed: a log linked to
// another file is not read, a runs directory that is a link is not used
// (nor its target chmod-ed).
func TestPlantedLinksAreRefused(t *testing.T) {
	base := t.TempDir()
	secret := filepath.Join(base, "secret")
	os.WriteFile(secret, []byte("PASS 42/42\n"), 0o600)
	s, err := Open(filepath.Join(base, "state", "runs"), 0)
	if err != nil {
		t.Fatal(err)
	}
	record(t, s, "real\n", 0)
	os.Remove(s.LogPath(1))
	if err := os.Symlink(secret, s.LogPath(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(1); !errors.Is(err, statedir.ErrUntrusted) {
		t.Errorf("Get of a linked log: %v, want ErrUntrusted", err)
	}
	if _, err := s.Latest(); !errors.Is(err, statedir.ErrUntrusted) {
		t.Errorf("Latest of a linked log: %v, want ErrUntrusted", err)
	}
	// A new run is never created through a link at the next id.
	if err := os.Symlink(secret, s.LogPath(2)); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Create(Meta{Command: []string{"x"}}); err == nil {
		r.Write([]byte("overwritten\n"))
		r.Finish(0, "", "", 0)
		if r.ID == 2 {
			t.Error("Create took the id of a planted link")
		}
	}
	if data, _ := os.ReadFile(secret); string(data) != "PASS 42/42\n" {
		t.Errorf("the link's target was written: %q", data)
	}

	shared := filepath.Join(base, "shared")
	os.Mkdir(shared, 0o755)
	os.Mkdir(filepath.Join(base, "state2"), 0o700)
	link := filepath.Join(base, "state2", "runs")
	os.Symlink(shared, link)
	if _, err := Open(link, 0); !errors.Is(err, statedir.ErrUntrusted) {
		t.Errorf("Open of a linked runs dir: %v, want ErrUntrusted", err)
	}
	if fi, _ := os.Stat(shared); fi.Mode().Perm() != 0o755 {
		t.Errorf("the link's target was chmod-ed to %#o", fi.Mode().Perm())
	}
}

// A runs directory another user owns is refused, and its planted runs are
// never shown: `terse last` once printed a forged PASS 42/42 from one.
func TestAnotherUsersRunsAreNotShown(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a directory away")
	}
	dir := filepath.Join(t.TempDir(), "runs")
	s, err := Open(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	record(t, s, "PASS 42/42\n", 0)
	if err := os.Chown(dir, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, 0); !errors.Is(err, statedir.ErrUntrusted) {
		t.Errorf("Open of another user's runs: %v, want ErrUntrusted", err)
	}
	// A planted file in the user's own directory, owned by another user.
	os.Chown(dir, 0, 0)
	os.Chown(s.LogPath(1), 65534, 65534)
	if _, err := s.Get(1); !errors.Is(err, statedir.ErrUntrusted) {
		t.Errorf("Get of another user's log: %v, want ErrUntrusted", err)
	}
}

// Temporary files a killed terse left behind are removed by retention once
// they are stale; a fresh one (a terse writing it now) is left alone.
func TestPruneRemovesStaleTemporaryFiles(t *testing.T) {
	s, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(s.Dir, ".meta-123")
	fresh := filepath.Join(s.Dir, ".meta-789")
	for _, p := range []string{stale, fresh} {
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * staleTemp)
	os.Chtimes(stale, old, old)
	if err := s.Prune(); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{stale: false, fresh: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}

// An id whose log another terse made meanwhile is given up without
// touching that log.
func TestCreateLeavesAnotherRunsLogAlone(t *testing.T) {
	s, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(s.LogPath(7), []byte("theirs\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.create(Meta{ID: 7, Command: []string{"x"}}); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("create on a taken id: %v, want fs.ErrExist", err)
	}
	if data, err := os.ReadFile(s.LogPath(7)); err != nil || string(data) != "theirs\n" {
		t.Errorf("the other run's log: %q, %v", data, err)
	}
	if _, err := os.Stat(filepath.Join(s.Dir, "7.json")); err == nil {
		t.Error("the sidecar published for the taken id was left behind")
	}
}
