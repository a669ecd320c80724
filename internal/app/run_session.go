package app

import (
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/terse-dev/terse/internal/runlog"
	"github.com/terse-dev/terse/internal/runner"
	"github.com/terse-dev/terse/internal/statedir"
)

// session is one run of the wrapped command: it starts the child, tees every
// raw byte to the saved run (or to a spool when the run cannot be saved)
// while shaping reads the output, and waits for the child. It knows nothing
// of profiles or rendering: what it hands on is the output to shape and how
// the command ended, so the supervision can be read (and changed) apart
// from what is done with the output.
type session struct {
	env  Env
	argv []string
	path string // argv[0] as runner.LookPath found it
	// reader is the session that reads the output (--session), saved with
	// the run (runlog.Meta.Session).
	reader string
	start  time.Time
	p      *runner.Process

	// store and rec are the saved run; rec is nil when it could not be
	// created, and spooled then keeps the raw bytes for the fallback.
	store   *runlog.Store
	rec     *runlog.Run
	spooled *spool
	// pruneErr is the outcome of retention, which runs once the command
	// has started, while it runs: said when the run is finished.
	pruneErr error
	// split: the command's stdout (its machine-format document) is read
	// apart from its stderr, and kept beside the whole output.
	split bool

	// stdout is the output to shape; everything read from it is teed to
	// the saved run.
	stdout io.Reader
	// stderrLines counts the lines of a split stderr; set once wg is done.
	wg          sync.WaitGroup
	stderrLines int
}

// startSession starts argv and the saved run. When wantSplit (the tool was
// asked for its machine format) the run is created first, since the stdout
// copy needs it; otherwise the child starts while the run is saved
// (launchSaving). A command that cannot start is terse's exit error
// (startFailure).
func startSession(env Env, argv []string, path string, wantSplit bool, acct *accounting, reader string) (*session, error) {
	s := &session{env: env, argv: argv, path: path, start: time.Now().UTC(), reader: reader}
	if wantSplit {
		s.save(true, acct)
		s.split = s.rec != nil
		if err := s.launch(); err != nil {
			s.abandon()
			return nil, startFailure(err)
		}
	} else if err := s.launchSaving(acct); err != nil {
		return nil, startFailure(err)
	}
	s.prune()
	s.tee(acct)
	return s, nil
}

// launchSaving starts the child, then creates the saved run while the
// child starts up and runs; its output waits in the pipe until tee reads
// it. A command that does not start leaves no run behind and no word
// about one. All on one goroutine: measured side by side on two busy
// cores, creating the run on a goroutine of its own while the child was
// forked cost more CPU in goroutine and thread handoffs than it hid.
func (s *session) launchSaving(acct *accounting) error {
	if err := s.launch(); err != nil {
		return err
	}
	s.save(false, acct)
	return nil
}

// save creates the saved run. Failing to is said on stderr and is not
// fatal: the run goes on unsaved.
func (s *session) save(stdout bool, acct *accounting) {
	s.unsaved(s.create(stdout), acct)
}

// create creates the saved run; on failure the session has no run (s.rec
// is nil) and the error says why.
func (s *session) create(stdout bool) error {
	store, err := runlog.Open(runlog.Dir(s.env.Getenv), keepRuns(s.env))
	var rec *runlog.Run
	if err == nil {
		store.MaxRunBytes = keepBytes(s.env) // one run never takes more than the budget
		rec, err = store.Create(runlog.Meta{Command: s.argv, Cwd: s.env.Cwd, Start: s.start, Stdout: stdout,
			Session: s.reader, Env: envDigest(s.env.Getenv)})
	}
	if err != nil {
		return err
	}
	s.store, s.rec = store, rec
	return nil
}

// prune keeps the newest runs, once the command has started: this run is
// recorded (its sidecar names this live process), so retention counts it
// and cannot remove it.
func (s *session) prune() {
	if s.rec != nil {
		s.pruneErr = s.store.Prune()
	}
}

// unsaved says on stderr why the run could not be saved, when err says it
// could not.
func (s *session) unsaved(err error, acct *accounting) {
	if err != nil {
		fmt.Fprintf(s.env.Stderr, "terse: the raw output will not be saved: %v\n", err)
		acct.alreadySaid(err)
	}
}

// abandon removes a run created for a command that did not start.
func (s *session) abandon() {
	if s.rec != nil {
		s.rec.Abandon()
	}
}

// launch starts the child with the injected environment, colour off.
func (s *session) launch() error {
	// terse's own output, watched: when its reader goes away, so does the
	// command (`terse run -- yes | head -1`).
	watch, _ := s.env.Stdout.(*os.File)
	p, err := runner.Start(runner.Config{Args: s.argv, Path: s.path, Env: shapedEnv(childEnv(s.env)), Stdin: s.env.Stdin,
		SplitStderr: s.split, Watch: watch})
	s.p = p
	return err
}

// tee sends every raw byte to the sink (the saved run or the spool, counted
// by acct) as shaping reads the output; a split stderr is copied to it by a
// goroutine of its own.
func (s *session) tee(acct *accounting) {
	var sink io.Writer
	doc := io.Writer(io.Discard)
	if s.rec != nil {
		sink = s.rec
		if s.split {
			doc = s.rec.StdoutWriter()
		}
	} else {
		s.spooled = &spool{}
		sink = s.spooled
	}
	sink = acct.rawWriter(sink)
	if s.p.Stderr != nil {
		// Two goroutines write the sink: the token counter and the spool
		// take one write at a time, and the count follows the log's order.
		sink = &lockedWriter{w: sink}
	}
	s.stdout = io.TeeReader(s.p.Output, io.MultiWriter(sink, doc))
	if s.p.Stderr != nil {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.stderrLines = copyCountingLines(sink, s.p.Stderr)
		}()
	}
}

// close releases the spool and the process.
func (s *session) close() {
	if s.spooled != nil {
		s.spooled.Close()
	}
	s.p.Close()
}

// ending is how the command ended, as terse reports it.
type ending struct {
	code   int    // the command's exit code
	signal string // the signal that killed it, "" if none
	// exit is terse's own exit code: the command's, or 128+N when signal
	// N made terse stop it.
	exit int
	// stopped is the signal terse stopped the command on, 0 if none.
	stopped syscall.Signal
	// interrupted opens the output of a run stopped by a signal, "" if
	// none.
	interrupted string
	dur         time.Duration
}

// end reads what shaping left unread (it still belongs to the log, and the
// child must not block on a full pipe), waits for the command and completes
// the log before anything reads it.
func (s *session) end() ending {
	_, _ = io.Copy(io.Discard, s.stdout)
	s.wg.Wait()
	st, waitErr := s.p.Wait()
	dur := time.Since(s.start)
	if s.rec != nil {
		if err := s.rec.Close(); err != nil {
			fmt.Fprintf(s.env.Stderr, "terse: the saved raw output is incomplete: %v\n", err)
		}
	}
	if waitErr != nil {
		fmt.Fprintf(s.env.Stderr, "terse: %v\n", waitErr)
	}
	e := ending{code: st.ExitCode(), exit: st.ExitCode(), dur: dur}
	if st.Signal != 0 {
		e.signal = runner.SignalName(st.Signal)
	}
	if sig, at := s.p.Interrupted(); sig != 0 {
		e.stopped, e.exit = sig, 128+int(sig)
		e.interrupted = fmt.Sprintf("INTERRUPTED at %.1fs (SIG%s)", at.Sub(s.start).Seconds(), runner.SignalName(sig))
	} else if st.Signal != 0 {
		e.interrupted = fmt.Sprintf("INTERRUPTED at %.1fs (the command was killed by SIG%s)", dur.Seconds(), e.signal)
	}
	return e
}

// finish records the run's end in its sidecar (profile names what shaped
// it), says what retention met and keeps the runs within their disk budget.
// Problems are said on stderr: the run's output matters more.
func (s *session) finish(e ending, profile string) {
	if s.rec == nil {
		return
	}
	if err := s.rec.Finish(e.code, e.signal, profile, e.dur); err != nil {
		fmt.Fprintf(s.env.Stderr, "terse: the saved raw output may be incomplete: %v\n", err)
	}
	if s.pruneErr != nil {
		fmt.Fprintf(s.env.Stderr, "terse: %v\n", s.pruneErr)
	}
	if budget := keepBytes(s.env); s.store.SizeCheckDue(s.rec.Bytes, budget) {
		if err := s.store.PruneBytes(budget); err != nil {
			fmt.Fprintf(s.env.Stderr, "terse: %v\n", err)
		}
	}
}

// replay writes the raw output saved so far.
func (s *session) replay(w io.Writer) error { return replay(w, s.rec, s.spooled) }

// replay writes the raw output saved so far: from the run's log, or from
// the spool when it could not be saved.
func replay(w io.Writer, rec *runlog.Run, sp *spool) error {
	if rec == nil {
		return sp.Replay(w)
	}
	f, err := statedir.Open(rec.Path)
	if err != nil {
		return fmt.Errorf("replaying the output: %w", err)
	}
	defer f.Close()
	if _, err := io.Copy(w, f); err != nil {
		return fmt.Errorf("replaying the output: %w", err)
	}
	return nil
}

// copyCountingLines copies r to w and returns the number of lines.
func copyCountingLines(w io.Writer, r io.Reader) int {
	buf := make([]byte, 32<<10)
	lines, last := 0, byte('\n')
	for {
		n, err := r.Read(buf)
		if n > 0 {
			_, _ = w.Write(buf[:n])
			for _, b := range buf[:n] {
				if b == '\n' {
					lines++
				}
			}
			last = buf[n-1]
		}
		if err != nil {
			break
		}
	}
	if last != '\n' {
		lines++
	}
	return lines
}

// lockedWriter is w for writers on several goroutines, one write at a time.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
