//go:build unix

package term

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// InForeground reports whether stdin is the process's controlling terminal
// and the process's group is that terminal's foreground group: the terminal
// then sends Ctrl-C to the process and its children alike, and a child may
// read from it.
func InForeground(stdin io.Reader) bool {
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
