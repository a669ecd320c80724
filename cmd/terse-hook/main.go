// Command terse-hook is `terse hook claude` in a small binary: Claude Code
// runs it before every Bash call, and without terse's shaping libraries it
// starts faster than terse does (see BENCHMARKS.md, Start-up). `terse init
// claude` installs it when it is on PATH.
package main

import (
	"os"

	"github.com/terse-dev/terse/agents"
)

func main() { os.Exit(agents.HookMain(os.Args, agents.OSHookEnv())) }
