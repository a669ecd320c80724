//go:build unix

package runner

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// inTerminalForeground reports whether stdin is terse's controlling terminal
// and terse's process group is that terminal's foreground group: the
// terminal then sends Ctrl-C to terse and its child alike, and the child may
// read from it (see forwarder).
func inTerminalForeground(stdin io.Reader) bool {
	f, ok := stdin.(*os.File)
	if !ok || f == nil {
		return false
	}
	sc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var pgrp int32
	var errno syscall.Errno
	if err := sc.Control(func(fd uintptr) {
		// ENOTTY for anything but the controlling terminal.
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, uintptr(syscall.TIOCGPGRP), uintptr(unsafe.Pointer(&pgrp)))
	}); err != nil || errno != 0 {
		return false
	}
	return int(pgrp) == syscall.Getpgrp()
}
