//go:build unix

package runner

import (
	"os"
	"syscall"
	"unsafe"
)

// inTerminalForeground reports whether terse has a controlling terminal and
// its process group is that terminal's foreground group: the terminal then
// sends Ctrl-C to terse and its child alike.
func inTerminalForeground() bool {
	tty, err := os.Open("/dev/tty")
	if err != nil {
		return false // no controlling terminal
	}
	defer tty.Close()
	var pgrp int32
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, tty.Fd(), uintptr(syscall.TIOCGPGRP), uintptr(unsafe.Pointer(&pgrp)))
	if errno != 0 {
		return false
	}
	return int(pgrp) == syscall.Getpgrp()
}
