// Command terse-hook is `terse hook claude` in a small binary: Claude Code
// runs it before every Bash call, and without terse's shaping libraries it
// starts faster than terse does (see BENCHMARKS.md, Start-up). `terse init
// claude` installs it when it is on PATH.
package main

import (
	"os"

	"github.com/terse-dev/terse/agents"
	"github.com/terse-dev/terse/commands"
)

func main() {
	cwd, _ := os.Getwd()
	os.Exit(agents.HookMain(os.Args, agents.HookEnv{
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Getenv: os.Getenv, Cwd: cwd, ProfilesDir: commands.UserDir(os.Getenv),
	}))
}
