package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The real Codex CLI (@openai/codex, TERSE_CODEX_BIN), driven by a scripted
// Responses API on 127.0.0.1, with terse's hook installed by `terse init
// codex`. Measured with 0.171.0:
//   - the shell tool (exec_command, {"cmd"}) has PreToolUse and PostToolUse
//     hooks in $CODEX_HOME/hooks.json, matcher "Bash"; a hook runs only
//     once the user has trusted it (here --dangerously-bypass-hook-trust);
//   - PreToolUse's updatedInput is applied only with permissionDecision
//     "allow", which approves the command whatever the approval policy and
//     rules say: terse installs no PreToolUse hook;
//   - PostToolUse runs after the run, failing commands too; its payload has
//     the output as the model would read it, without the exit code, and
//     {"decision":"block","reason":TEXT} replaces the whole result, the
//     "Process exited with code N" line included; the exit code is in the
//     transcript (transcript_path) by then, which terse reads.
// The shell runs as `bash -c` here (allow_login_shell = false): a login
// shell resets PATH, and go would not be found.

// responsesMock is a Responses API that answers the first requests that
// offer exec_command with one call each of commands, in turn, and the rest
// with a message that ends the turn.
type responsesMock struct {
	commands []string
	log      requestLog
}

func (m *responsesMock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/responses") {
		w.Header().Set("content-type", "application/json")
		io.WriteString(w, `{"models":[]}`)
		return
	}
	m.log.add(body)
	var req struct {
		Input []struct {
			Type string `json:"type"`
		} `json:"input"`
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	_ = json.Unmarshal(body, &req)
	offers, answered := false, 0
	for _, tool := range req.Tools {
		offers = offers || tool.Name == "exec_command"
	}
	for _, in := range req.Input {
		if in.Type == "function_call_output" {
			answered++
		}
	}
	w.Header().Set("content-type", "text/event-stream")
	event := func(name string, data map[string]any) {
		data["type"] = name
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
	}
	id := fmt.Sprintf("resp_%d", answered)
	event("response.created", map[string]any{"response": map[string]any{"id": id}})
	var item map[string]any
	if offers && answered < len(m.commands) {
		args, _ := json.Marshal(map[string]string{"cmd": m.commands[answered]})
		item = map[string]any{"type": "function_call", "id": fmt.Sprintf("fc_%d", answered), "call_id": fmt.Sprintf("call_%d", answered+1),
			"name": "exec_command", "arguments": string(args), "status": "completed"}
	} else {
		item = map[string]any{"type": "message", "role": "assistant", "id": fmt.Sprintf("msg_%d", answered), "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": "done", "annotations": []any{}}}}
	}
	event("response.output_item.added", map[string]any{"output_index": 0, "item": item})
	event("response.output_item.done", map[string]any{"output_index": 0, "item": item})
	event("response.completed", map[string]any{"response": map[string]any{"id": id,
		"usage": map[string]any{"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}}})
}

// outputs are the function_call_output items of every request, by call id.
func (m *responsesMock) outputs() map[string]string {
	out := map[string]string{}
	for _, body := range m.log.all() {
		var req struct {
			Input []struct {
				Type   string          `json:"type"`
				CallID string          `json:"call_id"`
				Output json.RawMessage `json:"output"`
			} `json:"input"`
		}
		if json.Unmarshal(body, &req) != nil {
			continue
		}
		for _, in := range req.Input {
			if in.Type == "function_call_output" {
				out[in.CallID] = contentText(in.Output)
			}
		}
	}
	return out
}

// codexSession runs `codex exec` in w under the approval policy and rules
// given, the model calling exec_command with each of commands in turn, and
// returns the results the model got, by call id.
func codexSession(t *testing.T, bin string, w *workspace, policy, rules string, commands ...string) map[string]string {
	t.Helper()
	api := &responsesMock{commands: commands}
	srv := httptest.NewServer(api)
	defer srv.Close()
	codexHome := filepath.Join(w.home, ".codex")
	w.write(filepath.Join(codexHome, "config.toml"), fmt.Sprintf(`model = "m"
model_provider = "mock"
approval_policy = %q
sandbox_mode = "danger-full-access"
check_for_update_on_startup = false
allow_login_shell = false

[model_providers.mock]
name = "mock"
base_url = "%s/v1"
wire_api = "responses"
env_key = "TERSE_E2E_MOCK_KEY"

[projects.%q]
trust_level = "trusted"
`, policy, srv.URL, w.project))
	if rules != "" {
		w.write(filepath.Join(codexHome, "rules", "default.rules"), rules)
	}
	out, err := w.runClient(3*time.Minute, bin, []string{"CODEX_HOME=" + codexHome, "TERSE_E2E_MOCK_KEY=e2e"},
		"exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "run the tests")
	results := api.outputs()
	if len(results) == 0 {
		t.Fatalf("the client sent no tool result (exit %v); its output:\n%s", err, out)
	}
	return results
}

// A failing go test run through Codex's shell tool, run unasked under the
// "never" approval policy: the model reads terse's report (status line, the
// failure's name, location and reason) headed by the exit code, where Codex
// alone gives the raw output after "Process exited with code 1".
func TestCodexShapesFailingRun(t *testing.T) {
	bin := agentBin(t, "TERSE_CODEX_BIN", "Codex CLI")
	w := newWorkspace(t)
	w.terse("init", "codex")
	got := codexSession(t, bin, w, "never", "", "go test ./...")["call_1"]
	if !strings.HasPrefix(got, "Exit code 1\n") {
		t.Errorf("the result does not start with the exit code:\n%s", got)
	}
	w.wantShapedFailingRun("the tool result", got)
}

// A command a rule forbids, then one a rule says to prompt for (headless
// under on-request, Codex declines what it would ask): with terse's hook
// the model gets exactly what it gets without it, and nothing runs through
// terse.
func TestCodexKeepsForbiddenAndPrompt(t *testing.T) {
	bin := agentBin(t, "TERSE_CODEX_BIN", "Codex CLI")
	rules := `prefix_rule(pattern = ["go", "test"], decision = "forbidden")
prefix_rule(pattern = ["go", "vet"], decision = "prompt")
`
	without := newWorkspace(t)
	want := codexSession(t, bin, without, "on-request", rules, "go test ./...", "go vet ./...")
	w := newWorkspace(t)
	w.terse("init", "codex")
	got := codexSession(t, bin, w, "on-request", rules, "go test ./...", "go vet ./...")
	if len(got) != len(want) {
		t.Errorf("with terse the model got %d results, without %d", len(got), len(want))
	}
	for id, text := range want {
		if stripChunk(got[id]) != stripChunk(text) {
			t.Errorf("call %s: with terse the model got\n%s\nwithout:\n%s", id, got[id], text)
		}
		if strings.Contains(text, "TestAdd") {
			t.Errorf("call %s ran: the rules did not hold:\n%s", id, text)
		}
	}
	if n := w.savedRuns(); n != 0 {
		t.Errorf("%d runs saved, want 0", n)
	}
	t.Logf("forbidden: %q; prompt: %q", got["call_1"], got["call_2"])
}

// stripChunk drops the lines of a Codex result that differ from run to run
// (its chunk id and wall time).
func stripChunk(s string) string {
	var keep []string
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, "Chunk ID: ") || strings.HasPrefix(line, "Wall time: ") {
			continue
		}
		keep = append(keep, line)
	}
	return strings.Join(keep, "\n")
}
