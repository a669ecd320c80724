package runner

import "syscall"

// sysProcAttr has the kernel kill the child if terse dies without waiting
// for it (a SIGKILL of terse alone by an impatient harness): terse never
// leaves its child running. With own, the child leads a session of its own
// (see forwarder).
//
// Pdeathsig fires when the thread that started the child exits; Go keeps
// its threads for the life of the process unless a goroutine locked to one
// exits, and terse locks none.
func sysProcAttr(own bool) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setsid: own}
}
