package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/terse-dev/terse/internal/safefile"
)

// Codex CLI (0.171.0, measured in e2e/codex_test.go) runs a PostToolUse
// hook for every shell command that ran, failing ones too, after its
// approval and the run. The payload's tool_response is the output as the
// model would read it (over 10,000 characters: the first and last 5,000
// after a "Warning: truncated output" line), without the exit code; the
// model also gets "Process exited with code N". Only {"decision": "block",
// "reason": TEXT} replaces the result (updatedToolOutput is ignored), and it
// replaces it whole: the exit line too. The exit code is in the session's
// transcript (transcript_path), already written when the hook runs: the
// item_completed event of the call (tool_use_id) has exit_code and the
// output (aggregated_output: beyond 64 KiB, its start and end only, which
// the report then says). Without it terse answers nothing, and the result
// stands with its exit line.

// codexView is what Codex shows the model whole: 10,000 characters.
var codexView = clientView{name: "Codex", limit: 10_000}

// codexAggregatedCap is where Codex cuts aggregated_output (measured: a
// 168,894-byte output gave 65,536, its start and end).
const codexAggregatedCap = 64 << 10

// transcriptTail is how much of the end of a Codex transcript is read: the
// call's event was written just before the hook ran, and a long session's
// transcript is not read whole for every command.
const transcriptTail = 8 << 20

type codexInput struct {
	HookEventName  string `json:"hook_event_name"`
	ToolName       string `json:"tool_name"`
	Cwd            string `json:"cwd"`
	TranscriptPath string `json:"transcript_path"`
	ToolUseID      string `json:"tool_use_id"`
	ToolInput      struct {
		Command string `json:"command"`
	} `json:"tool_input"`
	ToolResponse json.RawMessage `json:"tool_response"`
}

// codexPostHook answers one Codex PostToolUse call, or prints nothing.
func codexPostHook(env Env) { answerHook(env, "codex-post", answerCodex) }

func answerCodex(env Env) ([]byte, error) {
	payload, err := readPayload(env.Stdin)
	if err != nil {
		return nil, err
	}
	var in codexInput
	if err := json.Unmarshal(payload, &in); err != nil {
		return nil, fmt.Errorf("reading the payload: %w", err)
	}
	var shown string
	if in.HookEventName != "PostToolUse" || in.ToolName != "Bash" || json.Unmarshal(in.ToolResponse, &shown) != nil {
		return nil, errors.New("not a Bash PostToolUse call with a text result")
	}
	ended, err := codexEnding(in.TranscriptPath, in.ToolUseID)
	if err != nil {
		return nil, err
	}
	rc := ranCommand{command: in.ToolInput.Command, cwd: in.Cwd, exit: &ended.exit, shown: shown, whole: []byte(ended.output)}
	if len(ended.output) >= codexAggregatedCap {
		rc.cut = codexCutNote
	}
	text, err := shapeRan(env, codexView, rc)
	if err != nil {
		return nil, err
	}
	return blockReply(text)
}

// codexEnded is how a call ended, as the transcript has it.
type codexEnded struct {
	exit   int
	output string
}

// codexEnding finds the call's item_completed event in the transcript: its
// exit code (an error when the command has none yet: it is still running,
// or was never run) and its output.
func codexEnding(path, callID string) (codexEnded, error) {
	if path == "" || callID == "" {
		return codexEnded{}, errors.New("no transcript or call id")
	}
	data, err := readTail(path, transcriptTail)
	if err != nil {
		return codexEnded{}, fmt.Errorf("the transcript: %w", err)
	}
	r := bufio.NewReader(bytes.NewReader(data))
	var found *codexEnded
	for {
		line, err := r.ReadString('\n')
		if e, ok := codexCompleted(line, callID); ok {
			found = &e
		}
		if err == io.EOF {
			break
		}
	}
	if found == nil {
		return codexEnded{}, fmt.Errorf("call %s has no exit code in the transcript", callID)
	}
	return *found, nil
}

// codexCompleted reads one transcript line: the call's completed command,
// with its exit code.
func codexCompleted(line, callID string) (codexEnded, bool) {
	if !strings.Contains(line, `"item_completed"`) || !strings.Contains(line, callID) {
		return codexEnded{}, false
	}
	var ev struct {
		Payload struct {
			Type string `json:"type"`
			Item struct {
				Type     string `json:"type"`
				ID       string `json:"id"`
				Output   string `json:"aggregated_output"`
				ExitCode *int   `json:"exit_code"`
			} `json:"item"`
		} `json:"payload"`
	}
	if json.Unmarshal([]byte(line), &ev) != nil {
		return codexEnded{}, false
	}
	it := ev.Payload.Item
	if ev.Payload.Type != "item_completed" || it.Type != "CommandExecution" || it.ID != callID || it.ExitCode == nil {
		return codexEnded{}, false
	}
	return codexEnded{exit: *it.ExitCode, output: it.Output}, true
}

// readTail reads the last n bytes of the regular file at path (a first
// line cut in the middle is skipped by its reader: it is not JSON).
func readTail(path string, n int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is %s, not a regular file", path, safefile.Kind(fi.Mode()))
	}
	if off := fi.Size() - n; off > 0 {
		if _, err := f.Seek(off, io.SeekStart); err != nil {
			return nil, err
		}
	}
	return io.ReadAll(io.LimitReader(f, n))
}

// marshalLine is v as one line of JSON.
func marshalLine(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// codexCutNote heads the report of an output Codex cut before terse saw it.
const codexCutNote = "(Codex gave terse only the start and end of this output, 64 KiB in all: failures printed in between are not in this report; `terse run -- CMD` shapes all of it)"
