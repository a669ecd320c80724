// Package agents connects terse to AI coding agents: the Claude Code hook
// that routes an agent's shell commands through `terse run`, the settings it
// installs, and the skill that teaches an agent to read terse's output.
package agents

import (
	"strings"

	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/shellwrap"
)

// Prefix is what a rewrite inserts before a command.
const Prefix = "terse run -- "

// Tools is the set of commands worth wrapping: those a profile claims, seen
// through launchers (npx, pnpm exec, python -m, env, timeout ...), the same
// test `terse run` uses to pick a profile and `terse alias` to write its
// functions. The generic and json profiles claim no command, so a command
// terse knows nothing about is never wrapped; neither is terse itself.
func Tools(set *commands.Set) shellwrap.Known {
	return func(argv []string) bool {
		if prog, _ := commands.Program(argv); prog == "terse" || prog == "" {
			return false
		}
		return set.Claimant(argv) != ""
	}
}

// Rewrite returns cmd with `terse run -- ` before every simple command that
// runs a known tool and whose output reaches the agent (see shellwrap), and
// whether anything changed. A command line that mentions TERSE_DISABLE is
// left alone whatever value it sets: the agent asked for the raw output.
func Rewrite(cmd string, known shellwrap.Known) (string, bool) {
	return RewriteWith(cmd, Prefix, known)
}

// RewriteWith is Rewrite with the prefix given (Prefix, or one that passes
// terse run a flag).
func RewriteWith(cmd, prefix string, known shellwrap.Known) (string, bool) {
	if strings.Contains(cmd, "TERSE_DISABLE") {
		return cmd, false
	}
	r, err := shellwrap.Rewrite(cmd, prefix, known)
	if err != nil || !r.Changed() {
		return cmd, false
	}
	return r.Command, true
}
