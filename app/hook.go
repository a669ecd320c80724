package app

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/agents"
	"github.com/terse-dev/terse/profiles"
)

// maxHookPayload bounds the hook's input: a payload is one tool call, and a
// command larger than this is left alone rather than read whole.
const maxHookPayload = 1 << 20

// hookCommand is `terse hook claude`: Claude Code's PreToolUse hook for the
// Bash tool (installed by `terse init claude`).
func hookCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:  "hook",
		Usage: "answer an agent's hook: route its shell commands through terse run (installed by terse init)",
		UsageText: "terse hook claude   reads a Claude Code PreToolUse payload on stdin\n\n" +
			"   A command that runs a tool terse has a profile for comes back as `terse run -- CMD`, with no\n" +
			"   permission decision: Claude Code checks the rewritten command as usual. Anything else, and any\n" +
			"   error, answers nothing: the command runs as Claude sent it.",
		Action: func(_ context.Context, c *cli.Command) error {
			if c.NArg() != 1 || c.Args().First() != "claude" {
				return usageErr("terse hook needs an agent: terse hook claude")
			}
			claudeHook(env)
			return nil
		},
	}
}

// claudeHook answers one PreToolUse call. It never fails the call: whatever
// goes wrong (a payload it cannot read, a panic), it prints nothing and
// exits 0, and the command runs unchanged. TERSE_HOOK_DEBUG=1 says on stderr
// why a command was left alone.
func claudeHook(env Env) {
	debug := env.Getenv("TERSE_HOOK_DEBUG") != ""
	note := func(format string, a ...any) {
		if debug {
			fmt.Fprintf(env.Stderr, "terse hook: "+format+"\n", a...)
		}
	}
	defer func() {
		if p := recover(); p != nil {
			note("internal error: %v", p)
		}
	}()
	if disabled(env) {
		note("TERSE_DISABLE is set")
		return
	}
	payload, err := io.ReadAll(io.LimitReader(env.Stdin, maxHookPayload+1))
	if err != nil || len(payload) > maxHookPayload {
		note("payload not read (%v, %d bytes)", err, len(payload))
		return
	}
	// The profiles are loaded when a command first needs them: a call
	// with nothing to look up (an assignment, a pipe's writer only, a
	// command that does not parse) costs no profile loading.
	var known func([]string) bool
	lookup := func(argv []string) bool {
		if known == nil {
			// Names and commands only: the hook shapes nothing.
			set, err := profiles.CommandSet(profilesDir(env))
			if err != nil {
				note("%v; using the built-in profiles", err)
				if set, err = profiles.CommandSet(""); err != nil {
					note("profiles: %v", err)
					known = func([]string) bool { return false }
					return false
				}
			}
			known = agents.Tools(set)
		}
		return known(argv)
	}
	h := agents.ClaudeHook{
		Known: lookup,
		Rules: func(cwd string) (agents.Rules, error) {
			return agents.ReadClaudeRules(agents.ClaudeSettingsPaths(claudePlaces(env, cwd)))
		},
	}
	out, err := h.Answer(payload)
	if err != nil {
		note("%v", err)
		return
	}
	if out == nil {
		return
	}
	// The rewrite runs `terse`: it must be found where the command runs.
	if _, err := exec.LookPath("terse"); err != nil {
		note("terse is not on PATH")
		return
	}
	_, _ = env.Stdout.Write(out)
}

// claudePlaces is where Claude Code's settings files are for this session.
func claudePlaces(env Env, cwd string) agents.SettingsPlaces {
	p := agents.SettingsPlaces{
		Home:       env.Getenv("HOME"),
		ConfigDir:  env.Getenv("CLAUDE_CONFIG_DIR"),
		ProjectDir: env.Getenv("CLAUDE_PROJECT_DIR"),
		Cwd:        cwd,
		Managed:    agents.ManagedSettings,
	}
	if p.Cwd == "" || !filepath.IsAbs(p.Cwd) {
		p.Cwd = env.Cwd
	}
	return p
}
