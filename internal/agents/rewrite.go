// Package agents connects terse to AI coding agents: the Claude Code hook
// that routes an agent's shell commands through `terse run`, the settings it
// installs, and the skill that teaches an agent to read terse's output.
package agents

import (
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/shellwrap"
)

// Prefix is what a rewrite inserts before a command.
const Prefix = "terse run -- "

// Tools is the set of commands worth wrapping: those a profile claims, seen
// through launchers (npx, pnpm exec, python -m, env, timeout ...), the same
// test `terse run` uses to pick a profile and `terse alias` to write its
// functions, and the package-manager scripts and task-runner targets a
// check run is named by (npm test, make lint; see Reach), never a watcher.
// The generic and json profiles claim no command, so a command terse knows
// nothing about is never wrapped; neither is terse itself.
func Tools(set *commands.Set) shellwrap.Known {
	return (&Reach{Set: set}).Known()
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
	c := RewriteCall(cmd, prefix, known, nil)
	return c.Command, c.Changed
}

// Call is what the hook makes of a command line: the rewrite, and why each
// command it left alone was left alone.
type Call struct {
	Command string
	Changed bool
	// Left are "COMMAND: why" lines, one per simple command left alone
	// (or one for the whole line).
	Left []string
}

// RewriteCall is RewriteWith saying why: why, when set, gives the reason
// known had for refusing argv (Reach.Why). A command whose merged output
// only a `tail -N` or `head -N` reads is wrapped with `--max-lines N`, so
// that the page terse prints fits what the pipe keeps.
func RewriteCall(cmd, prefix string, known shellwrap.Known, why func([]string) string) Call {
	c := Call{Command: cmd}
	if strings.Contains(cmd, "TERSE_DISABLE") {
		c.Left = []string{"the command line mentions TERSE_DISABLE"}
		return c
	}
	opt := shellwrap.Options{
		Prefix: prefix,
		Known:  known,
		Fitted: func(lines int) string {
			return strings.TrimSuffix(prefix, "-- ") + "--max-lines " + strconv.Itoa(lines) + " -- "
		},
		Skip: func(argv []string, reason string) {
			if why != nil && reason == "not a command terse wraps" {
				if w := why(argv); w != "" {
					reason = w
				}
			}
			c.Left = append(c.Left, shownArgv(argv)+": "+reason)
		},
	}
	r, err := shellwrap.RewriteOpts(cmd, opt)
	switch {
	case err != nil:
		c.Left = []string{err.Error()}
		return c
	case r.Refused != "":
		c.Left = []string{"the whole line: " + r.Refused}
		return c
	}
	c.Command, c.Changed = r.Command, r.Changed()
	return c
}

// shownArgv is a command's words for a message, an unknown word as $….
func shownArgv(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a == shellwrap.Unknown {
			a = "$…"
		}
		out[i] = a
	}
	s := strings.Join(out, " ")
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
