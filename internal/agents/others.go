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
// its settings go. terse installs a hook only where the agent's own
// documentation shows a rewrite that cannot approve a command the user's
// settings would have asked about or refused.
var others = map[string]struct {
	why, env, memory string
}{
	"codex": {
		why: "Codex applies a PreToolUse rewrite (updatedInput) only together with permissionDecision \"allow\"\n" +
			"(https://developers.openai.com/codex/hooks), and terse never approves a command on your behalf.",
		env:    "~/.codex/config.toml:\n\n    [shell_environment_policy]\n    set = { LLM_OUTPUT = \"1\" }",
		memory: "AGENTS.md",
	},
	"gemini": {
		why: "Gemini CLI's BeforeTool hook can rewrite a command (hookSpecificOutput.tool_input), but its hooks\n" +
			"reference (https://geminicli.com/docs/hooks/reference) does not say how a rewrite meets its policy\n" +
			"engine and confirmation prompt, so terse cannot show that a rewrite never widens what runs unasked.",
		env:    "the shell that starts gemini:\n\n    export LLM_OUTPUT=1",
		memory: "GEMINI.md",
	},
	"opencode": {
		why: "An OpenCode plugin can change a command's arguments before it runs (tool.execute.before), but terse\n" +
			"could not verify from OpenCode's documentation how that meets its bash permission patterns.",
		env:    "the shell that starts opencode:\n\n    export LLM_OUTPUT=1",
		memory: "AGENTS.md",
	},
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
