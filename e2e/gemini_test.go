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

// The real Gemini CLI (@google/gemini-cli, TERSE_GEMINI_BIN), driven by a
// scripted Gemini API on 127.0.0.1 (GOOGLE_GEMINI_BASE_URL), with terse's
// hook installed by `terse init gemini`. Measured with 0.61.0:
//   - the shell tool (run_shell_command) has BeforeTool and AfterTool hooks
//     in settings.json; with -p it is offered only in yolo mode or with
//     --allowed-tools;
//   - AfterTool runs after the run, failing commands too, with the whole
//     output and "Exit Code: N" in tool_response.llmContent;
//     hookSpecificOutput.tool_output is ignored, and {"decision": "block",
//     "reason": TEXT} reaches the model as {"error": TEXT}, for a passing
//     command too (so terse replaces a failing command's result only);
//   - a BeforeTool rewrite is checked against the policy as the new text
//     (the lab saw a deny on the original escaped): terse installs none.

// geminiMock is a Gemini API that answers the first requests that offer
// run_shell_command with one call each of commands, in turn, and the rest
// with text.
type geminiMock struct {
	commands []string
	log      requestLog
}

func (m *geminiMock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if r.Method != http.MethodPost || !strings.Contains(r.URL.Path, "generateContent") && !strings.Contains(r.URL.Path, "GenerateContent") {
		http.NotFound(w, r)
		return
	}
	m.log.add(body)
	var req struct {
		Contents []struct {
			Parts []map[string]json.RawMessage `json:"parts"`
		} `json:"contents"`
		Tools []struct {
			FunctionDeclarations []struct {
				Name string `json:"name"`
			} `json:"functionDeclarations"`
		} `json:"tools"`
	}
	_ = json.Unmarshal(body, &req)
	offers, answered := false, 0
	for _, tool := range req.Tools {
		for _, f := range tool.FunctionDeclarations {
			offers = offers || f.Name == "run_shell_command"
		}
	}
	for _, c := range req.Contents {
		for _, p := range c.Parts {
			if _, ok := p["functionResponse"]; ok {
				answered++
			}
		}
	}
	var part map[string]any
	if offers && answered < len(m.commands) {
		part = map[string]any{"functionCall": map[string]any{"name": "run_shell_command",
			"args": map[string]any{"command": m.commands[answered], "description": "run the tests"}}}
	} else {
		part = map[string]any{"text": "done"}
	}
	resp, _ := json.Marshal(map[string]any{
		"candidates":    []any{map[string]any{"content": map[string]any{"role": "model", "parts": []any{part}}, "finishReason": "STOP", "index": 0}},
		"usageMetadata": map[string]int{"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
	})
	if r.URL.Query().Get("alt") == "sse" {
		w.Header().Set("content-type", "text/event-stream")
		fmt.Fprintf(w, "data: %s\n\n", resp)
		return
	}
	w.Header().Set("content-type", "application/json")
	w.Write(resp)
}

// responses are the functionResponse parts of every request, in order.
func (m *geminiMock) responses() []string {
	var out []string
	for _, body := range m.log.all() {
		var req struct {
			Contents []struct {
				Parts []struct {
					FunctionResponse *struct {
						Response json.RawMessage `json:"response"`
					} `json:"functionResponse"`
				} `json:"parts"`
			} `json:"contents"`
		}
		if json.Unmarshal(body, &req) != nil {
			continue
		}
		var these []string
		for _, c := range req.Contents {
			for _, p := range c.Parts {
				if p.FunctionResponse != nil {
					these = append(these, string(p.FunctionResponse.Response))
				}
			}
		}
		if len(these) > len(out) {
			out = these
		}
	}
	return out
}

// geminiSession runs `gemini -p` in yolo mode in w with the policy rules
// given (TOML, "" for none), the model calling run_shell_command with each
// of commands in turn, and returns the function responses the model got.
func geminiSession(t *testing.T, bin string, w *workspace, policy string, commands ...string) []string {
	t.Helper()
	api := &geminiMock{commands: commands}
	srv := httptest.NewServer(api)
	defer srv.Close()
	dir := filepath.Join(w.home, ".gemini")
	w.write(filepath.Join(dir, "settings.json"), `{"security":{"auth":{"selectedType":"gemini-api-key"}}}`)
	trusted, _ := json.Marshal(map[string]string{w.project: "TRUST_FOLDER"})
	w.write(filepath.Join(dir, "trustedFolders.json"), string(trusted))
	if policy != "" {
		w.write(filepath.Join(dir, "policies", "e2e.toml"), policy)
	}
	out, err := w.runClient(4*time.Minute, bin, []string{"GEMINI_CLI_HOME=" + w.home, "GOOGLE_GEMINI_BASE_URL=" + srv.URL,
		"GEMINI_API_KEY=e2e", "GEMINI_CLI_NO_RELAUNCH=true"}, "-p", "run the tests", "--output-format", "json", "--yolo", "-m", "m")
	results := api.responses()
	if len(results) == 0 {
		t.Fatalf("the client sent no function response (exit %v); its output:\n%s", err, out)
	}
	return results
}

// A failing go test run through Gemini CLI's shell tool: the model reads
// terse's report (status line, the failure's name, location and reason)
// headed by the exit code, as the error Gemini CLI frames a hook's
// replacement as; a passing command's result is Gemini CLI's own.
func TestGeminiShapesFailingRun(t *testing.T) {
	bin := agentBin(t, "TERSE_GEMINI_BIN", "Gemini CLI")
	w := newWorkspace(t)
	w.terse("init", "gemini")
	got := geminiSession(t, bin, w, "", "go test ./...", "go vet ./...")
	if len(got) != 2 {
		t.Fatalf("%d results, want 2: %q", len(got), got)
	}
	var failing struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal([]byte(got[0]), &failing); err != nil || !strings.HasPrefix(failing.Error, "Exit code 1\n") {
		t.Errorf("the failing run's result is not terse's report headed by the exit code (%v):\n%s", err, got[0])
	}
	w.wantShapedFailingRun("the failing run's result", failing.Error)
	if !strings.Contains(got[1], `"output"`) || strings.Contains(got[1], `"error"`) {
		t.Errorf("the passing run's result is not Gemini CLI's own:\n%s", got[1])
	}
}

// A command the policy denies: with terse's hook the model gets exactly
// what it gets without it, and nothing runs through terse.
func TestGeminiKeepsDeny(t *testing.T) {
	bin := agentBin(t, "TERSE_GEMINI_BIN", "Gemini CLI")
	policy := "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"go test\"\ndecision = \"deny\"\npriority = 900\n"
	without := newWorkspace(t)
	want := geminiSession(t, bin, without, policy, "go test ./...")
	w := newWorkspace(t)
	w.terse("init", "gemini")
	got := geminiSession(t, bin, w, policy, "go test ./...")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("with terse the model got\n%q\nwithout:\n%q", got, want)
	}
	if strings.Contains(strings.Join(want, ""), "TestAdd") {
		t.Errorf("the denied command ran:\n%q", want)
	}
	if n := w.savedRuns(); n != 0 {
		t.Errorf("%d runs saved, want 0", n)
	}
	t.Logf("denied: %q", got)
}
