package runlog

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestDir(t *testing.T) {
	for _, tc := range []struct {
		getenv func(string) string
		want   string
	}{
		{env("XDG_STATE_HOME", "/s", "HOME", "/h"), "/s/terse/runs"},
		{env("HOME", "/h"), "/h/.local/state/terse/runs"},
		// A relative XDG_STATE_HOME is invalid by the spec: ignored.
		{env("XDG_STATE_HOME", "rel", "HOME", "/h"), "/h/.local/state/terse/runs"},
		{env(), ""},
	} {
		if got := Dir(tc.getenv); got != tc.want {
			t.Errorf("Dir = %q, want %q", got, tc.want)
		}
	}
}

func perm(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

func record(t *testing.T, s *Store, out string, exit int) *Run {
	t.Helper()
	r, err := s.Create(Meta{Command: []string{"echo", out}, Start: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Write([]byte(out)); err != nil {
		t.Fatal(err)
	}
	if err := r.Finish(exit, "", "generic", 1500*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestCreateAndRead(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "terse", "runs")
	s, err := Open(dir, 5)
	if err != nil {
		t.Fatal(err)
	}
	if p := perm(t, dir); p != 0o700 {
		t.Errorf("dir mode %#o, want 0700", p)
	}
	r, err := s.Create(Meta{Command: []string{"jest", "--ci"}, Cwd: "/p", Start: time.Unix(1700000000, 0).UTC(), Stdout: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.ID != 1 || r.Path != filepath.Join(dir, "1.log") {
		t.Errorf("first run: id %d path %s", r.ID, r.Path)
	}
	// While it goes on, the sidecar says so and names terse's pid.
	m, err := s.Get(1)
	if err != nil || m.Finished() || m.PID != os.Getpid() {
		t.Errorf("running sidecar %+v, %v", m, err)
	}
	r.Write([]byte("raw \x1b[31mbytes\x1b[0m\n"))
	r.StdoutWriter().Write([]byte(`{"doc":1}`))
	if err := r.Finish(143, "TERM", "jest", 2500*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"1.log", "1.json", "1.out"} {
		if p := perm(t, filepath.Join(dir, f)); p != 0o600 {
			t.Errorf("%s mode %#o, want 0600", f, p)
		}
	}
	data, _ := os.ReadFile(filepath.Join(dir, "1.log"))
	if string(data) != "raw \x1b[31mbytes\x1b[0m\n" {
		t.Errorf("log = %q, want the bytes exactly", data)
	}
	data, _ = os.ReadFile(filepath.Join(dir, "1.json"))
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]any{"id": 1.0, "exit": 143.0, "signal": "TERM", "profile": "jest",
		"duration_ms": 2500.0, "bytes": 19.0, "cwd": "/p", "start": "2023-11-14T22:13:20Z", "stdout": true} {
		if raw[k] != want {
			t.Errorf("sidecar %s = %v, want %v", k, raw[k], want)
		}
	}
	if _, ok := raw["pid"]; ok {
		t.Error("a finished run's sidecar still names a pid")
	}
	m, err = s.Latest()
	if err != nil || m.ID != 1 || !m.Finished() || *m.Exit != 143 || m.Bytes != 19 {
		t.Errorf("Latest = %+v, %v", m, err)
	}
	if _, err := s.Get(2); err == nil {
		t.Error("Get(2): want ErrNoRun")
	}
}

func TestOpenTightensPermissions(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, 0); err != nil {
		t.Fatal(err)
	}
	if p := perm(t, dir); p != 0o700 {
		t.Errorf("mode %#o, want 0700", p)
	}
	if _, err := Open("", 0); err == nil {
		t.Error("Open(\"\"): want an error")
	}
}

func TestPruneKeepsTheNewest(t *testing.T) {
	s, err := Open(t.TempDir(), 2)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		record(t, s, "x", 0)
	}
	if err := s.Prune(); err != nil {
		t.Fatal(err)
	}
	var ids []int
	for _, m := range s.List() {
		ids = append(ids, m.ID)
	}
	if len(ids) != 2 || ids[0] != 5 || ids[1] != 4 {
		t.Errorf("kept %v, want [5 4]", ids)
	}
	entries, _ := os.ReadDir(s.Dir)
	if len(entries) != 4 {
		t.Errorf("%d files left, want 4 (two logs, two sidecars)", len(entries))
	}
	// Ids go on from the newest, never reused.
	if r := record(t, s, "y", 0); r.ID != 6 {
		t.Errorf("next id %d, want 6", r.ID)
	}
}

func TestPruneSparesRunsStillGoing(t *testing.T) {
	s, err := Open(t.TempDir(), 1)
	if err != nil {
		t.Fatal(err)
	}
	// Run 1 is going on in a live process (this one); run 2 was left
	// unfinished by a process that died.
	live, err := s.Create(Meta{Command: []string{"long"}})
	if err != nil {
		t.Fatal(err)
	}
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(Meta{Command: []string{"crashed"}, PID: dead.Process.Pid}); err != nil {
		t.Fatal(err)
	}
	record(t, s, "z", 0) // run 3
	if err := s.Prune(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(live.ID); err != nil {
		t.Errorf("the live run was removed: %v", err)
	}
	if _, err := s.Get(2); err == nil {
		t.Error("the dead unfinished run was kept")
	}
	if _, err := s.Get(3); err != nil {
		t.Errorf("the newest run was removed: %v", err)
	}
}

func TestConcurrentCreateTakesDistinctIDs(t *testing.T) {
	s, err := Open(t.TempDir(), 100)
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu   sync.Mutex
		seen = map[int]bool{}
		wg   sync.WaitGroup
	)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := s.Create(Meta{Command: []string{"x"}})
			if err != nil {
				t.Error(err)
				return
			}
			r.Finish(0, "", "", 0)
			mu.Lock()
			defer mu.Unlock()
			if seen[r.ID] {
				t.Errorf("id %d taken twice", r.ID)
			}
			seen[r.ID] = true
		}()
	}
	wg.Wait()
	if len(seen) != 20 {
		t.Errorf("%d distinct ids, want 20", len(seen))
	}
}

func TestAbandon(t *testing.T) {
	s, err := Open(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Create(Meta{Command: []string{"x"}, Stdout: true})
	if err != nil {
		t.Fatal(err)
	}
	r.Abandon()
	if entries, _ := os.ReadDir(s.Dir); len(entries) != 0 {
		t.Errorf("%d files left after Abandon", len(entries))
	}
}

func TestTokens(t *testing.T) {
	for _, tc := range []struct {
		bytes int64
		want  string
	}{
		{0, "~0 tokens"},
		{2590, "~648 tokens"},
		{25765, "~6.4k tokens"},
		{74673, "~19k tokens"},
		{1 << 30, "~268.4M tokens"},
	} {
		if got := FormatTokens(Tokens(tc.bytes)); got != tc.want {
			t.Errorf("%d bytes: %q, want %q", tc.bytes, got, tc.want)
		}
	}
}

func TestPruneBytesKeepsTheNewestWithinBudget(t *testing.T) {
	s, err := Open(t.TempDir(), 20)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		r, err := s.Create(Meta{Command: []string{"big"}, Start: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Write([]byte(strings.Repeat("x", 1000))); err != nil {
			t.Fatal(err)
		}
		if err := r.Finish(0, "", "generic", time.Second); err != nil {
			t.Fatal(err)
		}
	}
	// Each run is 1,000 bytes of log and a sidecar of some 150: a budget
	// of 2,500 holds the newest two.
	if err := s.PruneBytes(2500); err != nil {
		t.Fatal(err)
	}
	var ids []int
	for _, m := range s.List() {
		ids = append(ids, m.ID)
	}
	if len(ids) != 2 || ids[0] != 4 || ids[1] != 3 {
		t.Errorf("kept %v, want [4 3]", ids)
	}
	// The newest run stays whatever its size.
	if err := s.PruneBytes(10); err != nil {
		t.Fatal(err)
	}
	if ms := s.List(); len(ms) != 1 || ms[0].ID != 4 {
		t.Errorf("kept %v, want only run 4", ms)
	}
	// No budget, nothing removed.
	record(t, s, "y", 0)
	if err := s.PruneBytes(0); err != nil || len(s.List()) != 2 {
		t.Errorf("PruneBytes(0): %v, %d runs left, want 2", err, len(s.List()))
	}
}

func TestPruneBytesSparesRunsStillGoing(t *testing.T) {
	s, err := Open(t.TempDir(), 20)
	if err != nil {
		t.Fatal(err)
	}
	live, err := s.Create(Meta{Command: []string{"long"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := live.Write([]byte(strings.Repeat("z", 5000))); err != nil {
		t.Fatal(err)
	}
	record(t, s, "done", 0)
	if err := s.PruneBytes(100); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(live.ID); err != nil {
		t.Errorf("the live run was removed: %v", err)
	}
}

func TestSizeCheckDue(t *testing.T) {
	s := &Store{Keep: 20}
	for _, tc := range []struct {
		n, budget int64
		want      bool
	}{
		{n: 1 << 20, budget: 1 << 30, want: false}, // under budget/keep: 20 such fit
		{n: 60 << 20, budget: 1 << 30, want: true}, // over it
		{n: 60 << 20, budget: 0, want: false},      // no budget
		{n: 1 << 30 / 20, budget: 1 << 30, want: true},
	} {
		if got := s.SizeCheckDue(tc.n, tc.budget); got != tc.want {
			t.Errorf("SizeCheckDue(%d, %d) = %v, want %v", tc.n, tc.budget, got, tc.want)
		}
	}
}

// Twenty terse processes (each with its own Store, as separate processes
// have) start runs at once under a retention of two runs and a budget of
// 1 KiB: every run gets its own id, and no run's log is removed or mixed
// with another's while its terse is alive.
func TestConcurrentRunsWithSmallRetention(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "runs")
	if _, err := Open(dir, 2); err != nil {
		t.Fatal(err)
	}
	const runs = 20
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		ids = map[int]int{}
	)
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(dir, 2)
			if err != nil {
				t.Error(err)
				return
			}
			r, err := s.Create(Meta{Command: []string{"run", strconv.Itoa(i)}, Start: time.Now()})
			if err != nil {
				t.Error(err)
				return
			}
			pruned := make(chan error, 1)
			go func() { pruned <- s.Prune() }()
			var want strings.Builder
			for line := range 50 {
				chunk := fmt.Sprintf("run %d line %d\n", i, line)
				want.WriteString(chunk)
				r.Write([]byte(chunk))
				if line%10 == 0 {
					runtime.Gosched()
				}
			}
			if err := <-pruned; err != nil {
				t.Error(err)
			}
			// Before its terse ends, the log holds every byte, its own.
			got, err := os.ReadFile(r.Path)
			if err != nil || string(got) != want.String() {
				t.Errorf("run %d (id %d): log %q, %v; want its 50 lines", i, r.ID, clipped(got), err)
			}
			if err := r.Finish(0, "", "generic", time.Millisecond); err != nil {
				t.Error(err)
			}
			if err := s.PruneBytes(1 << 10); err != nil {
				t.Error(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if other, taken := ids[r.ID]; taken {
				t.Errorf("id %d handed to run %d and run %d", r.ID, other, i)
			}
			ids[r.ID] = i
		}()
	}
	wg.Wait()
	if len(ids) != runs {
		t.Errorf("%d distinct ids, want %d", len(ids), runs)
	}
}

func clipped(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}
