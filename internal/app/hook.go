package app

import (
	"context"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/agents"
)

// hookCommand is `terse hook claude`: Claude Code's PreToolUse hook for the
// Bash tool (installed by `terse init claude`).
func hookCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:  "hook",
		Usage: "answer an agent's hook: route its shell commands through terse run (installed by terse init)",
		UsageText: "terse hook claude        reads a Claude Code PreToolUse payload on stdin\n" +
			"   terse hook claude-post   reads a Claude Code PostToolUse payload on stdin (terse init claude --post)\n\n" +
			"   A command that runs a tool terse has a profile for comes back as `terse run -- CMD`, with no\n" +
			"   permission decision: Claude Code checks the rewritten command as usual. Anything else, and any\n" +
			"   error, answers nothing: the command runs as Claude sent it.",
		Action: func(_ context.Context, c *cli.Command) error {
			if c.NArg() == 1 && c.Args().First() == "claude-post" {
				claudePostHook(env)
				return nil
			}
			if post := agentPostHook(c.Args().First()); post != nil && c.NArg() == 1 {
				post(env)
				return nil
			}
			if c.NArg() != 1 || c.Args().First() != "claude" {
				return usageErr("terse hook needs an agent: terse hook claude (or claude-post)")
			}
			claudeHook(env)
			return nil
		},
	}
}

// claudeHook answers one PreToolUse call (see agents.RunClaudeHook).
func claudeHook(env Env) {
	agents.RunClaudeHook(agents.HookEnv{Stdin: env.Stdin, Stdout: env.Stdout, Stderr: env.Stderr,
		Getenv: env.Getenv, Cwd: env.Cwd, ProfilesDir: profilesDir(env)})
}
