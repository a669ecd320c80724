//go:build !unix

package term

import "io"

// InForeground: without job control there is no foreground group to share;
// the console delivers Ctrl-C to every process attached to it.
func InForeground(stdin io.Reader) bool { return false }
