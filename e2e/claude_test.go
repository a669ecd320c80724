package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The real Claude Code client, driven against a scripted Messages API on
// 127.0.0.1, with terse's hook installed by `terse init claude`: what the
// model receives in its tool_result is what these tests check.
//
// TERSE_CLAUDE_BIN names the client (scripts/install-claude-code.sh installs
// the pinned version and prints the path; .ci/run does both). Without it the
// tests skip and say so.

// skipShort skips a real-client test under -short: .ci/run runs them once,
// in the full run, and its -race -short run would start every client again
// for nothing the race detector can see (the clients are other processes).
func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("a real agent client: run without -short")
	}
}

// claudeBin is the client under test, or "" with the reason it is missing.
func claudeBin(t *testing.T) string {
	t.Helper()
	skipShort(t)
	bin := os.Getenv("TERSE_CLAUDE_BIN")
	if bin == "" {
		t.Skip("Claude Code not installed: run scripts/install-claude-code.sh DIR and set TERSE_CLAUDE_BIN to the path it prints")
	}
	if _, err := os.Stat(bin); err != nil {
		t.Skipf("TERSE_CLAUDE_BIN=%s: %v", bin, err)
	}
	return bin
}

var (
	buildOnce sync.Once
	binDir    string
	buildErr  error
)

// terseBinaries builds terse and terse-hook once for the package's tests and
// returns the directory that holds them (put on the client's PATH).
func terseBinaries(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "terse-e2e-bin")
		if err != nil {
			buildErr = err
			return
		}
		for _, pkg := range []string{".", "./cmd/terse-hook"} {
			cmd := exec.Command("go", "build", "-o", dir, pkg)
			cmd.Dir = ".."
			if out, err := cmd.CombinedOutput(); err != nil {
				buildErr = fmt.Errorf("go build %s: %w\n%s", pkg, err, out)
				return
			}
		}
		binDir = dir
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binDir
}

// toolResult is what the client sent back for the model's Bash call.
type toolResult struct {
	Content string
	IsError bool
}

// mockAPI is a Messages API that answers the first request offering the Bash
// tool with one tool_use of command, and every later one by ending the turn.
// It keeps the tool_result and the command the client's history shows.
type mockAPI struct {
	command string
	timeout int // the Bash call's timeout in ms, 0 for the default
	mu      sync.Mutex
	result  *toolResult
	history string // the command in the assistant turn the client sent back
}

func (m *mockAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/v1/messages") || strings.Contains(r.URL.Path, "count_tokens") {
		w.Header().Set("content-type", "application/json")
		io.WriteString(w, `{"input_tokens":10}`)
		return
	}
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	_ = json.Unmarshal(body, &req)
	offersBash := false
	for _, tool := range req.Tools {
		offersBash = offersBash || tool.Name == "Bash"
	}
	answered := false
	for _, msg := range req.Messages {
		var blocks []struct {
			Type    string          `json:"type"`
			Content json.RawMessage `json:"content"`
			IsError bool            `json:"is_error"`
			Input   struct {
				Command string `json:"command"`
			} `json:"input"`
		}
		if json.Unmarshal(msg.Content, &blocks) != nil {
			continue
		}
		for _, b := range blocks {
			switch b.Type {
			case "tool_result":
				answered = true
				m.mu.Lock()
				m.result = &toolResult{Content: contentText(b.Content), IsError: b.IsError}
				m.mu.Unlock()
			case "tool_use":
				m.mu.Lock()
				m.history = b.Input.Command
				m.mu.Unlock()
			}
		}
	}
	w.Header().Set("content-type", "text/event-stream")
	event := func(name string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
	}
	event("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": "msg_e2e", "type": "message", "role": "assistant", "model": req.Model, "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": map[string]int{"input_tokens": 10, "output_tokens": 1}}})
	stop := "end_turn"
	if offersBash && !answered {
		call := map[string]any{"command": m.command, "description": "run the tests"}
		if m.timeout > 0 {
			call["timeout"] = m.timeout
		}
		input, _ := json.Marshal(call)
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "tool_use", "id": "toolu_e2e", "name": "Bash", "input": map[string]any{}}})
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "input_json_delta", "partial_json": string(input)}})
		stop = "tool_use"
	} else {
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "text", "text": ""}})
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": "done"}})
	}
	event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]int{"output_tokens": 5}})
	event("message_stop", map[string]any{"type": "message_stop"})
}

// contentText flattens a tool_result's content: a string, or text blocks.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []struct {
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &blocks)
	var b strings.Builder
	for _, bl := range blocks {
		b.WriteString(bl.Text)
	}
	return b.String()
}

// session is one `claude -p` run in an isolated HOME and project: a
// workspace with the client's own settings.
type session struct {
	*workspace
}

// newSession makes a HOME and a project holding a Go module whose TestAdd
// fails, with terse's hook installed in the project by `terse init claude`.
func newSession(t *testing.T) *session {
	t.Helper()
	return newSessionHook(t, true)
}

// newSessionHook is newSession, with the hook installed or not.
func newSessionHook(t *testing.T, hook bool) *session {
	t.Helper()
	s := &session{newWorkspace(t)}
	tmp := filepath.Join(s.root, "tmp")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	s.env = append(s.env,
		"IS_SANDBOX=1", // the client refuses bypassPermissions as root without it
		"CLAUDE_CODE_TMPDIR="+tmp,
		"DISABLE_AUTOUPDATER=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
	)
	if hook {
		s.terse("init", "claude")
	}
	return s
}

// settings merges rules into the project's .claude/settings.json, beside the
// hook that terse init wrote.
func (s *session) settings(perms map[string][]string) {
	s.t.Helper()
	p := filepath.Join(s.project, ".claude", "settings.json")
	doc := map[string]any{}
	if b, err := os.ReadFile(p); err == nil {
		if err := json.Unmarshal(b, &doc); err != nil {
			s.t.Fatal(err)
		}
	}
	doc["permissions"] = perms
	b, _ := json.MarshalIndent(doc, "", "  ")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		s.t.Fatal(err)
	}
}

// run drives one prompt: the model runs command with the Bash tool in the
// given permission mode; it returns the tool_result and the command the
// client's history holds.
func (s *session) run(command, mode string, extraEnv ...string) (toolResult, string) {
	s.t.Helper()
	return s.runCall(&mockAPI{command: command}, mode, extraEnv...)
}

// runCall is run with the model's Bash call given whole.
func (s *session) runCall(api *mockAPI, mode string, extraEnv ...string) (toolResult, string) {
	s.t.Helper()
	srv := httptest.NewServer(api)
	defer srv.Close()
	out, err := s.runClient(3*time.Minute, claudeBin(s.t), append([]string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=sk-ant-e2e-test"}, extraEnv...),
		"-p", "run the tests", "--permission-mode", mode, "--output-format", "json")
	api.mu.Lock()
	defer api.mu.Unlock()
	if api.result == nil {
		s.t.Fatalf("the client sent no tool_result (exit %v); its output:\n%s", err, out)
	}
	return *api.result, api.history
}

// wantRuns checks how many runs terse saved: one per command it ran.
func (s *session) wantRuns(want int) {
	s.t.Helper()
	if n := s.savedRuns(); n != want {
		s.t.Errorf("%d runs saved, want %d", n, want)
	}
}

// wantHistory checks that the client's history keeps the command the model
// asked for, not the rewrite.
func wantHistory(t *testing.T, history, want string) {
	t.Helper()
	if history != want {
		t.Errorf("the client's history holds %q, want the command the model asked for, %q", history, want)
	}
}

// A failing go test in bypassPermissions mode: the model gets terse's shaped
// report, marked as an error, while its own history keeps the command it
// asked for.
func TestClaudeCodeShapesFailingRun(t *testing.T) {
	claudeBin(t)
	s := newSession(t)
	res, history := s.run("go test ./...", "bypassPermissions")
	if !res.IsError {
		t.Errorf("is_error = false for a failing run; content:\n%s", res.Content)
	}
	for _, want := range []string{"Exit code 1\n", "FAIL", `calc_test.go:7 "TestAdd"`, "Add(2, 3) = -1, want 5"} {
		if !strings.Contains(res.Content, want) {
			t.Errorf("tool_result lacks %q; it is:\n%s", want, res.Content)
		}
	}
	if strings.Contains(res.Content, "TestAddZero") {
		t.Errorf("tool_result names the passing test:\n%s", res.Content)
	}
	wantHistory(t, history, "go test ./...")
	s.wantRuns(1)
}

// A deny rule on the original command: the hook leaves the command alone,
// the client denies it as it would without terse, and nothing runs.
func TestClaudeCodeKeepsDenyRule(t *testing.T) {
	claudeBin(t)
	s := newSession(t)
	s.settings(map[string][]string{"deny": {"Bash(go test:*)"}})
	res, _ := s.run("go test ./...", "default")
	if !res.IsError {
		t.Errorf("a denied command's result is not an error:\n%s", res.Content)
	}
	if strings.Contains(res.Content, "TestAdd") || strings.Contains(res.Content, "FAIL") {
		t.Errorf("a denied command ran:\n%s", res.Content)
	}
	if !strings.Contains(strings.ToLower(res.Content), "denied") && !strings.Contains(strings.ToLower(res.Content), "permission") {
		t.Errorf("the result is not the client's denial:\n%s", res.Content)
	}
	s.wantRuns(0)
}

// trust marks the project trusted in the client's global config, as the
// interactive trust dialog does.
func (s *session) trust() {
	s.t.Helper()
	b, _ := json.Marshal(map[string]any{"projects": map[string]any{s.project: map[string]any{"hasTrustDialogAccepted": true}}})
	if err := os.WriteFile(filepath.Join(s.home, ".claude.json"), b, 0o644); err != nil {
		s.t.Fatal(err)
	}
}

// An allow rule for the original command, in default mode: the rewritten
// command runs without an approval prompt (headless, a prompt would be a
// refusal), as the original would have: from the user's settings, and from
// the project's once the workspace is trusted.
func TestClaudeCodeAllowRuleStillAllows(t *testing.T) {
	claudeBin(t)
	for _, tc := range []struct {
		name string
		set  func(s *session)
	}{
		{"user", func(s *session) { s.userAllow([]string{"Bash(go test:*)"}) }},
		{"trusted project", func(s *session) {
			s.settings(map[string][]string{"allow": {"Bash(go test:*)"}})
			s.trust()
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSession(t)
			tc.set(s)
			res, history := s.run("go test ./...", "default")
			if !strings.Contains(res.Content, `calc_test.go:7 "TestAdd"`) || !strings.Contains(res.Content, "Add(2, 3) = -1, want 5") {
				t.Errorf("the allowed command did not run through terse; tool_result:\n%s", res.Content)
			}
			wantHistory(t, history, "go test ./...")
			s.wantRuns(1)
		})
	}
}

// The project's allow rule in a workspace never trusted: the client drops
// it (headless, it refuses the command), with the hook installed or not;
// the hook must not allow it instead.
func TestClaudeCodeUntrustedProjectRule(t *testing.T) {
	claudeBin(t)
	for _, hook := range []bool{false, true} {
		t.Run(fmt.Sprintf("hook=%v", hook), func(t *testing.T) {
			s := newSessionHook(t, hook)
			s.settings(map[string][]string{"allow": {"Bash(go test:*)"}})
			res, _ := s.run("go test ./...", "default")
			if strings.Contains(res.Content, "TestAdd") || !res.IsError || !strings.Contains(res.Content, "requires approval") {
				t.Errorf("the untrusted project's rule allowed the command (is_error %v):\n%s", res.IsError, res.Content)
			}
			s.wantRuns(0)
		})
	}
}

// No allow rule, default mode: the command is left as it was, and the
// client refuses it headless exactly as it would without terse (and never
// offers a rule for `terse run`).
func TestClaudeCodeUnallowedCommandUnchanged(t *testing.T) {
	claudeBin(t)
	s := newSession(t)
	res, _ := s.run("go test ./...", "default")
	if strings.Contains(res.Content, "TestAdd") {
		t.Errorf("an unallowed command ran:\n%s", res.Content)
	}
	if strings.Contains(res.Content, "terse run") {
		t.Errorf("the client was shown the rewrite:\n%s", res.Content)
	}
	s.wantRuns(0)
}

// A successful command with long output that the PreToolUse hook leaves
// alone (go test -v of a package whose 1,500 subtests pass, its output
// captured and echoed, which the PreToolUse hook does not wrap): the client would
// show the model a 2 KB preview and a file path; with the PostToolUse hook
// (terse init claude --post) the model gets the shaped output. A command no
// profile claims (seq) is left as the client shows it (issue 53).
func TestClaudeCodePostHookShapesLongSuccess(t *testing.T) {
	claudeBin(t)
	s := newSession(t)
	s.write("many/many_test.go", "package many\n\nimport (\n\t\"fmt\"\n\t\"testing\"\n)\n\nfunc TestMany(t *testing.T) {\n\tfor i := 0; i < 1500; i++ {\n\t\tt.Run(fmt.Sprintf(\"case_%d\", i), func(t *testing.T) {})\n\t}\n}\n")
	const cmd = `out=$(go test -v ./many/ 2>&1); echo "$out"`
	plain, _ := s.run(cmd, "bypassPermissions")
	if strings.Contains(plain.Content, "PASS 1500/1500") {
		t.Fatalf("without the PostToolUse hook the output was shaped:\n%.500s", plain.Content)
	}
	s.terse("init", "claude", "--post")
	res, history := s.run(cmd, "bypassPermissions")
	if res.IsError {
		t.Errorf("is_error for a successful command")
	}
	if !strings.Contains(res.Content, "PASS 1500/1500") {
		t.Errorf("tool_result is not the shaped run:\n%.3000s", res.Content)
	}
	if n := len(res.Content); n > 5000 {
		t.Errorf("tool_result is %d bytes", n)
	}
	wantHistory(t, history, cmd)
	seq, _ := s.run("seq 1 20000; echo done", "bypassPermissions")
	if strings.Contains(seq.Content, "lines omitted") || strings.Contains(seq.Content, "raw: ") {
		t.Errorf("the output of seq, which no profile claims, was replaced:\n%.1000s", seq.Content)
	}
}

// A source file read with cat, with the PostToolUse hook installed, reaches
// the model byte for byte (issue 53: a 187-line file came back cut to fit,
// a recover() line lost).
func TestClaudeCodePostHookLeavesCatWhole(t *testing.T) {
	claudeBin(t)
	s := newSession(t)
	s.terse("init", "claude", "--post")
	var src strings.Builder
	src.WriteString("package calc\n\n// Generated for the test: over 6,000 characters, which the client shows whole.\n")
	for i := 0; src.Len() < 6200; i++ {
		fmt.Fprintf(&src, "func f%03d() (err error) {\n\tdefer func() { _ = recover() }()\n\treturn nil\n}\n\n", i)
	}
	s.write("big.go", src.String())
	res, _ := s.run("cat big.go", "bypassPermissions")
	if strings.TrimRight(res.Content, "\n") != strings.TrimRight(src.String(), "\n") {
		t.Errorf("cat big.go did not reach the model byte for byte (%d characters, want %d):\n%.2000s", len(res.Content), src.Len(), res.Content)
	}
}

// reachCase is a project and a command the agent types, which must reach
// the model shaped (issue 53).
type reachCase struct {
	cmd   string
	allow []string // the allow rules of default mode
	want  []string // on the page
}

// checkReach runs c in bypassPermissions and in default mode with its allow
// rules, each in a new session that newProject makes: each time the model
// gets terse's page, and one run is saved.
func checkReach(t *testing.T, newProject func() *session, c reachCase) {
	t.Helper()
	for _, mode := range []string{"bypassPermissions", "default"} {
		s := newProject()
		if mode == "default" {
			s.userAllow(c.allow)
		}
		res, history := s.run(c.cmd, mode)
		for _, want := range c.want {
			if !strings.Contains(res.Content, want) {
				t.Errorf("%s, %s: tool_result lacks %q:\n%.4000s", c.cmd, mode, want, res.Content)
			}
		}
		if n := len(res.Content); n > 10000 {
			t.Errorf("%s, %s: tool_result is %d characters: the client cut it", c.cmd, mode, n)
		}
		wantHistory(t, history, c.cmd)
		if n := s.savedRuns(); n != 1 {
			t.Errorf("%s, %s: %d runs saved, want 1 (the command did not go through terse)", c.cmd, mode, n)
		}
	}
}

// npm test on a jest project with 56 failing tests: shaped, every failure
// on the page or counted with the command for the next page.
func TestClaudeCodeReachesNpmTest(t *testing.T) {
	claudeBin(t)
	modules := filepath.Join(envOr("TERSE_CAPTURE_DIR", "/tmp/terse-capture"), "jest-tool", "node_modules")
	if m := os.Getenv("TERSE_JEST_MODULES"); m != "" {
		modules = m
	}
	if _, err := os.Stat(filepath.Join(modules, "jest", "bin", "jest.js")); err != nil {
		t.Skipf("no jest in %s (profiles/jest/capture.sh installs it; or set TERSE_JEST_MODULES)", modules)
	}
	project := func() *session {
		s := newSession(t)
		s.copyProject(filepath.Join("..", "profiles", "jest", "testdata", "projects", "many"))
		if err := os.Symlink(modules, filepath.Join(s.project, "node_modules")); err != nil {
			t.Fatal(err)
		}
		return s
	}
	checkReach(t, project, reachCase{cmd: "npm test", allow: []string{"Bash(npm test)"}, want: []string{
		"Exit code 1", "FAIL 56/74", `--- __tests__/calendar.test.js:10 "calendar › isLeap › isLeap(1700) is false"`,
		"expected: false", "more failures (shown 1-", "next page: terse show "}})
}

// make test running pytest on a project with 20 failing tests.
func TestClaudeCodeReachesMakeTest(t *testing.T) {
	claudeBin(t)
	if err := exec.Command("/usr/bin/python3", "-m", "pytest", "--version").Run(); err != nil {
		t.Skip("no /usr/bin/python3 -m pytest (apt-get install python3-pytest)")
	}
	project := func() *session {
		s := newSession(t)
		s.copyProject(filepath.Join("..", "profiles", "pytest", "testdata", "projects", "mixed"))
		s.write("Makefile", "test:\n\t/usr/bin/python3 -m pytest -p no:cacheprovider\n")
		return s
	}
	checkReach(t, project, reachCase{cmd: "make test", allow: []string{"Bash(make test)"}, want: []string{
		"Exit code 2", "FAIL 20/30", `--- tests/test_cart.py:26 "test_total_with_quantities"`, "assert 10 == 11"}})
}

// go test piped to tail -30: terse's page, fitted to the 30 lines the tail
// keeps, status line first.
func TestClaudeCodeReachesTail(t *testing.T) {
	claudeBin(t)
	checkReach(t, func() *session { return newSession(t) }, reachCase{cmd: "go test ./... 2>&1 | tail -30", allow: []string{"Bash(go test:*)", "Bash(tail:*)"}, want: []string{
		"FAIL", `calc_test.go:7 "TestAdd"`, "Add(2, 3) = -1, want 5"}})
}

// copyProject copies a fixture project's files into the session's project.
func (s *session) copyProject(src string) {
	s.t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		s.write(rel, string(data))
		return nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// The harness kills a command that passes its timeout (background tasks
// off, so the call is not moved to the background), and the model gets only
// what the command printed before the kill: the report terse prints on the
// signal arrives too late (measured: "Exit code 143\nCommand timed out after
// 4s" and nothing else). The hook passes the call's timeout to terse run
// (--deadline), which prints an early report shortly before it: the model
// gets the failure seen so far, shaped, and the raw log.
func TestClaudeCodeTimeoutKeepsFailures(t *testing.T) {
	claudeBin(t)
	s := newSession(t)
	s.write("slow_test.go", "package calc\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc TestQuickFail(t *testing.T) {\n\tt.Fatal(\"quick failure: got 1, want 2\")\n}\n\nfunc TestSlow(t *testing.T) {\n\ttime.Sleep(60 * time.Second)\n}\n")
	// Build first, so that the timeout falls in the tests, not the compile.
	build := exec.Command("go", "test", "-count=1", "-run", "^$", "./...")
	build.Dir, build.Env = s.project, s.env
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -run ^$: %v\n%s", err, out)
	}
	res, _ := s.runCall(&mockAPI{command: "go test -count=1 -v ./...", timeout: 4000}, "bypassPermissions",
		"CLAUDE_CODE_DISABLE_BACKGROUND_TASKS=1")
	for _, want := range []string{"STILL RUNNING at", `"TestQuickFail"`, "quick failure: got 1, want 2", "raw: " + s.state} {
		if !strings.Contains(res.Content, want) {
			t.Errorf("tool_result lacks %q:\n%s", want, res.Content)
		}
	}
	if !res.IsError {
		t.Errorf("a killed run's result is not an error")
	}
}

// The hook answers "allow" for a compound line only where the client itself
// runs it without a prompt. Each line below is one the hook allows under
// these rules (TestClaudeAnswerKeepsPermissionOutcome); with the hook
// uninstalled, the client runs it under the same rules too (headless, a
// prompt is a refusal). Measured with 2.1.197: the client allows more than
// the hook vouches for (it runs `cd sub && go test ./...` with only
// Bash(go test:*), `CI=1 go test ./...` and `go test ./... 2>&1 | tail -30`
// with only Bash(go test:*)); the hook leaves those as they are, which
// keeps the outcome. The rules are the user's: 2.1.197 does not apply the
// allow rules of a project never trusted (TestClaudeCodeUntrustedProjectRule).
func TestClaudeCodeCompoundAllowIsTheClients(t *testing.T) {
	claudeBin(t)
	for _, c := range []struct {
		cmd   string
		allow []string
	}{
		{"go test ./... 2>&1 | tail -30", []string{"Bash(go test:*)", "Bash(tail:*)"}},
		{"cd sub && go test ./...", []string{"Bash(cd:*)", "Bash(go test:*)"}},
		{"go test ./... 2>&1", []string{"Bash(go test:*)"}},
		{"go vet ./...; go test ./...", []string{"Bash(go vet:*)", "Bash(go test:*)"}},
		{"go test ./... | tail -30", []string{"Bash(go test ./...)", "Bash(tail -30)"}},
	} {
		s := newSession(t)
		s.write("sub/sub_test.go", "package sub\n\nimport \"testing\"\n\nfunc TestSub(t *testing.T) { t.Fatal(\"sub fails: got 1\") }\n")
		s.terse("init", "claude", "--uninstall")
		s.userAllow(c.allow)
		res, _ := s.run(c.cmd, "default")
		if !strings.Contains(res.Content, "FAIL") {
			t.Errorf("%q with %v, no hook: the client did not run it:\n%.1000s", c.cmd, c.allow, res.Content)
		}
	}
}

// userAllow writes allow rules into the user's settings (~/.claude).
func (s *session) userAllow(allow []string) {
	s.t.Helper()
	b, _ := json.Marshal(map[string]any{"permissions": map[string][]string{"allow": allow}})
	if err := os.MkdirAll(filepath.Join(s.home, ".claude"), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.home, ".claude", "settings.json"), b, 0o644); err != nil {
		s.t.Fatal(err)
	}
}
