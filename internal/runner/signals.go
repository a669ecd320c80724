//go:build unix

package runner

import (
	"os"
	"syscall"
)

func init() {
	// Their numbers differ between systems, and Windows has none.
	signalNames[syscall.SIGUSR1] = "USR1"
	signalNames[syscall.SIGUSR2] = "USR2"
	signalNames[syscall.SIGWINCH] = "WINCH"
}

// forwardedSignals are relayed to the child, as described on forwarder.
var forwardedSignals = []os.Signal{
	syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT,
	syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGALRM, syscall.SIGWINCH,
}

// forwarder relays the signals terse receives to the child.
//
// Outside a terminal's foreground (an agent harness, a CI job, a pipe) the
// signals that stop a command (INT, TERM, HUP, QUIT, and PIPE when terse's
// output is gone) go to everything the command started: `sh -c 'a; b'` or
// `go test` stop with all their processes, as a job of a shell does. On
// Linux the child stays in terse's process group (so that a harness's kill
// of that group reaches it, see sysProcAttr) and "everything" is its
// process tree; elsewhere the child leads a session of its own, and it is
// that session's group. The others (USR1, USR2, ALRM, WINCH) are the
// command's own business and go to the child alone, as they would reach it
// without terse.
//
// In the foreground of a terminal, with the terminal as stdin, the child
// stays in terse's process group, so that it can read the terminal and the
// terminal's Ctrl-C and Ctrl-Z reach it and all it started, directly. A
// Ctrl-C then reaches the child at the same moment as terse: forwarding it
// would deliver it twice, and many tools read a second Ctrl-C as "quit now,
// skip the cleanup". So there the first INT, QUIT or HUP of each kind is
// taken to have come from the terminal and is not forwarded; any later one
// is (a user who presses Ctrl-C again, or a `kill -INT` aimed at terse
// alone). WINCH, which the terminal sends to the whole group, is not
// forwarded there at all.
type forwarder struct {
	pid int
	// terminal is true when terse is in its terminal's foreground group
	// and the child shares that group; false when the child leads its own.
	terminal bool
	seen     map[syscall.Signal]int
	// kill sends a signal; syscall.Kill unless a test replaces it.
	kill func(pid int, sig syscall.Signal) error
	// tree lists the processes of the command whose child is pid; nil
	// when the child leads a group of its own, which stands for them.
	tree func(pid int) []int
}

// terminalSignal reports whether a terminal sends s to its foreground group.
func terminalSignal(s syscall.Signal) bool {
	return s == syscall.SIGINT || s == syscall.SIGQUIT || s == syscall.SIGHUP
}

// stopSignal reports whether s asks terse to stop the command: terse then
// makes sure it ends and prints what it has read so far.
func stopSignal(s syscall.Signal) bool {
	return s == syscall.SIGINT || s == syscall.SIGTERM || s == syscall.SIGHUP
}

// groupSignal reports whether s goes to the child's whole group.
func groupSignal(s syscall.Signal) bool {
	switch s {
	case syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGPIPE, syscall.SIGKILL:
		return true
	}
	return false
}

// handle forwards sig as described on forwarder. It reports whether the
// signal was sent.
// forwards reports whether handle would send sig now, without changing
// what it remembers: a stop signal is recorded before it is sent, so that
// the child's death of it is never taken for a death of its own.
func (f *forwarder) forwards(sig syscall.Signal) bool {
	if f.terminal && sig == syscall.SIGWINCH {
		return false
	}
	return !(f.terminal && terminalSignal(sig) && f.seen[sig] == 0)
}

func (f *forwarder) handle(sig syscall.Signal) bool {
	if f.terminal && sig == syscall.SIGWINCH {
		return false
	}
	if f.terminal && terminalSignal(sig) {
		if f.seen == nil {
			f.seen = map[syscall.Signal]int{}
		}
		f.seen[sig]++
		if f.seen[sig] == 1 {
			return false
		}
	}
	return f.send(sig)
}

// send sends sig to all the command's processes, or to the child alone (see
// forwarder). It reports whether the signal was sent.
func (f *forwarder) send(sig syscall.Signal) bool {
	if !f.terminal && groupSignal(sig) {
		return f.sendAll(sig)
	}
	return f.signal(f.pid, sig)
}

// sendAll sends sig to every process of the command: its tree, or the
// group its child leads. It reports whether one got it.
func (f *forwarder) sendAll(sig syscall.Signal) bool {
	if f.tree == nil {
		return f.signal(-f.pid, sig)
	}
	sent := false
	for _, pid := range f.tree(f.pid) {
		if f.signal(pid, sig) {
			sent = true
		}
	}
	return sent
}

func (f *forwarder) signal(pid int, sig syscall.Signal) bool {
	kill := f.kill
	if kill == nil {
		kill = syscall.Kill
	}
	return kill(pid, sig) == nil
}
