//go:build !unix

package runner

import (
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// CanExec reports whether Exec can replace terse with the command.
const CanExec = false

// Exec is not available here: terse runs the command as a child instead.
func Exec(args []string) error { return errors.New("exec is not supported on this system") }

// forwardedSignals: on this system the console delivers Ctrl-C to the
// command itself, and terse forwards nothing.
var forwardedSignals = []os.Signal{os.Interrupt}

// forwarder forwards nothing here.
type forwarder struct {
	pid      int
	terminal bool
	tree     func(pid int) []int
}

func (f *forwarder) handle(sig syscall.Signal) bool { return false }

func (f *forwarder) send(sig syscall.Signal) bool { return false }

func (f *forwarder) forwards(sig syscall.Signal) bool { return false }

func stopSignal(s syscall.Signal) bool { return s == syscall.SIGINT }

func sysProcAttr(own bool) *syscall.SysProcAttr { return nil }

func (f *forwarder) sendAll(sig syscall.Signal) bool { return false }

var treeOf func(pid int) []int

func adoptOrphans()        {}
func startedChild(pid int) {}
func waitedChild(pid int)  {}

// catchSignals is a new channel that receives the forwarded signals until
// releaseSignals.
func catchSignals() chan os.Signal {
	ch := make(chan os.Signal, 8)
	signal.Notify(ch, forwardedSignals...)
	return ch
}

func releaseSignals(ch chan os.Signal) { signal.Stop(ch) }
