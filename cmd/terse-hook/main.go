// Command terse-hook is `terse hook claude` in a small binary: Claude Code
// runs it before every Bash call, and without terse's shaping libraries it
// starts faster than terse does (see BENCHMARKS.md, Start-up). `terse init
// claude` installs it when it is on PATH.
package main

import (
	"fmt"
	"os"

	"github.com/terse-dev/terse/internal/agents"
	"github.com/terse-dev/terse/internal/buildinfo"
)

func main() { os.Exit(run(os.Args, agents.OSHookEnv())) }

// run is the hook, plus --version: the same line as terse's, so that a bug
// report names the hook's build too (it may differ from terse's).
func run(args []string, env agents.HookEnv) int {
	if len(args) == 2 && args[1] == "--version" {
		if _, err := fmt.Fprintf(env.Stdout, "terse-hook version %s\n", buildinfo.Read()); err != nil {
			return 1
		}
		return 0
	}
	return agents.HookMain(args, env)
}
