//go:build !unix

package statedir

import (
	"io/fs"
	"os"
)

// Without O_NOFOLLOW the link check rests on the Lstat before opening.
const (
	oNoFollow  = 0
	oNonBlock  = 0
	oDirectory = 0
)

var currentUID = os.Geteuid

// owner is unknown where files have no uid.
func owner(fs.FileInfo) (uint32, bool) { return 0, false }
