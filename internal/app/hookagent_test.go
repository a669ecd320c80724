package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// A long failing go test -v run (a real capture, 222 KB) through each
// client's output-side hook: the replacement starts with the exit code,
// fits what the client shows whole (Codex: 10,000 characters; Gemini CLI:
// 40,000; OpenCode: 51,200 bytes), and names the saved log.
func TestAgentPostHooksFitTheClientsView(t *testing.T) {
	capture := filepath.Join("..", "..", "profiles", "gotest", "testdata", "captures", "urfavecli.v.txt")
	raw, err := os.ReadFile(capture)
	if err != nil {
		t.Fatal(err)
	}
	whole, _ := filepath.Abs(capture)
	dir := t.TempDir()
	vars := map[string]string{"XDG_STATE_HOME": filepath.Join(dir, "state")}
	cmd := "go test -v ./..."

	// OpenCode: the last 51,200 bytes after its note, the whole output in
	// metadata.outputPath.
	tail := string(raw[len(raw)-51_200:])
	oc, _ := json.Marshal(map[string]any{"tool": "bash", "args": map[string]any{"command": cmd}, "directory": dir,
		"output":   "...output truncated...\n\nFull output saved to: " + whole + "\n\n" + tail,
		"metadata": map[string]any{"exit": 1, "truncated": true, "outputPath": whole}})
	env, out, _ := hookEnv(t, string(oc), vars)
	openCodePostHook(env)
	var ocAnswer struct{ Output string }
	_ = json.Unmarshal(out.Bytes(), &ocAnswer)
	checkFit(t, "OpenCode", ocAnswer.Output, len(ocAnswer.Output), 51_200)

	// Codex: head and tail in the payload, the output in the transcript.
	runes := []rune(string(raw))
	shown := "Warning: truncated output\n" + string(runes[:5000]) + string(runes[len(runes)-5000:])
	line, _ := json.Marshal(map[string]any{"type": "event_msg", "payload": map[string]any{"type": "item_completed",
		"item": map[string]any{"type": "CommandExecution", "id": "call_1", "aggregated_output": string(raw[:32_768]) + string(raw[len(raw)-32_768:]), "exit_code": 1}}})
	transcript := filepath.Join(dir, "t.jsonl")
	if err := os.WriteFile(transcript, append(line, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	cx, _ := json.Marshal(map[string]any{"hook_event_name": "PostToolUse", "tool_name": "Bash", "cwd": dir,
		"transcript_path": transcript, "tool_use_id": "call_1", "tool_input": map[string]any{"command": cmd}, "tool_response": shown})
	env, out, _ = hookEnv(t, string(cx), vars)
	codexPostHook(env)
	var cxAnswer struct{ Decision, Reason string }
	_ = json.Unmarshal(out.Bytes(), &cxAnswer)
	checkFit(t, "Codex", strings.Replace(cxAnswer.Reason, codexCutNote+"\n", "", 1), utf8.RuneCountInString(cxAnswer.Reason), 10_000)
	if !strings.Contains(cxAnswer.Reason, codexCutNote) {
		t.Errorf("Codex: the report does not say that it covers part of the output:\n%.500s", cxAnswer.Reason)
	}

	// Gemini CLI: the whole output in llmContent.
	gm, _ := json.Marshal(map[string]any{"hook_event_name": "AfterTool", "tool_name": "run_shell_command", "cwd": dir,
		"tool_input":    map[string]any{"command": cmd},
		"tool_response": map[string]any{"llmContent": "<untrusted_context>\nOutput: " + string(raw) + "\nExit Code: 1\nProcess Group PGID: 7\n</untrusted_context>"}})
	env, out, _ = hookEnv(t, string(gm), vars)
	geminiPostHook(env)
	var gmAnswer struct{ Decision, Reason string }
	_ = json.Unmarshal(out.Bytes(), &gmAnswer)
	checkFit(t, "Gemini CLI", gmAnswer.Reason, utf8.RuneCountInString(gmAnswer.Reason), 40_000)
}

func checkFit(t *testing.T, client, text string, size, limit int) {
	t.Helper()
	if !strings.HasPrefix(text, "Exit code 1\nFAIL ") {
		t.Errorf("%s: the replacement does not start with the exit code and the status:\n%.500s", client, text)
	}
	if size > limit || size == 0 {
		t.Errorf("%s: the replacement is %d, over the client's %d", client, size, limit)
	}
	if !strings.Contains(text, "\nraw: ") {
		t.Errorf("%s: the saved log is not named:\n%s", client, text)
	}
}

// Gemini CLI's shell result, as the real client gives it (see
// init_agents.txtar): the output and the exit code, 0 when the line is
// absent; any other shape is left alone.
func TestParseGeminiShell(t *testing.T) {
	for _, c := range []struct {
		in, out string
		exit    int
		ok      bool
	}{
		{"<untrusted_context>\nOutput: a\nb\nExit Code: 1\nProcess Group PGID: 14067\n</untrusted_context>", "a\nb\n", 1, true},
		{"<untrusted_context>\nOutput: hi\nProcess Group PGID: 14175\n</untrusted_context>", "hi\n", 0, true},
		{"<untrusted_context>\nOutput: x\nSignal: 9\nProcess Group PGID: 1\n</untrusted_context>", "", 0, false},
		{"Command rejected", "", 0, false},
	} {
		out, exit, err := parseGeminiShell(c.in)
		if (err == nil) != c.ok || out != c.out || exit != c.exit {
			t.Errorf("parseGeminiShell(%q) = %q, %d, %v", c.in, out, exit, err)
		}
	}
}
