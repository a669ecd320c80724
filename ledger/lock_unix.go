//go:build unix

package ledger

import (
	"os"
	"syscall"
)

// lock takes an exclusive advisory lock on f and returns its release. If
// the file system refuses locks, the O_APPEND write alone must do.
func lock(f *os.File) (unlock func()) {
	fd := int(f.Fd())
	for {
		err := syscall.Flock(fd, syscall.LOCK_EX)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return func() {}
		}
		return func() { _ = syscall.Flock(fd, syscall.LOCK_UN) }
	}
}
