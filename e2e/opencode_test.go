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
	"testing"
	"time"
)

// The real OpenCode client (opencode-ai, TERSE_OPENCODE_BIN), driven by a
// scripted OpenAI-compatible API on 127.0.0.1, with terse's plugin
// installed by `terse init opencode`. Measured with 1.18.33:
//   - the bash tool's hooks are a plugin's tool.execute.before (the call's
//     arguments, before the permission check) and tool.execute.after (the
//     result, after the run, failing and timed-out runs too; it carries
//     metadata.exit and, for a cut result, metadata.outputPath);
//   - permission.bash patterns are checked after tool.execute.before, on
//     the command as it then is, so a rewrite there meets the rules as the
//     new text (the lab saw a deny on the original escaped); terse rewrites
//     nothing;
//   - the model gets the output alone, no exit code; over 2,000 lines or
//     51,200 bytes only the last part, after "...output truncated..." and
//     the path of the whole output; setting output.output in
//     tool.execute.after replaces what the model reads (TestOpenCodeShapesFailingRun).
//
// OpenCode installs @opencode-ai/plugin into each config directory that may
// hold plugins before it loads them, from the npm registry; a test has no
// registry, so the directories are marked as done (a package-lock.json
// that lists it), which is what OpenCode checks.

// openAIMock is a chat completions API that answers the first requests that
// offer the bash tool with one call each of commands, in turn, and the rest
// by ending the turn.
type openAIMock struct {
	commands []string
	timeout  int // the bash calls' timeout in ms, 0 for OpenCode's default
	log      requestLog
}

func (m *openAIMock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.NotFound(w, r)
		return
	}
	m.log.add(body)
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role string `json:"role"`
		} `json:"messages"`
		Tools []struct {
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		} `json:"tools"`
	}
	_ = json.Unmarshal(body, &req)
	offersBash, answered := false, 0
	for _, tool := range req.Tools {
		offersBash = offersBash || tool.Function.Name == "bash"
	}
	for _, msg := range req.Messages {
		if msg.Role == "tool" {
			answered++
		}
	}
	w.Header().Set("content-type", "text/event-stream")
	chunk := func(choices []any, extra map[string]any) {
		c := map[string]any{"id": "chatcmpl-e2e", "object": "chat.completion.chunk", "created": 1, "model": req.Model, "choices": choices}
		for k, v := range extra {
			c[k] = v
		}
		b, _ := json.Marshal(c)
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	if offersBash && answered < len(m.commands) {
		call := map[string]any{"command": m.commands[answered], "description": "run the tests"}
		if m.timeout > 0 {
			call["timeout"] = m.timeout
		}
		args, _ := json.Marshal(call)
		chunk([]any{map[string]any{"index": 0, "delta": map[string]any{"role": "assistant", "tool_calls": []any{map[string]any{
			"index": 0, "id": fmt.Sprintf("call_%d", answered+1), "type": "function",
			"function": map[string]any{"name": "bash", "arguments": string(args)}}}}}}, nil)
		chunk([]any{map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": "tool_calls"}}, nil)
	} else {
		chunk([]any{map[string]any{"index": 0, "delta": map[string]any{"role": "assistant", "content": "done"}}}, nil)
		chunk([]any{map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": "stop"}}, nil)
	}
	chunk([]any{}, map[string]any{"usage": map[string]int{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})
	io.WriteString(w, "data: [DONE]\n\n")
}

// toolMessages are the tool results of the last request that carries any,
// by call id.
func (m *openAIMock) toolMessages() map[string]string {
	out := map[string]string{}
	for _, body := range m.log.all() {
		var req struct {
			Messages []struct {
				Role       string          `json:"role"`
				ToolCallID string          `json:"tool_call_id"`
				Content    json.RawMessage `json:"content"`
			} `json:"messages"`
		}
		if json.Unmarshal(body, &req) != nil {
			continue
		}
		for _, msg := range req.Messages {
			if msg.Role == "tool" {
				out[msg.ToolCallID] = contentText(msg.Content)
			}
		}
	}
	return out
}

// openCodeSession runs `opencode run` in w with the provider and the
// permission rules given, the model calling bash with each of commands in
// turn, and returns the tool results the model got, by call id, and what
// the client printed.
func openCodeSession(t *testing.T, bin string, w *workspace, permission map[string]any, commands ...string) (map[string]string, string) {
	t.Helper()
	return openCodeRun(t, bin, w, permission, &openAIMock{commands: commands})
}

// openCodeRun is openCodeSession with the model's calls given whole.
func openCodeRun(t *testing.T, bin string, w *workspace, permission map[string]any, api *openAIMock) (map[string]string, string) {
	t.Helper()
	srv := httptest.NewServer(api)
	defer srv.Close()
	config := map[string]any{
		"$schema": "https://opencode.ai/config.json",
		"provider": map[string]any{"mock": map[string]any{
			"npm": "@ai-sdk/openai-compatible", "name": "Mock",
			"options": map[string]any{"baseURL": srv.URL + "/v1", "apiKey": "e2e"},
			"models":  map[string]any{"m": map[string]any{"name": "m", "tool_call": true}},
		}},
		"model":       "mock/m",
		"small_model": "mock/m",
		"autoupdate":  false,
		"share":       "disabled",
	}
	if permission != nil {
		config["permission"] = permission
	}
	b, _ := json.MarshalIndent(config, "", "  ")
	w.write("opencode.json", string(b))
	for _, dir := range []string{filepath.Join(w.home, ".config", "opencode"), filepath.Join(w.project, ".opencode")} {
		if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o755); err != nil {
			t.Fatal(err)
		}
		w.write(filepath.Join(dir, "package-lock.json"), `{"packages":{"":{"dependencies":{"@opencode-ai/plugin":"*"}}}}`)
	}
	out, err := w.runClient(5*time.Minute, bin, []string{"OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_MODELS_FETCH=1",
		"OPENCODE_DISABLE_LSP_DOWNLOAD=1", "OPENCODE_DISABLE_DEFAULT_PLUGINS=1"}, "run", "run the tests")
	results := api.toolMessages()
	if len(results) == 0 {
		t.Fatalf("the client sent no tool result (exit %v); its output:\n%s", err, out)
	}
	return results, out
}

// A failing go test run through OpenCode's bash tool, allowed as OpenCode
// allows every command by default: the model reads terse's report (the
// status line, the failure's name, location and reason) headed by the exit
// code, which OpenCode alone never shows; the run is saved.
func TestOpenCodeShapesFailingRun(t *testing.T) {
	bin := agentBin(t, "TERSE_OPENCODE_BIN", "OpenCode")
	w := newWorkspace(t)
	w.terse("init", "opencode")
	results, _ := openCodeSession(t, bin, w, nil, "go test ./...")
	got := results["call_1"]
	if !strings.HasPrefix(got, "Exit code 1\n") {
		t.Errorf("the result does not start with the exit code:\n%s", got)
	}
	w.wantShapedFailingRun("the tool result", got)
}

// A command the user's rules deny, then one they ask about: with terse's
// plugin the model gets exactly the denial it gets without it, and the ask
// is auto-rejected headless (OpenCode 1.18.33 then ends the session, the
// model getting no result for it) as without it; nothing runs through terse.
func TestOpenCodeKeepsDenyAndAsk(t *testing.T) {
	bin := agentBin(t, "TERSE_OPENCODE_BIN", "OpenCode")
	rules := map[string]any{"bash": map[string]any{"*": "allow", "go test*": "deny", "go vet*": "ask"}}
	without := newWorkspace(t)
	want, wantOut := openCodeSession(t, bin, without, rules, "go test ./...", "go vet ./...")
	w := newWorkspace(t)
	w.terse("init", "opencode")
	got, gotOut := openCodeSession(t, bin, w, rules, "go test ./...", "go vet ./...")
	if len(got) != len(want) {
		t.Errorf("with terse the model got %d results, without %d", len(got), len(want))
	}
	for id, text := range want {
		if got[id] != text {
			t.Errorf("call %s: with terse the model got\n%s\nwithout:\n%s", id, got[id], text)
		}
	}
	if !strings.Contains(want["call_1"], "prevents you from using this specific tool call") {
		t.Errorf("the deny rule did not hold without terse:\n%s", want["call_1"])
	}
	for _, out := range []string{wantOut, gotOut} {
		if !strings.Contains(out, "permission requested: bash (go vet ./...); auto-rejecting") {
			t.Errorf("the ask rule did not auto-reject go vet:\n%s", out)
		}
	}
	if n := w.savedRuns(); n != 0 {
		t.Errorf("%d runs saved, want 0", n)
	}
}

// OpenCode stops a command at the call's timeout, and still calls
// tool.execute.after, with what the command printed by then and no exit
// code: the model reads the failure printed before the stop, shaped,
// headed by "Exit code: none", and OpenCode's own note on the timeout.
func TestOpenCodeTimeoutKeepsFailures(t *testing.T) {
	bin := agentBin(t, "TERSE_OPENCODE_BIN", "OpenCode")
	w := newWorkspace(t)
	w.write("slow_test.go", "package calc\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc TestQuickFail(t *testing.T) {\n\tt.Fatal(\"quick failure: got 1, want 2\")\n}\n\nfunc TestSlow(t *testing.T) {\n\ttime.Sleep(60 * time.Second)\n}\n")
	build := exec.Command("go", "test", "-count=1", "-run", "^$", "./...")
	build.Dir, build.Env = w.project, w.env
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -run ^$: %v\n%s", err, out)
	}
	w.terse("init", "opencode")
	results, _ := openCodeRun(t, bin, w, nil, &openAIMock{commands: []string{"go test -count=1 -v ./..."}, timeout: 8000})
	got := results["call_1"]
	if !strings.HasPrefix(got, "Exit code: none (the command was stopped before it ended)\n") {
		t.Errorf("the result does not say the command was stopped:\n%s", got)
	}
	wantAll(t, "the tool result", got, `"TestQuickFail"`, "quick failure: got 1, want 2", "exceeding timeout 8000 ms")
}
