// Command terse shapes developer tools' output for AI coding agents.
package main

import (
	"os"

	"github.com/terse-dev/terse/internal/app"
	"github.com/terse-dev/terse/internal/term"
)

func main() {
	app.LimitMemory(os.Getenv)
	env := app.OSEnv(term.IsTerminal(os.Stdout))
	env.StdinTerminal = term.IsTerminal(os.Stdin)
	os.Exit(app.Main(os.Args, env))
}
