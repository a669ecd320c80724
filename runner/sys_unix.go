//go:build unix && !linux

package runner

import "syscall"

// sysProcAttr: this system has no parent-death signal. terse still waits for
// its child, but if terse alone is killed with SIGKILL the child may outlive
// it.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{} }
