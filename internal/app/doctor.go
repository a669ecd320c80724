package app

import (
	"context"
	"fmt"
	"os"
	"os/exec"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/agents"
	"github.com/terse-dev/terse/internal/commands"
)

// doctorCommand is `terse doctor`: what terse's Claude Code setup does in
// the current directory, and why.
func doctorCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:  "doctor",
		Usage: "say which hook is installed for this directory, which permission rules apply, and what the hook does with a test command",
		UsageText: "terse doctor [COMMAND]\n\n" +
			"   Reads the Claude Code settings files the hook reads (managed, user, project and local, in this\n" +
			"   directory and its parents; allow rules count only from managed, ~/.claude/settings.json and\n" +
			"   $CLAUDE_PROJECT_DIR's .claude/settings*.json) and says, for COMMAND (default: the test command of the project\n" +
			"   here), whether the hook rewrites it, with which permission outcome, or leaves it alone.",
		Action: func(_ context.Context, c *cli.Command) error { return doctor(env, c.Args().Slice()) },
	}
}

func doctor(env Env, args []string) error {
	cwd := env.Cwd
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	out := env.Stdout
	fmt.Fprintf(out, "terse doctor: Claude Code in %s\n", cwd)
	for _, bin := range []string{"terse", "terse-hook"} {
		if p, err := exec.LookPath(bin); err == nil {
			fmt.Fprintf(out, "%s: %s\n", bin, p)
		} else if bin == "terse" {
			fmt.Fprintln(out, "terse: not on PATH: the hook leaves every command alone until it is")
		} else {
			fmt.Fprintln(out, "terse-hook: not on PATH (optional: the smaller hook binary)")
		}
	}
	// Claude Code gives the hook its project directory; a doctor run in a
	// terminal has none, and takes the directory it runs in for the one a
	// session would be started in.
	project := env.Getenv("CLAUDE_PROJECT_DIR")
	if project == "" {
		project = cwd
		fmt.Fprintf(out, "project: %s (no $CLAUDE_PROJECT_DIR: a session started here)\n", project)
	} else {
		fmt.Fprintf(out, "project: %s ($CLAUDE_PROJECT_DIR)\n", project)
	}
	setup := agents.InspectClaude(agents.SettingsPlaces{
		Home: env.Getenv("HOME"), ConfigDir: env.Getenv("CLAUDE_CONFIG_DIR"),
		ProjectDir: project, Cwd: cwd, Managed: agents.ManagedSettings,
		ManagedDirs: agents.ManagedSettingsDirs,
	})
	if len(setup.Hooks) == 0 {
		fmt.Fprintln(out, "hook: none installed (terse init claude installs it)")
	}
	for _, h := range setup.Hooks {
		fmt.Fprintf(out, "hook: %s %s runs `%s` (%s)\n", h.Event, h.Matcher, h.Command, h.Path)
	}
	mode := setup.DefaultMode
	if mode == "" {
		fmt.Fprintln(out, "permission mode: default (no settings file sets defaultMode; a session may start in another)")
		mode = agents.ModeDefault
	} else {
		fmt.Fprintf(out, "permission mode: %s (defaultMode in %s)\n", mode, setup.ModeFrom)
	}
	r := setup.Rules
	fmt.Fprintf(out, "Bash rules: %d allow, %d ask, %d deny, from %d settings files\n", len(r.Allow), len(r.Ask), len(r.Deny), len(setup.Paths))
	for _, u := range r.Uncounted {
		fmt.Fprintf(out, "  %s\n", u)
	}
	if r.NoBypass {
		fmt.Fprintln(out, "bypassPermissions: disabled by disableBypassPermissionsMode (the hook rewrites nothing in it)")
	}
	for _, p := range setup.Problems {
		fmt.Fprintf(out, "unreadable settings: %s (the hook leaves every command alone while it is)\n", p)
	}
	user, err := commands.ReadDir(profilesDir(env))
	if err != nil {
		fmt.Fprintf(out, "profiles: %v; the built-in profiles answer\n", err)
		user = nil
	}
	set := commands.NewSet(commands.Builtin, user)
	if w := env.Getenv("TERSE_WRAP"); w != "" {
		fmt.Fprintf(out, "TERSE_WRAP: %s\n", w)
	}
	cmds := args
	if len(cmds) == 0 {
		cmds = (&agents.Project{Dir: cwd}).Commands()
		if len(cmds) == 0 {
			cmds = []string{"go test ./...", "npx jest", "pytest"}
			fmt.Fprintln(out, "project commands: none found (no package.json scripts, Makefile or justfile targets); the common ones:")
		} else {
			fmt.Fprintf(out, "project commands: %d (package.json scripts, Makefile and justfile targets, ...)\n", len(cmds))
		}
	}
	reach := func() *agents.Reach { return agents.NewReach(func() *commands.Set { return set }, cwd, env.Getenv) }
	for _, cmd := range cmds {
		outcome := setup.Outcome(cmd, mode, reach())
		fmt.Fprintf(out, "%s\n  in %s: %s\n", cmd, mode, outcome)
		printAllowFix(out, project, cmd, outcome)
		if mode != agents.ModeBypass && setup.PreHooked() {
			fmt.Fprintf(out, "  in bypassPermissions: %s\n", setup.Outcome(cmd, agents.ModeBypass, reach()))
		}
	}
	doctorOtherAgents(env, out, cwd, cmds, reach().Known())
	return nil
}
