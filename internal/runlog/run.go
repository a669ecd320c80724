package runlog

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/terse-dev/terse/internal/statedir"
)

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
	log   capped
	outN  int64
	err   error
	// closed is set once the log is complete (Close).
	closed bool
}

// Create starts the record of a new run: under the store's lock, it takes
// the next id by publishing the run's sidecar (no exit code yet, this
// process's pid: the run is live), then creates the log (0600).
func (s *Store) Create(m Meta) (*Run, error) {
	unlock, err := s.lock()
	if err != nil {
		return nil, fmt.Errorf("creating the run log: %w", err)
	}
	defer unlock()
	m.Exit = nil
	if m.PID == 0 {
		m.PID = os.Getpid()
	}
	id := 1
	ids, stale := s.scan()
	if len(ids) > 0 {
		id = ids[0] + 1
	}
	for tries := 0; ; tries, id = tries+1, id+1 {
		m.ID = id
		r, err := s.create(m)
		if err == nil {
			s.listed.Store(&listing{ids: append([]int{id}, ids...), stale: stale})
			return r, nil
		}
		// Another terse took this id without the lock (a file system
		// without flock): take the next.
		if !errors.Is(err, fs.ErrExist) || tries > 100 {
			return nil, fmt.Errorf("creating the run log: %w", err)
		}
	}
}

// create makes run m.ID's files, sidecar first; fs.ErrExist when the id is
// taken.
func (s *Store) create(m Meta) (*Run, error) {
	if err := s.publishMeta(m); err != nil {
		return nil, err
	}
	r := &Run{Meta: m, Path: s.LogPath(m.ID), store: s}
	var err error
	// Read-write: a cut log is read back to be put in order.
	r.f, err = statedir.OpenFile(r.Path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil && m.Stdout {
		r.out, err = statedir.OpenFile(s.StdoutPath(m.ID), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	}
	if err != nil {
		// Undo only what this call made: a file that was there already
		// (fs.ErrExist) is another run's.
		if r.f != nil {
			r.f.Close()
			os.Remove(r.Path)
		}
		os.Remove(s.metaPath(m.ID))
		return nil, err
	}
	limit := s.MaxRunBytes
	if limit > 0 {
		limit = max(limit, MinRunBytes)
	}
	r.log = capped{f: r.f, limit: limit}
	return r, nil
}

// Write appends raw bytes to the log.
func (r *Run) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err == nil && !r.closed {
		if err := r.log.write(p); err != nil {
			r.err = fmt.Errorf("writing the run log: %w", err)
		}
	}
	r.Bytes = r.log.size()
	return len(p), nil
}

// StdoutWriter writes the copy of stdout of a run created with
// Meta.Stdout; like Write, it never fails. Past the store's MaxRunBytes the
// copy stops, and the bytes left out are counted in StdoutCut.
func (r *Run) StdoutWriter() io.Writer { return stdoutWriter{r} }

type stdoutWriter struct{ r *Run }

func (w stdoutWriter) Write(p []byte) (int, error) {
	r := w.r
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil || r.out == nil || r.closed {
		return len(p), nil
	}
	keep := p
	if limit := r.store.MaxRunBytes; limit > 0 && r.outN+int64(len(p)) > limit {
		keep = p[:max(limit-r.outN, 0)]
		r.StdoutCut += int64(len(p) - len(keep))
	}
	if _, err := r.out.Write(keep); err != nil {
		r.err = fmt.Errorf("writing the run's stdout: %w", err)
	}
	r.outN += int64(len(keep))
	return len(p), nil
}

// Err is the first error met while writing the log.
func (r *Run) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// Close completes the log once every byte has been written: a cut log is
// put in order (its head, a line saying how much was cut, its tail), the
// files are closed, and Bytes, Cut and Incomplete say what the log holds.
// Finish closes it too; Close is for readers of the log before then.
func (r *Run) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.closeLocked()
}

func (r *Run) closeLocked() error {
	if r.closed {
		return r.err
	}
	r.closed = true
	var err error
	if r.err == nil {
		err = r.log.seal()
	}
	if cerr := r.log.close(); err == nil {
		err = cerr
	}
	if r.out != nil {
		if cerr := r.out.Close(); err == nil {
			err = cerr
		}
	}
	if r.err == nil && err != nil {
		r.err = fmt.Errorf("closing the run log: %w", err)
	}
	r.Cut = r.log.cut()
	r.Bytes = r.log.size()
	if fi, err := os.Lstat(r.Path); err == nil {
		r.Bytes = fi.Size()
	}
	if r.err != nil {
		r.Incomplete = r.err.Error()
	}
	return r.err
}

// Finish closes the log, if Close did not, and completes the sidecar. Its
// error says what was lost: the sidecar, or bytes of the log (then
// Meta.Incomplete is set) unless Close already said so.
func (r *Run) Finish(exit int, signal, profile string, d time.Duration) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	said := r.closed
	logErr := r.closeLocked()
	if said {
		logErr = nil
	}
	r.Exit = &exit
	r.Signal = signal
	r.Profile = profile
	r.DurationMS = d.Milliseconds()
	r.PID = 0
	return errors.Join(logErr, r.store.writeMeta(r.Meta))
}

// Abandon removes a run that never started (the command was not found).
func (r *Run) Abandon() {
	r.log.close()
	if r.out != nil {
		r.out.Close()
	}
	for _, p := range r.store.files(r.ID) {
		os.Remove(p)
	}
}

// MinRunBytes is the smallest cap of a run's log: room for a head, a tail,
// and the line that says what was cut between them.
const MinRunBytes = 1 << 10

// capped writes a log of at most limit bytes of output (0: no limit): the
// first half, then a ring of the last half, in the file itself, at the
// offsets past the head. A log that never passes the limit is written
// straight through, byte for byte; one that does stays limit bytes long,
// on disk, at every moment.
type capped struct {
	f     *os.File
	limit int64
	n     int64 // bytes of output received
	// marker is the length of the line that replaced the end of the head,
	// once sealed: its bytes count as cut.
	marker int64
	closed bool
}

func (c *capped) head() int64 { return c.limit / 2 }
func (c *capped) tail() int64 { return c.limit - c.head() }

func (c *capped) write(p []byte) error {
	if c.limit <= 0 || c.n+int64(len(p)) <= c.limit {
		_, err := c.f.Write(p)
		c.n += int64(len(p))
		return err
	}
	if room := c.limit - c.n; room > 0 {
		if _, err := c.f.Write(p[:room]); err != nil {
			return err
		}
		c.n += room
		p = p[room:]
	}
	// Only the last tail bytes of p can survive.
	if skip := int64(len(p)) - c.tail(); skip > 0 {
		c.n += skip
		p = p[skip:]
	}
	for len(p) > 0 {
		pos := c.head() + (c.n-c.head())%c.tail()
		k := min(int64(len(p)), c.limit-pos)
		if _, err := c.f.WriteAt(p[:k], pos); err != nil {
			return err
		}
		c.n += k
		p = p[k:]
	}
	return nil
}

// close closes the log file, once.
func (c *capped) close() error {
	if c.closed {
		return nil
	}
	c.closed = true
	return c.f.Close()
}

// cut is the bytes of output the log left out.
func (c *capped) cut() int64 {
	if c.limit <= 0 || c.n <= c.limit {
		return 0
	}
	return c.n - c.limit + c.marker
}

// size is the size of the log.
func (c *capped) size() int64 {
	if c.limit <= 0 {
		return c.n
	}
	return min(c.n, c.limit)
}

// seal puts a cut log in order, in place, without a byte more of disk: the
// ring is rotated so that its oldest byte comes first, and the end of the
// head gives way to a line that says how many bytes were cut.
func (c *capped) seal() error {
	if c.cut() == 0 {
		return nil
	}
	if w := (c.n - c.head()) % c.tail(); w != 0 {
		if err := rotate(c.f, c.head(), c.tail(), w); err != nil {
			return err
		}
	}
	marker, err := c.markerLine()
	if err != nil {
		return err
	}
	if _, err := c.f.WriteAt([]byte(marker), c.head()-int64(len(marker))); err != nil {
		return err
	}
	c.marker = int64(len(marker))
	return nil
}

// markerLine is the line that says what was cut, sized for the head it
// ends: the bytes it takes from the head are counted as cut.
func (c *capped) markerLine() (string, error) {
	marker := ""
	// The numbers in the line depend on its own length: a few rounds
	// settle them.
	for m, round := int64(0), 0; ; m, round = int64(len(marker)), round+1 {
		marker = fmt.Sprintf("[terse: %d bytes cut here: the log keeps the first %d and the last %d bytes of the output (TERSE_KEEP_BYTES)]\n",
			c.n-c.limit+m, c.head()-m, c.tail())
		// On a line of its own, even when the head is cut mid-line.
		last := make([]byte, 1)
		if _, err := c.f.ReadAt(last, c.head()-int64(len(marker))-1); err != nil {
			return "", err
		}
		if last[0] != '\n' {
			marker = "\n" + marker
		}
		if int64(len(marker)) == m || round == 4 {
			return marker, nil
		}
	}
}

// rotate rotates the bytes of f in [off, off+size) left by k, in place:
// three reversals, with two small buffers.
func rotate(f *os.File, off, size, k int64) error {
	if err := reverse(f, off, k); err != nil {
		return err
	}
	if err := reverse(f, off+k, size-k); err != nil {
		return err
	}
	return reverse(f, off, size)
}

// reverse reverses the bytes of f in [off, off+size), swapping chunks
// from both ends inward.
func reverse(f *os.File, off, size int64) error {
	const chunk = 64 << 10
	a, b := make([]byte, chunk), make([]byte, chunk)
	for lo, hi := off, off+size; hi-lo > 1; {
		k := min(chunk, (hi-lo)/2)
		if _, err := f.ReadAt(a[:k], lo); err != nil {
			return err
		}
		if _, err := f.ReadAt(b[:k], hi-k); err != nil {
			return err
		}
		slices.Reverse(a[:k])
		slices.Reverse(b[:k])
		if _, err := f.WriteAt(b[:k], lo); err != nil {
			return err
		}
		if _, err := f.WriteAt(a[:k], hi-k); err != nil {
			return err
		}
		lo, hi = lo+k, hi-k
	}
	return nil
}
