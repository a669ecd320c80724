package term

import (
	"fmt"
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a new pseudo-terminal pair, as posix_openpt(3), unlockpt(3)
// and ptsname(3) do on Linux.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	var unlock int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); errno != 0 {
		t.Fatalf("unlockpt: %v", errno)
	}
	var n uint32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); errno != 0 {
		t.Fatalf("ptsname: %v", errno)
	}
	// O_NOCTTY: the test must not take the terminal as its controlling one.
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("cannot open the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { slave.Close() })
	return master, slave
}

func TestPseudoTerminal(t *testing.T) {
	master, slave := openPTY(t)
	if !IsTerminal(slave) {
		t.Error("IsTerminal(pty) = false")
	}
	if !IsTerminal(master) {
		t.Error("IsTerminal(pty master) = false")
	}
	// A terminal, but not this process's controlling one: a child in it
	// would not get the terminal's Ctrl-C through terse's group.
	if InForeground(slave) {
		t.Error("InForeground(a pty that is not the controlling terminal) = true")
	}
}
