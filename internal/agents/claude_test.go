package agents

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// payload builds a PreToolUse payload in the documented shape
// (https://code.claude.com/docs/en/hooks#pretooluse-input).
func payload(cmd string) []byte { return payloadIn(ModeBypass, cmd) }

// payloadIn is payload in a given permission mode.
func payloadIn(mode, cmd string) []byte {
	b, _ := json.Marshal(map[string]any{
		"session_id":      "abc123",
		"transcript_path": "/home/u/.claude/projects/p/abc123.jsonl",
		"cwd":             "/home/u/p",
		"permission_mode": mode,
		"hook_event_name": "PreToolUse",
		"tool_name":       "Bash",
		"tool_input":      map[string]any{"command": cmd, "description": "Run the tests", "timeout": 120000},
		"tool_use_id":     "toolu_01",
	})
	return b
}

func TestClaudeAnswer(t *testing.T) {
	h := ClaudeHook{Known: builtinTools(t)}
	out, err := h.Answer(payload("cd web && npx jest --ci 2>&1"))
	if err != nil || out == nil {
		t.Fatalf("no answer: %v", err)
	}
	want := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"cd web && terse run --session abc123 -- npx jest --ci 2>&1","description":"Run the tests","timeout":120000}}}` + "\n"
	if string(out) != want {
		t.Errorf("answer\n%s\nwant\n%s", out, want)
	}
	if strings.Contains(string(out), "permissionDecision") {
		t.Error("in bypassPermissions the hook must not decide permissions")
	}

	for name, p := range map[string][]byte{
		"not a tool":     payload("git status"),
		"piped":          payload("npx jest | tail"),
		"already":        payload("terse run -- npx jest"),
		"disabled":       payload("TERSE_DISABLE=1 npx jest"),
		"unparsable":     payload("npx jest 'open"),
		"other tool":     []byte(`{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/x","content":"jest"}}`),
		"other event":    []byte(`{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"jest"}}`),
		"no command":     []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{}}`),
		"command number": []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":5}}`),
		"input a list":   []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":["jest"]}`),
		"not JSON":       []byte(`{"tool_name":"Bash",`),
		"background":     []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"npx jest","run_in_background":true}}`),
		"empty":          nil,
		"binary":         {0xff, 0xfe, 0x00, 0x01},
		// Deep enough to overflow the parser's stack (exit 2, which
		// blocks the call) were it parsed.
		"nested 200k":  payload(strings.Repeat("((", 200_000) + "1" + strings.Repeat("))", 200_000) + "; jest"),
		"own function": payload("jest() { :; }; jest --ci"),
	} {
		if out, _ := h.Answer(p); out != nil {
			t.Errorf("%s: answered %s", name, out)
		}
	}
}

func TestClaudeAnswerRespectsRules(t *testing.T) {
	for _, tc := range []struct {
		rules Rules
		cmd   string
		wrap  bool
	}{
		{Rules{Deny: []string{"npx jest:*"}}, "npx jest --ci", false},
		{Rules{Ask: []string{"npx jest --updateSnapshot*"}}, "npx jest --updateSnapshot", false},
		{Rules{Ask: []string{"npx jest --updateSnapshot*"}}, "npx jest --ci", true},
		{Rules{Deny: []string{"cd web && npx jest"}}, "cd web && npx jest", false},
		{Rules{Deny: []string{"terse:*"}}, "npx jest", false}, // would match the rewrite
		{Rules{Deny: []string{"curl:*", "rm -rf:*"}}, "npx jest", true},
		{Rules{Ask: []string{"*"}}, "pytest", true}, // matches the rewrite too
		{Rules{Ask: []string{"go test *"}}, `go  test "./..."`, false},
	} {
		h := ClaudeHook{Known: builtinTools(t), Rules: func(string) (Rules, error) { return tc.rules, nil }}
		out, err := h.Answer(payload(tc.cmd))
		if (out != nil) != tc.wrap {
			t.Errorf("%+v %q: answer %s (%v), want wrapped=%v", tc.rules, tc.cmd, out, err, tc.wrap)
		}
	}
	// Rules that cannot be read: unchanged.
	h := ClaudeHook{Known: builtinTools(t), Rules: func(string) (Rules, error) { return Rules{}, os.ErrInvalid }}
	if out, _ := h.Answer(payload("jest")); out != nil {
		t.Errorf("answered without knowing the rules: %s", out)
	}
}

// In the modes that consult rules, the outcome of the call is the one the
// original would have had: rewritten and allowed only when the user's own
// allow rule allows the original exactly; left alone otherwise, so that
// Claude Code asks, denies or allows it as it would without terse.
func TestClaudeAnswerKeepsPermissionOutcome(t *testing.T) {
	const allowed = `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"terse run wraps a command your rule Bash(go test:*) allows","updatedInput":{"command":"terse run --session abc123 -- go test ./...","description":"Run the tests","timeout":120000}}}` + "\n"
	for _, tc := range []struct {
		mode  string
		rules Rules
		cmd   string
		want  string // the answer; "" for none
	}{
		{ModeDefault, Rules{Allow: []string{"go test:*"}}, "go test ./...", allowed},
		{ModeAcceptEdits, Rules{Allow: []string{"go test:*"}}, "go test ./...", allowed},
		{ModeDontAsk, Rules{Allow: []string{"go test:*"}}, "go test ./...", allowed},
		// Not allowed: Claude Code would ask (default) or refuse (dontAsk).
		{ModeDefault, Rules{}, "go test ./...", ""},
		{ModeDontAsk, Rules{}, "go test ./...", ""},
		{ModeDefault, Rules{Allow: []string{"go vet:*"}}, "go test ./...", ""},
		{ModeDefault, Rules{Allow: []string{"go test"}}, "go test ./...", ""},
		// A broad rule for terse itself widens nothing.
		{ModeDefault, Rules{Allow: []string{"terse:*", "terse run *"}}, "go test ./...", ""},
		// An ask or deny rule that could match wins over the allow rule.
		{ModeDefault, Rules{Allow: []string{"go test:*"}, Ask: []string{"go test ./..."}}, "go test ./...", ""},
		{ModeDefault, Rules{Allow: []string{"go test:*"}, Deny: []string{"terse run:*"}}, "go test ./...", ""},
		// A compound line: allowed when each part is (issue 53), as
		// Claude Code splits it; left alone when any part is not.
		{ModeDefault, Rules{Allow: []string{"*"}}, "cd web && npx jest", allowedAs("cd web && terse run --session abc123 -- npx jest", "Bash(*)")},
		{ModeDefault, Rules{Allow: []string{"cd:*", "go test:*"}}, "cd sub && go test ./...", allowedAs("cd sub && terse run --session abc123 -- go test ./...", "Bash(cd:*) and Bash(go test:*)")},
		{ModeDefault, Rules{Allow: []string{"go test:*"}}, "cd sub && go test ./...", ""},
		{ModeDontAsk, Rules{Allow: []string{"go test:*"}}, "cd sub && go test ./...", ""},
		{ModeDefault, Rules{Allow: []string{"go test:*", "tail:*"}}, "go test ./... 2>&1 | tail -30",
			allowedAs("terse run --session abc123 --max-lines 30 -- go test ./... 2>&1 | tail -30", "Bash(go test:*) and Bash(tail:*)")},
		{ModeDefault, Rules{Allow: []string{"go test:*"}}, "go test ./... 2>&1 | tail -30", ""},
		{ModeDefault, Rules{Allow: []string{"go test ./...", "tail -30"}}, "go test ./... 2>&1 | tail -30", ""},
		{ModeDefault, Rules{Allow: []string{"npm install", "npm test"}}, "npm install; npm test", allowedAs("npm install; terse run --session abc123 -- npm test", "Bash(npm install) and Bash(npm test)")},
		{ModeDefault, Rules{Allow: []string{"CI=1 npx jest"}}, "CI=1 npx jest", allowedAs("CI=1 terse run --session abc123 -- npx jest", "Bash(CI=1 npx jest)")},
		{ModeDefault, Rules{Allow: []string{"*"}}, "(cd web && npx jest)", ""},
		{ModeDefault, Rules{Allow: []string{"*"}}, "cd web && npx jest > out.txt; cat out.txt", ""},
		{ModeDefault, Rules{Allow: []string{"npx jest:*"}}, "npx jest $(cat list)", ""},
		{ModeDefault, Rules{Allow: []string{"npx jest:*"}}, "CI=1 npx jest", ""},
		// plan, auto, unknown or missing modes: unchanged.
		{ModePlan, Rules{Allow: []string{"go test:*"}}, "go test ./...", ""},
		{"auto", Rules{Allow: []string{"go test:*"}}, "go test ./...", ""},
		{"", Rules{Allow: []string{"go test:*"}}, "go test ./...", ""},
	} {
		h := ClaudeHook{Known: builtinTools(t), Rules: func(string) (Rules, error) { return tc.rules, nil }}
		out, err := h.Answer(payloadIn(tc.mode, tc.cmd))
		if string(out) != tc.want {
			t.Errorf("%s %+v %q: answer %s (%v)\nwant %s", tc.mode, tc.rules, tc.cmd, out, err, tc.want)
		}
	}
}

// allowedAs is the answer that rewrites to cmd and allows it by rules.
func allowedAs(cmd, rules string) string {
	return `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"terse run wraps a command your rule ` +
		rules + ` allows","updatedInput":{"command":"` + cmd + `","description":"Run the tests","timeout":120000}}}` + "\n"
}

func TestAllowMatches(t *testing.T) {
	for _, tc := range []struct {
		rule, cmd string
		want      bool
	}{
		{"npm test", "npm test", true},
		{"npm test", "npm test -- --ci", false},
		{"npm run test:*", "npm run test", true},
		{"npm run test:*", "npm run test -- --ci", true},
		{"npm run test:*", "npm run testx", false},
		{"npm:*", "npmx install", false},
		{"ls *", "ls", true},
		{"ls *", "ls -la", true},
		{"ls *", "lsof", false},
		{"ls*", "lsof", true},
		{"git * main", "git push origin main", true},
		{"git * main", "git push origin dev", false},
		{"* install", "npm install", true},
		{"go test ./...*", "go test ./... -run X", true},
		{"a.b", "axb", false},
		{"*", "anything at all", true},
		{"", "x", false},
	} {
		if got := allowMatches(tc.rule, tc.cmd); got != tc.want {
			t.Errorf("allowMatches(%q, %q) = %v", tc.rule, tc.cmd, got)
		}
	}
}

func TestCouldMatch(t *testing.T) {
	for _, tc := range []struct {
		rule, cmd string
		want      bool
	}{
		{"npm run test:*", "npm run test -- --ci", true},
		{"npm run test:*", "npm test", false},
		{"git push *", "cd x && git push origin", true},
		{"git push --force*", "git push -f", false},
		{"jest", "FOO=1 jest", true},
		{"npx jest --ci", `npx 'jest' --ci`, true},
		{"npx jest --ci", "npx\tjest   --ci", true},
		{"a*b*c", "xaybzc", true},
		{"a*b*c", "cba", false},
		{"*", "anything", false},
		{"", "anything", false},
	} {
		if got := couldMatch(tc.rule, tc.cmd); got != tc.want {
			t.Errorf("couldMatch(%q, %q) = %v", tc.rule, tc.cmd, got)
		}
	}
}

func TestReadClaudeRules(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	proj := filepath.Join(dir, "proj")
	sub := filepath.Join(proj, "web")
	write := func(path, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".claude", "settings.json"), `{"permissions":{"deny":["Bash(rm -rf:*)","Read(./.env)"],"ask":["Bash"]}}`)
	write(filepath.Join(proj, ".claude", "settings.json"), `{"permissions":{"ask":["Bash(npx jest -u*)"]}}`)
	write(filepath.Join(proj, ".claude", "settings.local.json"), `{"permissions":{"deny":[" Bash(git push --force) ", 7],"allow":["Bash(go test:*)","Bash","Read"]}}`)
	trustProject(t, home, proj)
	files := ClaudeSettingsFiles(SettingsPlaces{Home: home, ProjectDir: proj, Cwd: sub})
	r, err := ReadClaudeRules(files)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Deny, "|") != "rm -rf:*|git push --force" || strings.Join(r.Ask, "|") != "npx jest -u*" ||
		strings.Join(r.Allow, "|") != "go test:*|*" {
		t.Errorf("rules %+v from %v", r, files)
	}
	// Without the project directory, the same files are read from the
	// cwd's parents: their deny and ask rules count, their allow rules
	// do not (Claude Code may not apply them).
	files = ClaudeSettingsFiles(SettingsPlaces{Home: home, Cwd: sub})
	r, err = ReadClaudeRules(files)
	if err != nil || strings.Join(r.Deny, "|") != "rm -rf:*|git push --force" || strings.Join(r.Ask, "|") != "npx jest -u*" ||
		len(r.Allow) != 0 || len(r.Uncounted) != 1 || !strings.Contains(r.Uncounted[0], "settings.local.json: 2 allow rules not counted") {
		t.Errorf("rules %+v from %v (%v)", r, files, err)
	}
	// CLAUDE_CONFIG_DIR replaces ~/.claude; the project dir is read too.
	paths := ClaudeSettingsPaths(SettingsPlaces{Home: home, ConfigDir: filepath.Join(dir, "cfg"), ProjectDir: proj, Managed: []string{"/nonexistent/managed.json"}})
	if paths[0] != "/nonexistent/managed.json" || paths[1] != filepath.Join(dir, "cfg", "settings.json") {
		t.Errorf("paths %v", paths)
	}
	files = ClaudeSettingsFiles(SettingsPlaces{Home: home, ConfigDir: filepath.Join(dir, "cfg"), ProjectDir: proj, Managed: []string{"/nonexistent/managed.json"}})
	if r, err := ReadClaudeRules(files); err != nil || len(r.Ask) != 1 || len(r.Deny) != 1 {
		t.Errorf("rules %+v, %v", r, err)
	}
	// A settings file that is not JSON: the rules are unknown.
	write(filepath.Join(proj, ".claude", "settings.json"), `{"permissions":`)
	if _, err := ReadClaudeRules(files); err == nil {
		t.Error("a broken settings file was read as no rules")
	}
}

// With background tasks off, Claude Code kills a call at its timeout: the
// rewrite tells terse run when (--deadline), from the call's timeout, else
// BASH_DEFAULT_TIMEOUT_MS, else 2 minutes. Otherwise no deadline.
func TestClaudeAnswerDeadline(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		cmd  string
		want string
	}{
		{map[string]string{"CLAUDE_CODE_DISABLE_BACKGROUND_TASKS": "1"}, "npx jest", `"command":"terse run --deadline 2m0s -- npx jest"`},
		{map[string]string{"CLAUDE_CODE_DISABLE_BACKGROUND_TASKS": "1", "BASH_DEFAULT_TIMEOUT_MS": "300000"}, "npx jest", `"command":"terse run --deadline 5m0s -- npx jest"`},
		{map[string]string{"CLAUDE_CODE_DISABLE_BACKGROUND_TASKS": "true"}, "cd web && npx jest", `"command":"cd web && terse run --deadline 2m0s -- npx jest"`},
		{map[string]string{"CLAUDE_CODE_DISABLE_BACKGROUND_TASKS": "0"}, "npx jest", `"command":"terse run -- npx jest"`},
		{map[string]string{}, "npx jest", `"command":"terse run -- npx jest"`},
	} {
		h := ClaudeHook{Known: builtinTools(t), Getenv: func(k string) string { return tc.env[k] }}
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "permission_mode": ModeBypass, "tool_name": "Bash",
			"tool_input": map[string]any{"command": tc.cmd}})
		out, err := h.Answer(b)
		if !strings.Contains(string(out), tc.want) {
			t.Errorf("%v %q: answer %s (%v), want %s", tc.env, tc.cmd, out, err, tc.want)
		}
	}
	// The call's own timeout wins.
	h := ClaudeHook{Known: builtinTools(t), Getenv: func(k string) string {
		return map[string]string{"CLAUDE_CODE_DISABLE_BACKGROUND_TASKS": "1", "BASH_DEFAULT_TIMEOUT_MS": "300000"}[k]
	}}
	out, _ := h.Answer(payload("npx jest")) // tool_input.timeout is 120000
	if !strings.Contains(string(out), `"command":"terse run --session abc123 --deadline 2m0s -- npx jest"`) {
		t.Errorf("answer %s", out)
	}
}

// The rewrite names the reader of the output (--session): the session, and
// the subagent within it that runs the command; an id terse would have to
// quote, or none, names no one, and the run shows every failure in full.
func TestClaudeAnswerSession(t *testing.T) {
	h := ClaudeHook{Known: builtinTools(t)}
	for _, tc := range []struct {
		session, agent string
		want           string
	}{
		{"8c35adc1-9f2e-4b7a-a1c3-0d9e5f6a7b8c", "", "terse run --session 8c35adc1-9f2e-4b7a-a1c3-0d9e5f6a7b8c -- npx jest"},
		{"8c35adc1", "a1b2c3", "terse run --session 8c35adc1/a1b2c3 -- npx jest"},
		{"", "", "terse run -- npx jest"},
		{"x; rm -rf ~", "", "terse run -- npx jest"},
		{"s", "a b", "terse run -- npx jest"},
	} {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "permission_mode": ModeBypass, "tool_name": "Bash",
			"session_id": tc.session, "agent_id": tc.agent, "tool_input": map[string]any{"command": "npx jest"}})
		out, err := h.Answer(b)
		if !strings.Contains(string(out), `"command":"`+tc.want+`"`) {
			t.Errorf("session %q, agent %q: answer %s (%v), want %s", tc.session, tc.agent, out, err, tc.want)
		}
	}
}
