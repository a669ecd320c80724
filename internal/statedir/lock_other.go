//go:build !unix

package statedir

import "os"

// LockFile is a no-op where flock does not exist; callers keep their own
// safety net (O_EXCL, O_APPEND).
func LockFile(*os.File) (unlock func()) { return func() {} }
