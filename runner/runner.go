// Package runner runs the command terse wraps. The child's stdout and stderr
// share one pipe, so their interleaving is the tool's own; stdin is passed
// through; SIGINT, SIGTERM, SIGHUP and SIGQUIT are forwarded (see forwarder);
// and the exit status maps to an exit code the way shells do it (128+N for
// signal N).
//
// terse never leaves the child running: it waits for it, and on Linux the
// child is killed if terse itself dies abruptly (a parent-death signal).
package runner

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
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

// Config describes the command to run.
type Config struct {
	// Args is the program and its arguments; Args[0] is looked up in PATH.
	Args []string
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
// a shell gives the same failure: 127 for a command that does not exist, 126
// for one that exists but cannot be executed.
type StartError struct {
	Code int
	Name string
	Err  error
}

func (e *StartError) Error() string {
	switch e.Code {
	case 127:
		return e.Name + ": command not found"
	default:
		return fmt.Sprintf("%s: cannot execute: %v", e.Name, e.Err)
	}
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
	done    chan struct{}
	status  Status
	waitErr error
	exitAt  atomic.Int64 // unix nanoseconds of the exit, 0 while running
	readers []*pipeReader
}

// forwardedSignals are relayed to the child. Signals a terminal sends to a
// whole process group (INT, QUIT, HUP) get the care described in forwarder.
var forwardedSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// Start starts the command. A command that cannot be started returns a
// *StartError.
func Start(c Config) (*Process, error) {
	if len(c.Args) == 0 {
		return nil, errors.New("no command to run")
	}
	path, err := LookPath(c.Args[0])
	if err != nil {
		return nil, err
	}
	cmd := &exec.Cmd{
		Path:        path,
		Args:        c.Args,
		Env:         c.Env,
		Dir:         c.Dir,
		Stdin:       c.Stdin,
		SysProcAttr: sysProcAttr(),
		// Only used for a Stdin that is not a file: do not wait for its
		// copy after the child exited.
		WaitDelay: time.Second,
	}
	p := &Process{cmd: cmd, done: make(chan struct{})}
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
	p.sigs = make(chan os.Signal, 8)
	signal.Notify(p.sigs, forwardedSignals...)
	if err := cmd.Start(); err != nil {
		signal.Stop(p.sigs)
		closeAll()
		for _, r := range p.readers {
			r.f.Close()
		}
		return nil, &StartError{Code: 126, Name: c.Args[0], Err: unwrapPathError(err)}
	}
	// The child holds its own copies of the write ends; terse's must go,
	// or the pipe never reaches end of file.
	closeAll()
	p.fwd = &forwarder{pid: cmd.Process.Pid, terminal: inTerminalForeground()}
	go p.forward()
	go p.wait()
	return p, nil
}

func (p *Process) forward() {
	for {
		select {
		case s := <-p.sigs:
			if sig, ok := s.(syscall.Signal); ok {
				p.fwd.handle(sig)
			}
		case <-p.done:
			return
		}
	}
}

func (p *Process) wait() {
	err := p.cmd.Wait()
	p.exitAt.Store(time.Now().UnixNano())
	signal.Stop(p.sigs)
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
	// Wake up readers blocked on a pipe a background process holds open.
	deadline := time.Now().Add(idleGrace)
	for _, r := range p.readers {
		_ = r.f.SetReadDeadline(deadline)
	}
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

// Close releases the read ends of the pipes.
func (p *Process) Close() {
	for _, r := range p.readers {
		r.f.Close()
	}
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
	exit := r.p.exitAt.Load()
	if exit != 0 && time.Since(time.Unix(0, exit)) < hardGrace {
		_ = r.f.SetReadDeadline(time.Now().Add(idleGrace))
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
