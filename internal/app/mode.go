package app

import "strings"

// Output formats.
const (
	FormatLLM   = "llm"   // flat text for a model
	FormatJSON  = "json"  // compact JSON
	FormatHuman = "human" // the tool's own output, untouched
)

// Mode is the resolved output mode and the rule that decided it.
type Mode struct {
	Format  string
	Verbose bool
	// TextAsked is true when the user asked for text explicitly, which
	// turns JSON input into text instead of compact JSON.
	TextAsked bool
	// Why names the rule that decided: flag, env, agent, terminal, default.
	Why string
}

// ModeInput is what mode resolution looks at.
type ModeInput struct {
	LLM      string // value of --llm ("" when absent)
	Format   string // value of --format
	JSON     bool   // --json
	Verbose  bool   // --verbose
	Getenv   func(string) string
	Terminal bool // stdout is a terminal
	Run      bool // terse run: a terminal means a human
}

// agentVars are environment variables agent harnesses set in the shells they
// run. Any non-empty value counts.
var agentVars = []string{
	"AI_AGENT", "AGENT", "CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CODEX_SANDBOX", "CODEX_CI",
	"GEMINI_CLI", "OPENCODE", "CURSOR_AGENT", "AIDER_MODEL", "CLINE_TASK_ID", "GOOSE_TERMINAL",
}

// ResolveMode applies the precedence of the brief: --llm, then explicit
// format flags, then LLM_OUTPUT, then an agent's environment, then (for terse
// run) a terminal, and llm for everything else.
func ResolveMode(in ModeInput) Mode {
	if in.LLM != "" {
		switch strings.ToLower(in.LLM) {
		case "json":
			return Mode{Format: FormatJSON, Why: "--llm=json"}
		case "verbose":
			return Mode{Format: FormatLLM, Verbose: true, TextAsked: true, Why: "--llm=verbose"}
		default:
			return Mode{Format: FormatLLM, TextAsked: true, Why: "--llm"}
		}
	}
	if in.Format != "" {
		m := Mode{Format: in.Format, Verbose: in.Verbose, Why: "--format"}
		m.TextAsked = in.Format == FormatLLM
		return m
	}
	if in.JSON {
		return Mode{Format: FormatJSON, Why: "--json"}
	}
	if in.Verbose {
		return Mode{Format: FormatLLM, Verbose: true, TextAsked: true, Why: "--verbose"}
	}
	getenv := in.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	if v := strings.TrimSpace(getenv("LLM_OUTPUT")); v != "" && !looksLikePath(v) {
		switch strings.ToLower(v) {
		case "json":
			return Mode{Format: FormatJSON, Why: "LLM_OUTPUT"}
		case "verbose":
			return Mode{Format: FormatLLM, Verbose: true, Why: "LLM_OUTPUT"}
		default:
			return Mode{Format: FormatLLM, Why: "LLM_OUTPUT"}
		}
	}
	for _, k := range agentVars {
		if getenv(k) != "" {
			return Mode{Format: FormatLLM, Why: "agent:" + k}
		}
	}
	if in.Run && in.Terminal {
		return Mode{Format: FormatHuman, Why: "terminal"}
	}
	return Mode{Format: FormatLLM, Why: "default"}
}

// looksLikePath tells a file path (another program's use of LLM_OUTPUT) from
// a mode value.
func looksLikePath(v string) bool {
	return strings.ContainsAny(v, `/\`) || strings.HasPrefix(v, ".") || strings.HasPrefix(v, "~")
}
