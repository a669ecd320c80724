package agents

import (
	"fmt"
	"sort"
	"strings"
)

// instruction is the line an agent without terse's hook needs in its
// instructions file, so that it wraps commands itself.
const instruction = "Run test, lint, type-check and build commands as `terse run -- CMD` (for example `terse run -- npx jest`)."

// others says, for each agent terse installs no hook for, why, and where
// its settings go. terse installs a hook only where it was shown, with the
// real client, that the hook cannot change what runs or what is asked
// (Claude Code, and the output-side hooks of Codex CLI, Gemini CLI and
// OpenCode: terse init codex|gemini|opencode).
var others = map[string]struct {
	why, env, memory string
}{
	"cursor": {
		why: "Cursor's beforeShellExecution hook answers allow, deny or ask; terse could not verify from Cursor's\n" +
			"documentation a way to rewrite the command that leaves its approval rules in charge.",
		env:    "the shell Cursor's agent uses (for example in ~/.zshenv or ~/.bashrc):\n\n    export LLM_OUTPUT=1",
		memory: ".cursor/rules/terse.mdc",
	},
}

// OtherAgents lists the agents Snippet knows, sorted.
func OtherAgents() []string {
	var out []string
	for k := range others {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Snippet is the setup to do by hand for an agent terse installs no hook
// for (any name: unknown agents get the generic form).
func Snippet(agent string) string {
	o, ok := others[agent]
	if !ok {
		o.env = "the environment the agent's shell commands run in:\n\n    export LLM_OUTPUT=1"
		o.memory = "the agent's instructions file (AGENTS.md for most)"
		o.why = "terse knows no hook mechanism of " + agent + " that it can install safely."
	}
	var b strings.Builder
	fmt.Fprintf(&b, "terse installs no hook for %s: %s\n\n", agent, o.why)
	fmt.Fprintf(&b, "1. Tell tools and terse that an agent reads the output, in %s\n\n", o.env)
	fmt.Fprintf(&b, "2. Add to %s:\n\n    %s\n\n", o.memory, instruction)
	b.WriteString("   and the skill `terse init --skill` prints (how to read the output and fetch what was left out).\n\n")
	b.WriteString("3. Or, where the agent's shell loads your shell's startup files, the functions of `terse alias bash`\n" +
		"   (zsh, fish) put terse run in front of every tool terse knows.\n")
	return b.String()
}
