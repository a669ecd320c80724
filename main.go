// Command terse shapes developer tools' output for AI coding agents.
package main

import (
	"os"

	"github.com/terse-dev/terse/app"
)

func main() {
	env := app.OSEnv(isTerminal(os.Stdout))
	env.StdinTerminal = isTerminal(os.Stdin)
	os.Exit(app.Main(os.Args, env))
}

// isTerminal reports whether f is a terminal, without a dependency on a
// terminal library. A character device is not enough: /dev/null is one, and
// `terse run -- cmd >/dev/null` is not a human at a terminal.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0 && isTTY(f)
}
