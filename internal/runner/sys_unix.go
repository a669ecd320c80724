//go:build unix && !linux

package runner

import "syscall"

// sysProcAttr: this system has no parent-death signal. terse still waits for
// its child, but if terse alone is killed with SIGKILL the child may outlive
// it. With own, the child leads a session of its own (see forwarder), and
// what terse stops it stops as that session's group.
func sysProcAttr(own bool) *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: own} }

// treeOf is nil here: the child's group stands for its tree.
var treeOf func(pid int) []int

func adoptOrphans()        {}
func startedChild(pid int) {}
func waitedChild(pid int)  {}
