package app

import "testing"

func TestResolveMode(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	cases := []struct {
		name    string
		in      ModeInput
		format  string
		verbose bool
		why     string
	}{
		{"default pipe", ModeInput{}, FormatLLM, false, "default"},
		{"pipe on a terminal is still llm", ModeInput{Terminal: true}, FormatLLM, false, "default"},
		{"run on a terminal is human", ModeInput{Terminal: true, Run: true}, FormatHuman, false, "terminal"},
		{"run piped is llm", ModeInput{Run: true}, FormatLLM, false, "default"},
		{"--llm beats everything", ModeInput{LLM: "compact", Format: "json", Getenv: env("LLM_OUTPUT", "json")}, FormatLLM, false, "--llm"},
		{"--llm=json", ModeInput{LLM: "json", Terminal: true, Run: true}, FormatJSON, false, "--llm=json"},
		{"--llm=verbose", ModeInput{LLM: "verbose"}, FormatLLM, true, "--llm=verbose"},
		{"--llm unknown value is compact", ModeInput{LLM: "shiny"}, FormatLLM, false, "--llm"},
		{"--format beats LLM_OUTPUT", ModeInput{Format: "json", Getenv: env("LLM_OUTPUT", "verbose")}, FormatJSON, false, "--format"},
		{"--json beats LLM_OUTPUT", ModeInput{JSON: true, Getenv: env("LLM_OUTPUT", "1")}, FormatJSON, false, "--json"},
		{"--verbose beats LLM_OUTPUT", ModeInput{Verbose: true, Getenv: env("LLM_OUTPUT", "json")}, FormatLLM, true, "--verbose"},
		{"--format human on a pipe", ModeInput{Format: "human"}, FormatHuman, false, "--format"},
		{"LLM_OUTPUT=1 on a terminal run", ModeInput{Run: true, Terminal: true, Getenv: env("LLM_OUTPUT", "1")}, FormatLLM, false, "LLM_OUTPUT"},
		{"LLM_OUTPUT=json", ModeInput{Getenv: env("LLM_OUTPUT", "json")}, FormatJSON, false, "LLM_OUTPUT"},
		{"LLM_OUTPUT=verbose", ModeInput{Getenv: env("LLM_OUTPUT", "verbose")}, FormatLLM, true, "LLM_OUTPUT"},
		{"LLM_OUTPUT other value is compact", ModeInput{Getenv: env("LLM_OUTPUT", "yes")}, FormatLLM, false, "LLM_OUTPUT"},
		{"LLM_OUTPUT that is a path is ignored", ModeInput{Run: true, Terminal: true, Getenv: env("LLM_OUTPUT", "/tmp/llm.log")}, FormatHuman, false, "terminal"},
		{"LLM_OUTPUT relative path is ignored", ModeInput{Run: true, Terminal: true, Getenv: env("LLM_OUTPUT", "./out.txt")}, FormatHuman, false, "terminal"},
		{"agent env beats the terminal", ModeInput{Run: true, Terminal: true, Getenv: env("CLAUDECODE", "1")}, FormatLLM, false, "agent:CLAUDECODE"},
		{"AI_AGENT", ModeInput{Run: true, Terminal: true, Getenv: env("AI_AGENT", "cursor")}, FormatLLM, false, "agent:AI_AGENT"},
		{"LLM_OUTPUT beats agent env", ModeInput{Getenv: env("LLM_OUTPUT", "json", "AGENT", "x")}, FormatJSON, false, "LLM_OUTPUT"},
	}
	for _, c := range cases {
		got := ResolveMode(c.in)
		if got.Format != c.format || got.Verbose != c.verbose || got.Why != c.why {
			t.Errorf("%s: got %+v, want format %s verbose %v why %s", c.name, got, c.format, c.verbose, c.why)
		}
	}
}

func TestTextAsked(t *testing.T) {
	if !ResolveMode(ModeInput{LLM: "compact"}).TextAsked || !ResolveMode(ModeInput{Format: "llm"}).TextAsked {
		t.Fatal("--llm and --format llm ask for text")
	}
	if ResolveMode(ModeInput{}).TextAsked || ResolveMode(ModeInput{Getenv: func(string) string { return "1" }}).TextAsked {
		t.Fatal("the default and the environment do not turn JSON input into text")
	}
}
