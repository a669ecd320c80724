package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Gemini CLI (0.61.0, measured in e2e/gemini_test.go) runs an AfterTool
// hook for every shell command that ran, failing ones too, after its policy
// check and the run. The payload's tool_response.llmContent is the whole
// output, uncut, as "Output: …" then "Exit Code: N" (absent for 0) and
// "Process Group PGID: N", inside <untrusted_context>; the model would get
// it cut to 40,000 characters (the first 8,000 and the last 32,000).
// hookSpecificOutput.tool_output is ignored; only {"decision": "block",
// "reason": TEXT} replaces the result, and the model gets it as
// {"error": TEXT}, for a passing command too. terse replaces the result of
// a failing command only, where "error" says what happened: a passing
// command's output stays Gemini's own.

// geminiView is what Gemini CLI shows the model whole: 40,000 characters.
var geminiView = clientView{name: "Gemini CLI", limit: 40_000}

type geminiInput struct {
	HookEventName string `json:"hook_event_name"`
	ToolName      string `json:"tool_name"`
	Cwd           string `json:"cwd"`
	ToolInput     struct {
		Command string `json:"command"`
		DirPath string `json:"dir_path"`
	} `json:"tool_input"`
	ToolResponse struct {
		LLMContent json.RawMessage `json:"llmContent"`
	} `json:"tool_response"`
}

// geminiPostHook answers one Gemini CLI AfterTool call, or prints nothing.
func geminiPostHook(env Env) { answerHook(env, "gemini-post", answerGemini) }

func answerGemini(env Env) ([]byte, error) {
	payload, err := readPayload(env.Stdin)
	if err != nil {
		return nil, err
	}
	var in geminiInput
	if err := json.Unmarshal(payload, &in); err != nil {
		return nil, fmt.Errorf("reading the payload: %w", err)
	}
	var content string
	if in.HookEventName != "AfterTool" || in.ToolName != "run_shell_command" || json.Unmarshal(in.ToolResponse.LLMContent, &content) != nil {
		return nil, errors.New("not a run_shell_command AfterTool call with a text result")
	}
	output, exit, err := parseGeminiShell(content)
	if err != nil {
		return nil, err
	}
	if exit == 0 {
		return nil, errors.New("exit 0: Gemini CLI would show terse's report as an error")
	}
	cwd := in.ToolInput.DirPath
	if cwd == "" {
		cwd = in.Cwd
	}
	text, err := shapeRan(env, geminiView, ranCommand{command: in.ToolInput.Command, cwd: cwd,
		exit: &exit, shown: content, whole: []byte(output)})
	if err != nil {
		return nil, err
	}
	return blockReply(text)
}

// geminiTail is the end of Gemini CLI's shell result: the exit code line
// (absent for 0) and the process group line.
var geminiTail = regexp.MustCompile(`\n(?:Exit Code: (-?\d+)\n)?Process Group PGID: (?:\d+|\(none\))\n?$`)

// parseGeminiShell reads Gemini CLI's shell result: the command's output
// and exit code. A result of any other shape (an error, a signal, a command
// moved to the background) is an error: it is left as it is.
func parseGeminiShell(content string) (output string, exit int, err error) {
	s := strings.TrimSpace(content)
	s = strings.TrimPrefix(s, "<untrusted_context>\n")
	s = strings.TrimSuffix(s, "</untrusted_context>")
	if !strings.HasPrefix(s, "Output: ") {
		return "", 0, errors.New("not a shell result Gemini CLI's way")
	}
	m := geminiTail.FindStringSubmatchIndex(s)
	if m == nil {
		return "", 0, errors.New("no exit line Gemini CLI's way (a signal, an error, or the background)")
	}
	if m[2] >= 0 {
		if exit, err = strconv.Atoi(s[m[2]:m[3]]); err != nil {
			return "", 0, err
		}
	}
	output = strings.TrimPrefix(s[:m[0]], "Output: ")
	if strings.Contains(output, "\nError: ") || strings.Contains(output, "\nSignal: ") {
		return "", 0, errors.New("an error or signal line: left as it is")
	}
	return output + "\n", exit, nil
}
