//go:build !unix

package ledger

import "os"

// lock is a no-op where flock does not exist; O_APPEND writes of one short
// line are what keeps entries whole there.
func lock(*os.File) (unlock func()) { return func() {} }
