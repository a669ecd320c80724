// Package term is the one place that decides what a terminal is, for terse's
// main (is a human reading stdout, is anybody piping into stdin) and for the
// runner (may the child share terse's terminal). It asks the terminal driver
// directly rather than depending on a terminal library.
package term

import "os"

// IsTerminal reports whether f is a terminal. A character device is not
// enough: /dev/null is one, and `terse run -- cmd >/dev/null` is not a human
// at a terminal.
func IsTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0 && isTTY(f)
}
