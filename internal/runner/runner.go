// Package runner runs the command terse wraps. The child's stdout and stderr
// share one pipe, so their interleaving is the tool's own; stdin is passed
// through; signals are forwarded (see forwarder); and the exit status maps to
// an exit code the way shells do it (128+N for signal N).
//
// terse never leaves the child running. Outside a terminal's foreground,
// stopping the command stops everything it started: on SIGINT, SIGTERM or
// SIGHUP terse signals all its processes, and kills them if they are still
// there killGrace later; when the child is killed by a signal, what it left
// behind is stopped the same way; when terse's own stdout is closed, they
// get SIGPIPE, as a pipeline's writer would. On Linux the child stays in
// terse's process group, so that a harness's kill of that group reaches it,
// terse adopts what it orphans, and the child is killed if terse itself
// dies abruptly (a parent-death signal).
package runner

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/terse-dev/terse/internal/term"
)

// After the child exits, a process it left in the background may still hold
// the output pipe open (a server, a watcher). terse keeps reading while that
// pipe is busy, and stops once it has been quiet for idleGrace, or at the
// latest hardGrace after the exit. Without this, terse would wait as long as
// the background process lives.
var (
	idleGrace = 500 * time.Millisecond
	hardGrace = 5 * time.Second
)

// A command terse stops gets killGrace to end its own way (a test runner's
// cleanup) before its group is killed. Once stopped, its output is read for
// at most cutGrace more, so that terse prints what it has within a fraction
// of a second of the signal, before a harness's own kill follows.
var (
	killGrace = 500 * time.Millisecond
	cutGrace  = 100 * time.Millisecond
)

// Config describes the command to run.
type Config struct {
	// Args is the program and its arguments; Args[0] is looked up in PATH
	// unless Path is set.
	Args []string
	// Path, when set, is Args[0] as LookPath already found it: a caller
	// that checked the command before starting it does not pay for the
	// PATH search twice.
	Path string
	// Env is the child's environment; nil means terse's own.
	Env []string
	// Dir is the child's working directory; empty means terse's own.
	Dir string
	// Stdin is passed to the child: an *os.File as it is, anything else
	// is copied into a pipe.
	Stdin io.Reader
	// SplitStderr gives stderr a pipe of its own (Process.Stderr) instead
	// of merging it into Output. It is for tools whose machine format is
	// on stdout while their human report goes to stderr (jest --json).
	SplitStderr bool
	// Stdout and Stderr, when set, receive the child's streams directly
	// (passthrough): no pipe is read by terse. An *os.File is handed to
	// the child as it is, so a terminal stays a terminal.
	Stdout, Stderr io.Writer
	// Watch is terse's own output. When it is a pipe (or socket) whose
	// reader goes away while the command runs (`terse run -- yes | head
	// -1`), the command is stopped with SIGPIPE, as a shell pipeline
	// stops its writer, and Interrupted reports it. nil watches nothing.
	Watch *os.File
}

// Status is how a child process ended.
type Status struct {
	// Code is the exit code, or -1 when a signal killed the process.
	Code int
	// Signal is the signal that killed the process, 0 if none.
	Signal syscall.Signal
}

// ExitCode is the code terse exits with: the child's code, or 128+N when
// signal N killed it (the shells' convention).
func (s Status) ExitCode() int {
	if s.Signal != 0 {
		return 128 + int(s.Signal)
	}
	return s.Code
}

// String describes the status in a few words.
func (s Status) String() string {
	if s.Signal != 0 {
		return fmt.Sprintf("killed by signal %s (exit %d)", SignalName(s.Signal), s.ExitCode())
	}
	return fmt.Sprintf("exit %d", s.Code)
}

// StartError is a command that could not be started. Code is the exit code
// a shell gives the same failure: 127 for a command that does not exist (or
// whose interpreter does not), 126 for one that exists but cannot be
// executed.
type StartError struct {
	Code int
	Name string
	Err  error
	// found is true when the program exists: a 127 then means that the
	// interpreter of its #! line, or its ELF loader, does not.
	found bool
	// interp is the interpreter its #! line names, if any.
	interp string
}

// Error names the command quoted (see Quote): it is text the command's
// author chose, printed to a terminal or an agent.
func (e *StartError) Error() string {
	name := Quote(e.Name)
	switch {
	case e.Code == 127 && e.interp != "":
		return fmt.Sprintf("%s: %s: bad interpreter: %v", name, Quote(e.interp), e.Err)
	case e.Code == 127 && !e.found:
		return name + ": command not found"
	default:
		return fmt.Sprintf("%s: cannot execute: %v", name, e.Err)
	}
}

// execFailure is the StartError of a program that was found but could not
// be executed. The kernel answers ENOENT for a program that exists when the
// interpreter of its #! line (or its ELF loader) does not: shells report
// that as "not found", 127.
func execFailure(name, path string, err error) *StartError {
	err = unwrapPathError(err)
	se := &StartError{Code: 126, Name: name, Err: err, found: true}
	if errors.Is(err, syscall.ENOENT) {
		se.Code = 127
		se.interp = shebang(path)
	}
	return se
}

// shebang is the interpreter a script's #! line names, "" if none.
func shebang(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, 256)
	n, _ := io.ReadFull(f, buf)
	line, _, _ := strings.Cut(string(buf[:n]), "\n")
	rest, ok := strings.CutPrefix(line, "#!")
	if !ok {
		return ""
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return ""
	}
	return fields[0]
}

func (e *StartError) Unwrap() error { return e.Err }

// LookPath finds the program of a command as a shell would. A program found
// through a relative PATH entry (".") is accepted, as shells accept it.
func LookPath(name string) (string, error) {
	path, err := exec.LookPath(name)
	if errors.Is(err, exec.ErrDot) {
		err = nil
	}
	if err == nil {
		return path, nil
	}
	if errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist) {
		return "", &StartError{Code: 127, Name: name, Err: err}
	}
	return "", &StartError{Code: 126, Name: name, Err: unwrapPathError(err)}
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var ee *exec.Error
	if errors.As(err, &ee) {
		return unwrapPathError(ee.Err)
	}
	return err
}

// Process is a started child.
type Process struct {
	// Output is the child's merged stdout and stderr (only stdout when
	// Config.SplitStderr is set); nil in passthrough. It ends when every
	// writer has closed the pipe, or when a background process the child
	// left holds it open but quiet after the child exited.
	Output io.Reader
	// Stderr is the child's stderr when Config.SplitStderr is set.
	Stderr io.Reader

	cmd     *exec.Cmd
	fwd     *forwarder
	sigs    chan os.Signal
	done    chan struct{} // closed when the child has exited
	closed  chan struct{} // closed by Close
	once    sync.Once
	status  Status
	waitErr error
	exitAt  atomic.Int64 // unix nanoseconds of the exit, 0 while running
	readers []*pipeReader

	// readUntil (unix nanoseconds) is when reading the output stops at the
	// latest once the child has exited; 0 until it is known.
	readUntil atomic.Int64
	// stopSig is the signal that made terse stop the command, 0 if none;
	// stopAt (unix nanoseconds) is when it came.
	stopSig atomic.Int32
	stopAt  atomic.Int64
}

// Start starts the command. A command that cannot be started returns a
// *StartError.
func Start(c Config) (*Process, error) {
	if len(c.Args) == 0 {
		return nil, errors.New("no command to run")
	}
	path := c.Path
	if path == "" {
		var err error
		if path, err = LookPath(c.Args[0]); err != nil {
			return nil, err
		}
	}
	// In the terminal's foreground the child stays in terse's group, so the
	// terminal reaches it too (see forwarder).
	terminal := term.InForeground(c.Stdin)
	cmd := &exec.Cmd{
		Path:        path,
		Args:        c.Args,
		Env:         c.Env,
		Dir:         c.Dir,
		Stdin:       c.Stdin,
		SysProcAttr: sysProcAttr(!terminal),
		// Only used for a Stdin that is not a file: do not wait for its
		// copy after the child exited.
		WaitDelay: time.Second,
	}
	p := &Process{cmd: cmd, done: make(chan struct{}), closed: make(chan struct{})}
	var toClose []*os.File
	closeAll := func() {
		for _, f := range toClose {
			f.Close()
		}
	}
	if c.Stdout != nil || c.Stderr != nil {
		cmd.Stdout, cmd.Stderr = c.Stdout, c.Stderr
	} else {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, fmt.Errorf("creating the output pipe: %w", err)
		}
		toClose = append(toClose, w)
		cmd.Stdout, cmd.Stderr = w, w
		pr := &pipeReader{f: r, p: p}
		p.Output = pr
		p.readers = append(p.readers, pr)
		if c.SplitStderr {
			er, ew, err := os.Pipe()
			if err != nil {
				r.Close()
				closeAll()
				return nil, fmt.Errorf("creating the stderr pipe: %w", err)
			}
			toClose = append(toClose, ew)
			cmd.Stderr = ew
			epr := &pipeReader{f: er, p: p}
			p.Stderr = epr
			p.readers = append(p.readers, epr)
		}
	}
	// Catch the signals before the child exists, so none is lost between
	// its start and the forwarder's.
	p.sigs = catchSignals()
	adoptOrphans()
	if err := cmd.Start(); err != nil {
		releaseSignals(p.sigs)
		closeAll()
		for _, r := range p.readers {
			r.f.Close()
		}
		return nil, execFailure(c.Args[0], path, err)
	}
	// The child holds its own copies of the write ends; terse's must go,
	// or the pipe never reaches end of file.
	closeAll()
	startedChild(cmd.Process.Pid)
	p.fwd = &forwarder{pid: cmd.Process.Pid, terminal: terminal, tree: treeOf}
	go p.forward()
	go p.wait()
	if c.Watch != nil {
		go watchClosed(c.Watch, p.closed, func() { p.stop(syscall.SIGPIPE) })
	}
	return p, nil
}

// forward relays the signals terse receives until Close: after the child
// exited, a stop signal still cuts the reading short and stops what the
// child left behind, and terse, catching it, lives to print what it has.
func (p *Process) forward() {
	for {
		select {
		case s := <-p.sigs:
			sig, ok := s.(syscall.Signal)
			if !ok {
				continue
			}
			if p.exitAt.Load() != 0 {
				// Its pid may be another process's by now.
				if stopSignal(sig) {
					p.interrupt(sig)
				}
				continue
			}
			if stopSignal(sig) && p.fwd.forwards(sig) {
				// Recorded first: the child may die of it before
				// handle returns, and its end must read as ours.
				p.interrupt(sig)
			}
			p.fwd.handle(sig)
		case <-p.closed:
			return
		}
	}
}

// stop stops the command as sig would, and records it as an interruption.
func (p *Process) stop(sig syscall.Signal) {
	switch {
	case p.exitAt.Load() == 0:
		p.fwd.send(sig)
	case !p.fwd.terminal:
		// The command is gone but what it left in the background holds
		// the output (orphans terse adopted): they get sig now, not only
		// killAll's SIGKILL, which comes too late when terse is done
		// with the run before killGrace is up (a slow host, -race).
		p.fwd.sendAll(sig)
	}
	p.interrupt(sig)
}

// interrupt records that terse stops the command because of sig: the
// group gets killGrace to end, then SIGKILL, and the output is read until
// shortly after.
func (p *Process) interrupt(sig syscall.Signal) {
	if !p.stopSig.CompareAndSwap(0, int32(sig)) {
		return
	}
	now := time.Now()
	p.stopAt.Store(now.UnixNano())
	p.limitReading(now.Add(killGrace + cutGrace))
	time.AfterFunc(killGrace, p.killAll)
}

// killAll kills what remains of the command: all its processes outside a
// terminal's foreground, else the child if it still runs.
func (p *Process) killAll() {
	select {
	case <-p.closed:
		// Done with: the orphans terse holds now are another's.
		return
	default:
	}
	if !p.fwd.terminal {
		p.fwd.sendAll(syscall.SIGKILL)
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
}

// Interrupted reports the signal that made terse stop the command (INT,
// TERM, HUP received, or PIPE when terse's own output was closed) and when
// it came; 0 if none did.
func (p *Process) Interrupted() (syscall.Signal, time.Time) {
	sig := syscall.Signal(p.stopSig.Load())
	if sig == 0 {
		return 0, time.Time{}
	}
	return sig, time.Unix(0, p.stopAt.Load())
}

// limitReading makes reading the output end by t at the latest, once the
// child has exited.
func (p *Process) limitReading(t time.Time) {
	for {
		cur := p.readUntil.Load()
		if cur != 0 && cur <= t.UnixNano() {
			return
		}
		if p.readUntil.CompareAndSwap(cur, t.UnixNano()) {
			break
		}
	}
	if p.exitAt.Load() != 0 {
		p.wakeReaders()
	}
}

// wakeReaders sets the readers' deadlines for the next window.
func (p *Process) wakeReaders() {
	deadline := time.Now().Add(idleGrace)
	if until := time.Unix(0, p.readUntil.Load()); until.Before(deadline) {
		deadline = until
	}
	for _, r := range p.readers {
		_ = r.f.SetReadDeadline(deadline)
	}
}

func (p *Process) wait() {
	err := p.cmd.Wait()
	exit := time.Now()
	waitedChild(p.cmd.Process.Pid)
	st := Status{Code: -1}
	if ps := p.cmd.ProcessState; ps != nil {
		st.Code = ps.ExitCode()
		if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			st.Signal = ws.Signal()
		}
	} else if err != nil {
		p.waitErr = fmt.Errorf("waiting for the command: %w", err)
	}
	p.status = st
	p.limitReading(exit.Add(hardGrace))
	p.exitAt.Store(exit.UnixNano())
	if st.Signal != 0 && p.stopSig.Load() == 0 && !p.fwd.terminal {
		// Killed on its own: what it started is stopped as if terse had
		// been asked to (it is no use without it, and holds the output).
		p.fwd.sendAll(syscall.SIGTERM)
		p.limitReading(exit.Add(killGrace + cutGrace))
		time.AfterFunc(killGrace, p.killAll)
	}
	// Wake up readers blocked on a pipe a background process holds open.
	p.wakeReaders()
	close(p.done)
}

// Wait waits for the child to exit and returns how it ended. It does not
// wait for Output to be read; read it to its end first, or the child may
// block on a full pipe.
func (p *Process) Wait() (Status, error) {
	<-p.done
	return p.status, p.waitErr
}

// Pid is the child's process id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// OutputCut reports whether reading stopped while a background process the
// child left still held the output open.
func (p *Process) OutputCut() bool {
	for _, r := range p.readers {
		if r.cut.Load() {
			return true
		}
	}
	return false
}

// Close stops catching signals and releases the read ends of the pipes.
// Call it once the run's output has been written: until then, a signal to
// terse stops the command and lets terse print what it has.
func (p *Process) Close() {
	p.once.Do(func() {
		releaseSignals(p.sigs)
		close(p.closed)
		for _, r := range p.readers {
			r.f.Close()
		}
	})
}

// pipeReader reads one of the child's pipes. Before the child exits it reads
// as any pipe. After, the reader's deadline marks windows of idleGrace: a
// window in which nothing arrives ends the output.
type pipeReader struct {
	f   *os.File
	p   *Process
	cut atomic.Bool
	mu  sync.Mutex
}

func (r *pipeReader) Read(b []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n, err := r.f.Read(b)
	if n > 0 || !errors.Is(err, os.ErrDeadlineExceeded) {
		return n, err
	}
	// The deadline is only ever set once the child has exited. It may have
	// passed while the consumer was busy, with data waiting in the pipe:
	// look again for one more window before calling the pipe quiet.
	until := time.Unix(0, r.p.readUntil.Load())
	if r.p.exitAt.Load() != 0 && time.Now().Before(until) {
		deadline := time.Now().Add(idleGrace)
		if until.Before(deadline) {
			deadline = until
		}
		_ = r.f.SetReadDeadline(deadline)
		n, err = r.f.Read(b)
		if n > 0 || !errors.Is(err, os.ErrDeadlineExceeded) {
			return n, err
		}
	}
	r.cut.Store(true)
	return 0, io.EOF
}

// SignalName is the short name of a signal: TERM, INT, KILL...
func SignalName(s syscall.Signal) string {
	if n, ok := signalNames[s]; ok {
		return n
	}
	return fmt.Sprintf("%d", int(s))
}

var signalNames = map[syscall.Signal]string{
	syscall.SIGHUP: "HUP", syscall.SIGINT: "INT", syscall.SIGQUIT: "QUIT", syscall.SIGILL: "ILL",
	syscall.SIGTRAP: "TRAP", syscall.SIGABRT: "ABRT", syscall.SIGBUS: "BUS", syscall.SIGFPE: "FPE",
	syscall.SIGKILL: "KILL", syscall.SIGSEGV: "SEGV", syscall.SIGPIPE: "PIPE", syscall.SIGALRM: "ALRM",
	syscall.SIGTERM: "TERM",
}
