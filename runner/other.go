//go:build !unix

package runner

import (
	"errors"
	"syscall"
)

// CanExec reports whether Exec can replace terse with the command.
const CanExec = false

// Exec is not available here: terse runs the command as a child instead.
func Exec(args []string) error { return errors.New("exec is not supported on this system") }

// forwarder: on this system the console delivers Ctrl-C to the command
// itself, and terse forwards nothing.
type forwarder struct {
	pid      int
	terminal bool
}

func (f *forwarder) handle(sig syscall.Signal) bool { return false }

func sysProcAttr() *syscall.SysProcAttr { return nil }

func inTerminalForeground() bool { return false }
