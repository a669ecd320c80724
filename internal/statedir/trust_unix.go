//go:build unix

package statedir

import (
	"io/fs"
	"os"
	"syscall"
)

const (
	oNoFollow  = syscall.O_NOFOLLOW
	oNonBlock  = syscall.O_NONBLOCK
	oDirectory = syscall.O_DIRECTORY
)

// currentUID is the user terse runs as; a variable so tests can pretend
// to be someone else.
var currentUID = os.Geteuid

// owner is the uid that owns the file fi describes.
func owner(fi fs.FileInfo) (uint32, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return st.Uid, true
}
