// Command terse shapes developer tools' output for AI coding agents.
package main

import (
	"os"

	"github.com/terse-dev/terse/app"
)

func main() {
	os.Exit(app.Main(os.Args, app.OSEnv(isTerminal(os.Stdout))))
}

// isTerminal reports whether f is a character device (a terminal), without
// a dependency on a terminal library.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
