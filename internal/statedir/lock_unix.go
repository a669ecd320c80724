//go:build unix

package statedir

import (
	"os"
	"syscall"
)

// LockFile takes an exclusive advisory lock (flock) on f and returns its
// release. Where the file system refuses locks it returns a no-op: callers
// keep their own safety net (O_EXCL, O_APPEND).
func LockFile(f *os.File) (unlock func()) {
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
