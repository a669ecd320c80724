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
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/terse-dev/terse/internal/statedir"
	"github.com/terse-dev/terse/tokens"
)

// The directory and every file terse opens in it are checked as ssh checks
// ~/.ssh (see statedir): a link, a FIFO, or anything another user owns or
// may write is refused, never followed. Ids are allocated under a lock on the
// directory (flock), with the sidecar that marks a run live published before its
// log exists, so concurrent runs never share an id nor prune a live run.

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
	// Cut is the bytes of output left out of the middle of the log, to
	// keep it within its disk budget (Store.MaxRunBytes); 0 when the log
	// holds everything the command printed.
	Cut int64 `json:"cut,omitempty"`
	// StdoutCut is the bytes of stdout left out of the end of <id>.out,
	// for the same budget.
	StdoutCut int64 `json:"stdout_cut,omitempty"`
	// Incomplete says why the log misses bytes the command printed (a
	// write failed: a full disk, a file size limit); "" when it does not.
	Incomplete string `json:"incomplete,omitempty"`
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
	// Session names the reader of the run's output (an agent's session, as
	// its hook passes it to terse run --session), "" when none did: a run
	// is compared only with a run the same reader read (PreviousFor).
	Session string `json:"session,omitempty"`
	// Env is a digest of the environment that shapes what the tool prints
	// (AI_AGENT, CI, NO_COLOR ...): the same command under another one
	// prints other output, and its reader read that one.
	Env string `json:"env,omitempty"`
	// Unreadable says why the sidecar could not be read (torn by a full
	// disk or a crash) when the log could: the run is shown from its log
	// alone, and its command, exit code and profile are unknown.
	Unreadable string `json:"-"`
}

// Finished reports whether the run has ended.
func (m Meta) Finished() bool { return m.Exit != nil }

// Live reports whether the run is still going on: not finished, and its
// terse alive. A run neither finished nor live lost its end (its terse was
// killed, or could not write the final sidecar on a full disk).
func (m Meta) Live() bool { return !m.Finished() && m.Unreadable == "" && alive(m.PID) }

// Whole reports whether the log holds every byte the command printed.
func (m Meta) Whole() bool { return m.Cut == 0 && m.Incomplete == "" }

// LogNote says, for the line that names the raw log, what the log lacks:
// "; 1,234 bytes cut from the middle", "; raw log incomplete", or "".
func (m Meta) LogNote() string {
	note := ""
	if m.Cut > 0 {
		note += "; " + tokens.Group(m.Cut) + " bytes cut from the middle"
	}
	if m.Incomplete != "" {
		note += "; raw log incomplete"
	}
	return note
}

// Store is a directory of runs.
type Store struct {
	Dir  string
	Keep int
	// MaxRunBytes caps one run's raw log: past it, the log keeps its first
	// half and a rolling last half of that many bytes, and says how many
	// bytes it cut. 0 means no cap; the smallest cap is MinRunBytes.
	MaxRunBytes int64
	// listed is what Create read of the directory, the run it created
	// included, for the Prune that follows it: the directory is read once
	// a run, not twice. A listing that has gone stale meanwhile (another
	// terse added or removed runs) only ever makes Prune remove fewer
	// runs, never a newer one: the runs it lacks are the newest. Atomic:
	// goroutines of one process may create runs in one store at once, and
	// the store's lock is a file lock, which orders processes, not the
	// memory of one.
	listed atomic.Pointer[listing]
}

// listing is the runs of a store and its stale temporary files, as
// scan found them.
type listing struct {
	ids   []int
	stale []string
}

// Open prepares the directory: created 0700 with its parent (terse's state
// directory), or checked as ssh checks its own (refused if either is a link,
// another user's, or writable by others; tightened to 0700 if it is the
// user's with looser permissions). keep <= 0 means DefaultKeep.
func Open(dir string, keep int) (*Store, error) {
	if dir == "" {
		return nil, errors.New("no state directory: set XDG_STATE_HOME or HOME")
	}
	if keep <= 0 {
		keep = DefaultKeep
	}
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := statedir.Ensure(d); err != nil {
			if errors.Is(err, statedir.ErrUntrusted) {
				return nil, err
			}
			return nil, fmt.Errorf("creating the run log directory: %w", err)
		}
	}
	return &Store{Dir: dir, Keep: keep}, nil
}

// LogPath is the path of run id's raw log.
func (s *Store) LogPath(id int) string { return filepath.Join(s.Dir, strconv.Itoa(id)+".log") }

// StdoutPath is the path of run id's stdout copy (see Meta.Stdout).
func (s *Store) StdoutPath(id int) string { return filepath.Join(s.Dir, strconv.Itoa(id)+".out") }

func (s *Store) metaPath(id int) string { return filepath.Join(s.Dir, strconv.Itoa(id)+".json") }

// FailuresPath is the path of run id's record of failures (see
// WriteFailures).
func (s *Store) FailuresPath(id int) string {
	return filepath.Join(s.Dir, strconv.Itoa(id)+".failures.json")
}

// files are the files of run id.
func (s *Store) files(id int) []string {
	return []string{s.LogPath(id), s.StdoutPath(id), s.metaPath(id), s.FailuresPath(id), s.SeenPath(id)}
}

// SeenPath is the path of the record of the failures run id's printed
// page showed its reader in full (see WriteSeen).
func (s *Store) SeenPath(id int) string {
	return filepath.Join(s.Dir, strconv.Itoa(id)+".seen.json")
}

// WriteSeen saves rec as the record of the failures run id's page showed in
// full, as WriteFailures saves its record of failures: the next run of the
// command shortens only those.
func (s *Store) WriteSeen(id int, rec io.WriterTo) error {
	return s.writeRecord(s.SeenPath(id), id, rec)
}

// ReadSeen reads run id's record of failures seen (WriteSeen), as
// ReadFailures does; fs.ErrNotExist when the run has none.
func (s *Store) ReadSeen(id int) ([]byte, error) { return s.readRecord(s.SeenPath(id), id) }

// maxFailures bounds the read of a record of failures.
const maxFailures = 64 << 20

// WriteFailures saves rec as run id's record of failures (what the next
// run of the same command is compared with), atomically, as the sidecar is
// written: a reader sees the whole record or none. rec is written as it
// is made (a record of 100,000 failures is 16 MB a run need not hold).
func (s *Store) WriteFailures(id int, rec io.WriterTo) error {
	return s.writeRecord(s.FailuresPath(id), id, rec)
}

// writeRecord writes rec to path, a record of run id, atomically.
func (s *Store) writeRecord(path string, id int, rec io.WriterTo) error {
	tmp, err := s.writeTempFrom(func(w io.Writer) error {
		_, err := rec.WriteTo(&cappedWriter{w: w, left: maxFailures})
		return err
	})
	if err == nil {
		if err = os.Rename(tmp, path); err != nil {
			os.Remove(tmp)
		}
	}
	if errors.Is(err, errPastCap) {
		return fmt.Errorf("the failures of run %d take more than the %d bytes a record may", id, maxFailures)
	}
	if err != nil {
		return fmt.Errorf("writing the failures of run %d: %w", id, err)
	}
	return nil
}

// errPastCap is a write past a cappedWriter's bound.
var errPastCap = errors.New("past the bound")

// cappedWriter writes to w up to left bytes, and fails a write past them.
type cappedWriter struct {
	w    io.Writer
	left int64
}

func (c *cappedWriter) Write(p []byte) (int, error) {
	if int64(len(p)) > c.left {
		return 0, errPastCap
	}
	n, err := c.w.Write(p)
	c.left -= int64(n)
	return n, err
}

// ReadFailures reads run id's record of failures, refusing a link or a file
// that is not the user's (statedir.OpenFile); fs.ErrNotExist when the run
// has none.
func (s *Store) ReadFailures(id int) ([]byte, error) { return s.readRecord(s.FailuresPath(id), id) }

// readRecord reads path, a record of run id, as ReadFailures says.
func (s *Store) readRecord(path string, id int) ([]byte, error) {
	f, err := statedir.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Read into an array of the file's size: grown by io.ReadAll's
	// appends, a record of 10 MB allocated twice that.
	size := int64(512)
	if st, err := f.Stat(); err == nil {
		size = min(st.Size(), maxFailures) + 1
	}
	var buf bytes.Buffer
	buf.Grow(int(size) + bytes.MinRead) // room for the read that finds the end
	if _, err := buf.ReadFrom(io.LimitReader(f, maxFailures+1)); err != nil {
		return nil, fmt.Errorf("reading the failures of run %d: %w", id, err)
	}
	data := buf.Bytes()
	if len(data) > maxFailures {
		return nil, fmt.Errorf("the failures of run %d are past %d bytes", id, maxFailures)
	}
	return data, nil
}

// Previous returns the newest finished run before run id with the same
// command line and working directory: the run a new run of the command is
// compared with. ErrNoRun when there is none.
func (s *Store) Previous(id int, command []string, cwd string) (Meta, error) {
	return s.previous(id, func(m Meta) bool { return m.Cwd == cwd && slices.Equal(m.Command, command) })
}

// PreviousFor is Previous of run m for its reader: the newest finished run
// before it with the same command line and working directory, in the same
// session and under the same output-shaping environment (Meta.Session,
// Meta.Env). A run of another session, or of the same command with AI_AGENT
// set where it was not, was read by another reader, or printed otherwise.
func (s *Store) PreviousFor(m Meta) (Meta, error) {
	return s.previous(m.ID, func(o Meta) bool {
		return o.Cwd == m.Cwd && o.Session == m.Session && o.Env == m.Env && slices.Equal(o.Command, m.Command)
	})
}

// previous is the newest finished run before id that same accepts.
func (s *Store) previous(id int, same func(Meta) bool) (Meta, error) {
	for _, other := range s.ids() {
		if other >= id {
			continue
		}
		m, err := s.Get(other)
		if err != nil || m.Unreadable != "" || !m.Finished() {
			continue
		}
		if same(m) {
			return m, nil
		}
	}
	return Meta{}, ErrNoRun
}

// lock takes the store's lock, held while ids are allocated and while
// retention decides what to remove.
func (s *Store) lock() (unlock func(), err error) {
	unlock, err = statedir.LockDir(s.Dir)
	if err != nil {
		return nil, fmt.Errorf("locking the run log directory: %w", err)
	}
	return unlock, nil
}

// metaTemp starts the names of sidecars being written.
const metaTemp = ".meta-"

// staleTemp is how old a temporary file must be before retention treats it
// as left behind by a terse that died.
const staleTemp = time.Hour

// writeMeta replaces the sidecar atomically: a reader sees the old or the
// new one, never half of one. On failure (a full disk) the old one stays,
// and no temporary file is left behind.
func (s *Store) writeMeta(m Meta) error {
	data, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("encoding the run sidecar: %w", err)
	}
	tmp, err := s.writeTemp(append(data, '\n'))
	if err == nil {
		if err = os.Rename(tmp, s.metaPath(m.ID)); err != nil {
			os.Remove(tmp)
		}
	}
	if err != nil {
		return fmt.Errorf("writing the run sidecar: %w", err)
	}
	return nil
}

// writeTemp writes data to a new temporary file in the store (0600) and
// returns its path. On failure nothing is left behind.
func (s *Store) writeTemp(data []byte) (string, error) {
	return s.writeTempFrom(func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeTempFrom is writeTemp of what write writes.
func (s *Store) writeTempFrom(write func(io.Writer) error) (string, error) {
	tmp, err := os.CreateTemp(s.Dir, metaTemp+"*")
	if err != nil {
		return "", err
	}
	err = write(tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// publishMeta writes the first sidecar of run m.ID, complete, if no run
// has that id yet (fs.ErrExist otherwise): it is written aside and linked
// into place, and a link never replaces a file.
func (s *Store) publishMeta(m Meta) error {
	data, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("encoding the run sidecar: %w", err)
	}
	data = append(data, '\n')
	tmp, err := s.writeTemp(data)
	if err != nil {
		return fmt.Errorf("writing the run sidecar: %w", err)
	}
	defer os.Remove(tmp)
	err = os.Link(tmp, s.metaPath(m.ID))
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	// A file system without hard links: create it exclusively instead.
	f, err := statedir.OpenFile(s.metaPath(m.ID), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(s.metaPath(m.ID))
		return fmt.Errorf("writing the run sidecar: %w", err)
	}
	return nil
}

// ids lists the ids of the runs in the store, newest (highest) first, and
// the temporary files left behind long enough ago to be stale.
func (s *Store) scan() (ids []int, stale []string) {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return nil, nil
	}
	seen := map[int]bool{}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, metaTemp) {
			if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > staleTemp {
				stale = append(stale, filepath.Join(s.Dir, name))
			}
			continue
		}
		ext := filepath.Ext(name)
		if ext != ".log" && ext != ".json" && ext != ".out" {
			continue
		}
		id, err := strconv.Atoi(strings.TrimSuffix(name, ext))
		if err != nil || id <= 0 || seen[id] {
			continue
		}
		seen[id] = true
		ids = append(ids, id)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ids)))
	return ids, stale
}

func (s *Store) ids() []int {
	ids, _ := s.scan()
	return ids
}

// ErrNoRun is returned when a run is not in the store.
var ErrNoRun = errors.New("no such run")

// maxMeta bounds the sidecar read: a real one is a few hundred bytes.
const maxMeta = 1 << 20

// Get reads the sidecar of run id. A log, a sidecar or a stdout copy that
// is a link, not a regular file, or not the user's is refused
// (statedir.ErrUntrusted). A sidecar that cannot be parsed does not hide a
// whole log: the run comes back with Unreadable set.
func (s *Store) Get(id int) (Meta, error) {
	logFi, logErr := os.Lstat(s.LogPath(id))
	if logErr == nil {
		if err := statedir.CheckFile(s.LogPath(id), logFi); err != nil {
			return Meta{}, err
		}
	}
	if fi, err := os.Lstat(s.StdoutPath(id)); err == nil {
		if err := statedir.CheckFile(s.StdoutPath(id), fi); err != nil {
			return Meta{}, err
		}
	}
	data, err := readMeta(s.metaPath(id))
	if errors.Is(err, fs.ErrNotExist) {
		if logErr == nil {
			// A log without its sidecar: still worth showing.
			return Meta{ID: id, Bytes: logFi.Size()}, nil
		}
		return Meta{}, fmt.Errorf("run %d: %w", id, ErrNoRun)
	}
	if err != nil {
		return Meta{}, fmt.Errorf("reading run %d: %w", id, err)
	}
	var m Meta
	if jerr := json.Unmarshal(data, &m); jerr != nil {
		if logErr != nil {
			return Meta{}, fmt.Errorf("reading run %d: %w", id, jerr)
		}
		m = Meta{Unreadable: jerr.Error()}
	}
	m.ID = id
	if logErr == nil {
		m.Bytes = logFi.Size()
	}
	return m, nil
}

func readMeta(path string) ([]byte, error) {
	f, err := statedir.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxMeta))
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

// Prune removes all but the newest Keep runs, and temporary files left
// behind by a terse that died. A run whose terse is still alive is left
// alone, however old, so a long run is never cut from under its writer.
func (s *Store) Prune() error {
	unlock, err := s.lock()
	if err != nil {
		return err
	}
	defer unlock()
	var ids []int
	var stale []string
	if l := s.listed.Swap(nil); l != nil {
		ids, stale = l.ids, l.stale
	} else {
		ids, stale = s.scan()
	}
	for _, p := range stale {
		os.Remove(p)
	}
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
// in a live terse (a long run is never cut from under its writer). Call it
// with the store locked: a run being created has no sidecar yet.
func (s *Store) removeUnlessLive(id int) error {
	if s.mayBeLive(id) {
		if m, err := s.Get(id); err == nil && m.Live() {
			return nil
		}
	}
	var firstErr error
	for _, p := range s.files(id) {
		// A link is removed itself, never its target.
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) && firstErr == nil {
			firstErr = fmt.Errorf("removing an old run: %w", err)
		}
	}
	return firstErr
}

// pidKey is how a sidecar names the terse of a run going on (Meta.PID): a
// key, since a quote inside a JSON string is escaped.
var pidKey = []byte(`"pid":`)

// mayBeLive reports whether run id may still be going on: false when its
// sidecar names no terse (a finished run's drops its pid), told from its
// bytes without decoding them; Prune removes an old, finished run each
// time, and decoding its sidecar was most of the cost. When the sidecar
// cannot be read, Get decides.
func (s *Store) mayBeLive(id int) bool {
	data, err := readMeta(s.metaPath(id))
	return err != nil || bytes.Contains(data, pidKey)
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
	unlock, err := s.lock()
	if err != nil {
		return err
	}
	defer unlock()
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
