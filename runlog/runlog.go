// Package runlog keeps the raw output of the runs terse shaped, so that
// nothing a tool printed is ever lost: one file of raw bytes per run and a
// small JSON sidecar (command, exit code, start, duration, profile), in a
// directory only the user can read. The newest runs are kept, the older ones
// removed.
//
// Layout: DIR/<id>.log holds the bytes exactly as the command wrote them;
// DIR/<id>.json the sidecar. Ids are 1, 2, 3...: short enough for an agent
// to type in `terse show 17`.
package runlog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/terse-dev/terse/statedir"
)

// DefaultKeep is how many runs are kept when the user does not say: enough
// to go back over an agent's recent attempts, few enough that a handful of
// huge runs cannot fill a disk for long.
const DefaultKeep = 20

// Dir returns the directory of the raw logs: $XDG_STATE_HOME/terse/runs, or
// ~/.local/state/terse/runs when XDG_STATE_HOME is not set (the XDG base
// directory default). It is empty when neither is known.
func Dir(getenv func(string) string) string {
	dir, _ := statedir.Dir(getenv)
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, "runs")
}

// Meta is a run's sidecar.
type Meta struct {
	ID      int      `json:"id"`
	Command []string `json:"command"`
	Cwd     string   `json:"cwd,omitempty"`
	// Profile is the profile that shaped the output ("" when none did).
	Profile string    `json:"profile,omitempty"`
	Start   time.Time `json:"start"`
	// DurationMS is the run's wall time in milliseconds.
	DurationMS int64 `json:"duration_ms"`
	// Exit is the exit code terse returned for the run (128+N for signal
	// N); nil while the run is going on.
	Exit *int `json:"exit"`
	// Signal names the signal that killed the command, if one did.
	Signal string `json:"signal,omitempty"`
	// Bytes is the size of the raw log.
	Bytes int64 `json:"bytes"`
	// Tokens is the raw log's exact size in tokens, when the run was
	// counted (for the savings ledger or --stats); 0 when it was not.
	Tokens int64 `json:"tokens,omitempty"`
	// PID is terse's process id while the run goes on: retention never
	// removes a run whose terse is still alive.
	PID int `json:"pid,omitempty"`
	// Stdout is true when the command's stdout was also kept apart, in
	// <id>.out: the run asked the tool for its machine format, which is
	// on stdout while the tool's human report is on stderr.
	Stdout bool `json:"stdout,omitempty"`
}

// Finished reports whether the run has ended.
func (m Meta) Finished() bool { return m.Exit != nil }

// Store is a directory of runs.
type Store struct {
	Dir  string
	Keep int
	// seen is the ids found when this store last created a run, with it:
	// Prune starts from them instead of reading the directory again.
	seen []int
}

// Open prepares the directory (created 0700; tightened to 0700 if it exists
// with looser permissions). keep <= 0 means DefaultKeep.
func Open(dir string, keep int) (*Store, error) {
	if dir == "" {
		return nil, errors.New("no state directory: set XDG_STATE_HOME or HOME")
	}
	if keep <= 0 {
		keep = DefaultKeep
	}
	// One stat when the directory is there, as it is but the first time:
	// terse opens the store at every run.
	fi, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("creating the run log directory: %w", err)
		}
		fi, err = os.Stat(dir)
	}
	if err != nil {
		return nil, fmt.Errorf("run log directory: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("run log directory %s: not a directory", dir)
	}
	if fi.Mode().Perm() != 0o700 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return nil, fmt.Errorf("making the run log directory owner-only: %w", err)
		}
	}
	return &Store{Dir: dir, Keep: keep}, nil
}

// LogPath is the path of run id's raw log.
func (s *Store) LogPath(id int) string { return filepath.Join(s.Dir, strconv.Itoa(id)+".log") }

// StdoutPath is the path of run id's stdout copy (see Meta.Stdout).
func (s *Store) StdoutPath(id int) string { return filepath.Join(s.Dir, strconv.Itoa(id)+".out") }

func (s *Store) metaPath(id int) string { return filepath.Join(s.Dir, strconv.Itoa(id)+".json") }

// files are the files of run id.
func (s *Store) files(id int) []string {
	return []string{s.LogPath(id), s.StdoutPath(id), s.metaPath(id)}
}

// Run is a run being recorded. It is an io.Writer for the raw bytes; Write
// never fails, so a full disk cannot break the command's output: the first
// error is kept in Err and the bytes still flow to the shaping.
type Run struct {
	Meta
	Path  string
	store *Store
	mu    sync.Mutex
	f     *os.File
	out   *os.File
	err   error
}

// Create starts the record of a new run: it takes the next id, creates the
// log (0600) and writes the sidecar with no exit code yet.
func (s *Store) Create(m Meta) (*Run, error) {
	ids := s.ids()
	id := 1
	if len(ids) > 0 {
		id = ids[0] + 1
	}
	for tries := 0; ; tries++ {
		f, err := os.OpenFile(s.LogPath(id), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			m.ID = id
			m.Exit = nil
			if m.PID == 0 {
				m.PID = os.Getpid()
			}
			r := &Run{Meta: m, Path: s.LogPath(id), store: s, f: f}
			if m.Stdout {
				r.out, err = os.OpenFile(s.StdoutPath(id), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
			}
			if err == nil {
				err = s.writeMeta(r.Meta)
			}
			if err != nil {
				r.Abandon()
				return nil, fmt.Errorf("creating the run log: %w", err)
			}
			s.seen = append([]int{id}, ids...)
			return r, nil
		}
		if !errors.Is(err, fs.ErrExist) || tries > 100 {
			return nil, fmt.Errorf("creating the run log: %w", err)
		}
		id++ // another terse took this id at the same moment
	}
}

// Write appends raw bytes to the log.
func (r *Run) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Bytes += int64(len(p))
	if r.err == nil {
		if _, err := r.f.Write(p); err != nil {
			r.err = fmt.Errorf("writing the run log: %w", err)
		}
	}
	return len(p), nil
}

// StdoutWriter writes the copy of stdout of a run created with
// Meta.Stdout; like Write, it never fails.
func (r *Run) StdoutWriter() io.Writer { return stdoutWriter{r} }

type stdoutWriter struct{ r *Run }

func (w stdoutWriter) Write(p []byte) (int, error) {
	r := w.r
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err == nil && r.out != nil {
		if _, err := r.out.Write(p); err != nil {
			r.err = fmt.Errorf("writing the run's stdout: %w", err)
		}
	}
	return len(p), nil
}

// Err is the first error met while writing the log.
func (r *Run) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// Finish closes the log and completes the sidecar.
func (r *Run) Finish(exit int, signal, profile string, d time.Duration) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	cerr := r.f.Close()
	if r.out != nil {
		if err := r.out.Close(); cerr == nil {
			cerr = err
		}
	}
	r.Exit = &exit
	r.Signal = signal
	r.Profile = profile
	r.DurationMS = d.Milliseconds()
	r.PID = 0
	if err := r.store.writeMeta(r.Meta); err != nil {
		return err
	}
	if r.err == nil && cerr != nil {
		r.err = fmt.Errorf("closing the run log: %w", cerr)
	}
	return r.err
}

// Abandon removes a run that never started (the command was not found).
func (r *Run) Abandon() {
	r.f.Close()
	if r.out != nil {
		r.out.Close()
	}
	for _, p := range r.store.files(r.ID) {
		os.Remove(p)
	}
}

// writeMeta replaces the sidecar atomically: a reader sees the old or the
// new one, never half of one.
func (s *Store) writeMeta(m Meta) error {
	data, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("encoding the run sidecar: %w", err)
	}
	tmp, err := os.CreateTemp(s.Dir, ".meta-*")
	if err != nil {
		return fmt.Errorf("writing the run sidecar: %w", err)
	}
	// CreateTemp makes the file 0600 already; say it, in case that changes.
	if err := tmp.Chmod(0o600); err == nil {
		_, err = tmp.Write(append(data, '\n'))
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), s.metaPath(m.ID))
		}
	}
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("writing the run sidecar: %w", err)
	}
	return nil
}

// ids lists the ids of the runs in the store, newest (highest) first.
func (s *Store) ids() []int {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return nil
	}
	seen := map[int]bool{}
	var out []int
	for _, e := range entries {
		name := e.Name()
		ext := filepath.Ext(name)
		if ext != ".log" && ext != ".json" && ext != ".out" {
			continue
		}
		stem := strings.TrimSuffix(name, ext)
		id, err := strconv.Atoi(stem)
		if err != nil || id <= 0 || seen[id] {
			continue
		}
		seen[id] = true
		out = append(out, id)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(out)))
	return out
}

// ErrNoRun is returned when a run is not in the store.
var ErrNoRun = errors.New("no such run")

// Get reads the sidecar of run id.
func (s *Store) Get(id int) (Meta, error) {
	data, err := os.ReadFile(s.metaPath(id))
	if errors.Is(err, fs.ErrNotExist) {
		if _, lerr := os.Stat(s.LogPath(id)); lerr == nil {
			// A log without its sidecar: still worth showing.
			return Meta{ID: id}, nil
		}
		return Meta{}, fmt.Errorf("run %d: %w", id, ErrNoRun)
	}
	if err != nil {
		return Meta{}, fmt.Errorf("reading run %d: %w", id, err)
	}
	var m Meta
	if err := json.Unmarshal(data, &m); err != nil {
		return Meta{}, fmt.Errorf("reading run %d: %w", id, err)
	}
	m.ID = id
	if fi, err := os.Stat(s.LogPath(id)); err == nil {
		m.Bytes = fi.Size()
	}
	return m, nil
}

// Latest returns the newest run.
func (s *Store) Latest() (Meta, error) {
	ids := s.ids()
	if len(ids) == 0 {
		return Meta{}, ErrNoRun
	}
	return s.Get(ids[0])
}

// List returns the runs, newest first.
func (s *Store) List() []Meta {
	var out []Meta
	for _, id := range s.ids() {
		if m, err := s.Get(id); err == nil {
			out = append(out, m)
		}
	}
	return out
}

// Prune removes all but the newest Keep runs. A run whose terse is still
// alive is left alone, however old, so a long run is never cut from under
// its writer.
func (s *Store) Prune() error {
	ids := s.seen
	if ids == nil {
		ids = s.ids()
	}
	s.seen = nil
	// Runs other processes add meanwhile are newer than these: pruning
	// from this list never removes one of them, and the next prune counts
	// them.
	var firstErr error
	for i, id := range ids {
		if i < s.Keep {
			continue
		}
		if err := s.removeUnlessLive(id); err != nil && firstErr == nil {
			firstErr = err
		}
	}
	return firstErr
}

// removeUnlessLive removes run id's files, unless the run is still going on
// in a live terse (a long run is never cut from under its writer).
func (s *Store) removeUnlessLive(id int) error {
	if m, err := s.Get(id); err == nil && !m.Finished() && alive(m.PID) {
		return nil
	}
	var firstErr error
	for _, p := range s.files(id) {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) && firstErr == nil {
			firstErr = fmt.Errorf("removing an old run: %w", err)
		}
	}
	return firstErr
}

// DefaultKeepBytes is the default budget of disk the saved runs may take.
const DefaultKeepBytes = 1 << 30

// SizeCheckDue reports whether a run that logged n bytes calls for
// PruneBytes. Runs under budget/keep bytes cannot take the store past the
// budget by themselves while the count is kept (keep of them fit), so only a
// larger run pays for measuring the store: the store stays within about
// twice the budget, small runs cost nothing more, and a run that prints
// gigabytes cannot fill the disk keep times over.
func (s *Store) SizeCheckDue(n, budget int64) bool {
	return budget > 0 && n >= budget/int64(max(s.Keep, 1))
}

// PruneBytes removes the oldest runs while the store takes more than
// budget bytes. The newest run is always kept, whatever its size (its raw
// output is what the agent was just told about), and so is a run whose
// terse is still alive.
func (s *Store) PruneBytes(budget int64) error {
	if budget <= 0 {
		return nil
	}
	var total int64
	var firstErr error
	for i, id := range s.ids() {
		for _, p := range s.files(id) {
			if fi, err := os.Lstat(p); err == nil {
				total += fi.Size()
			}
		}
		if i == 0 || total <= budget {
			continue
		}
		if err := s.removeUnlessLive(id); err != nil && firstErr == nil {
			firstErr = err
		}
	}
	return firstErr
}

// Tokens estimates the tokens of n bytes of tool output: about four bytes a
// token, the usual rate of BPE tokenizers on English and code. It is an
// estimate, and is always shown with a "~".
func Tokens(n int64) int64 { return (n + 3) / 4 }

// FormatTokens writes a token estimate for people: ~850, ~12k, ~1.3M.
func FormatTokens(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("~%d tokens", n)
	case n < 10_000:
		return fmt.Sprintf("~%.1fk tokens", float64(n)/1000)
	case n < 1_000_000:
		return fmt.Sprintf("~%dk tokens", (n+500)/1000)
	default:
		return fmt.Sprintf("~%.1fM tokens", float64(n)/1_000_000)
	}
}
