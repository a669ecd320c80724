//go:build unix

package runner

import "syscall"

func init() {
	// Their numbers differ between systems, and Windows has none.
	signalNames[syscall.SIGUSR1] = "USR1"
	signalNames[syscall.SIGUSR2] = "USR2"
}

// forwarder relays the signals terse receives to the child.
//
// The child stays in terse's process group, as children of npm, npx or uv
// do: a harness that signals or kills the whole group reaches the child and
// everything it started, directly.
//
// When terse runs in the foreground of a terminal, a Ctrl-C reaches the child
// from the terminal itself, at the same moment as terse: forwarding it would
// deliver it twice, and many tools read a second Ctrl-C as "quit now, skip
// the cleanup". So there the first INT, QUIT or HUP of each kind is taken to
// have come from the terminal and is not forwarded; any later one is (a user
// who presses Ctrl-C again, or a `kill -INT` aimed at terse alone). Without a
// terminal, and for TERM everywhere, every signal is forwarded.
type forwarder struct {
	pid int
	// terminal is true when terse is in its terminal's foreground group.
	terminal bool
	seen     map[syscall.Signal]int
	// kill sends a signal; syscall.Kill unless a test replaces it.
	kill func(pid int, sig syscall.Signal) error
}

// terminalSignal reports whether a terminal sends s to its foreground group.
func terminalSignal(s syscall.Signal) bool {
	return s == syscall.SIGINT || s == syscall.SIGQUIT || s == syscall.SIGHUP
}

// handle forwards sig as described on forwarder. It reports whether the
// signal was sent.
func (f *forwarder) handle(sig syscall.Signal) bool {
	kill := f.kill
	if kill == nil {
		kill = syscall.Kill
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
	return kill(f.pid, sig) == nil
}
