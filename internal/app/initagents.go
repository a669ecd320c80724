package app

import (
	"fmt"
	"os"
	"os/exec"

	"github.com/terse-dev/terse/internal/agents"
)

// installers are the agents besides Claude Code that terse init installs
// into; the others get the setup to do by hand (agents.Snippet).
var installers = map[string]func(Env, initOpts) error{
	"opencode": initOpenCode,
}

// initOpenCode writes terse's OpenCode plugin to the project's
// .opencode/plugin (--global: the user's config directory), or removes it.
func initOpenCode(env Env, o initOpts) error {
	if o.local || o.post {
		return usageErr("terse init opencode takes --global and --uninstall only")
	}
	cwd := env.Cwd
	if cwd == "" {
		var err error
		if cwd, err = os.Getwd(); err != nil {
			return &ExitError{Code: 1, Err: err}
		}
	}
	dir, err := agents.OpenCodeConfigDir(env.Getenv, cwd, o.global)
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	path := agents.OpenCodePluginPath(dir)
	if o.uninstall {
		removed, err := agents.UninstallOpenCodePlugin(path)
		if err != nil {
			return editError(path, err)
		}
		if !removed {
			fmt.Fprintf(env.Stdout, "terse's plugin is not at %s: nothing to remove\n", path)
			return nil
		}
		fmt.Fprintf(env.Stdout, "removed terse's plugin %s\n", path)
		return nil
	}
	changed, err := agents.InstallOpenCodePlugin(path)
	if err != nil {
		return editError(path, err)
	}
	if changed {
		fmt.Fprintf(env.Stdout, "added terse's OpenCode plugin %s\n", path)
	} else {
		fmt.Fprintf(env.Stdout, "terse's OpenCode plugin is already at %s\n", path)
	}
	fmt.Fprint(env.Stdout, "From its next session on, once OpenCode has run a bash command (asked, allowed or denied by its\n"+
		"permission rules exactly as without terse: the plugin acts only after the run), the model reads terse's\n"+
		"shaped report of the output, with the exit code, which OpenCode does not show, on its first line.\n"+
		"Commands terse has no profile for keep their output unless the report is smaller.\n")
	if _, err := exec.LookPath("terse"); err != nil {
		fmt.Fprintln(env.Stderr, "terse: warning: terse is not on PATH; the plugin leaves every result unchanged until it is")
	}
	return nil
}
