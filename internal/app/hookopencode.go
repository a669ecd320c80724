package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// OpenCode (1.18.33, measured in e2e/opencode_test.go) calls a plugin's
// tool.execute.after for every bash call that ran, failing and timed-out
// ones too, after its permission check and the run: setting output.output
// replaces what the model reads. Without terse the model gets the output
// alone, never the exit code (metadata.exit has it); over 2,000 lines or
// 51,200 bytes only the last 51,200 bytes, after a line naming the file
// that holds the whole output (metadata.outputPath). terse's plugin
// (terse init opencode) passes the call to `terse hook opencode-post` and
// uses its answer.

// openCodeView is what OpenCode shows the model whole: 51,200 bytes.
var openCodeView = clientView{name: "OpenCode", limit: 51_200, bytes: true}

// openCodeInput is what terse's plugin sends: the call's arguments, the
// session's directory, the result and its metadata, as OpenCode gave them.
type openCodeInput struct {
	Tool string `json:"tool"`
	Args struct {
		Command string `json:"command"`
		Workdir string `json:"workdir"`
	} `json:"args"`
	Directory string `json:"directory"`
	Output    string `json:"output"`
	Metadata  struct {
		Exit       *int   `json:"exit"`
		OutputPath string `json:"outputPath"`
	} `json:"metadata"`
}

// openCodePostHook answers one call of terse's OpenCode plugin with
// {"output": TEXT}, or prints nothing (the result stands) on any problem.
func openCodePostHook(env Env) { answerHook(env, "opencode-post", answerOpenCode) }

func answerOpenCode(env Env) ([]byte, error) {
	payload, err := readPayload(env.Stdin)
	if err != nil {
		return nil, err
	}
	var in openCodeInput
	if err := json.Unmarshal(payload, &in); err != nil {
		return nil, fmt.Errorf("reading the payload: %w", err)
	}
	if in.Tool != "bash" {
		return nil, errors.New("not a bash call")
	}
	shown, note := splitShellMetadata(in.Output)
	whole, err := readWhole(shown, in.Metadata.OutputPath)
	if err != nil {
		return nil, err
	}
	cwd := in.Args.Workdir
	if cwd == "" {
		cwd = in.Directory
	}
	text, err := shapeRan(env, openCodeView, ranCommand{command: in.Args.Command, cwd: cwd,
		exit: in.Metadata.Exit, shown: in.Output, whole: whole})
	if err != nil {
		return nil, err
	}
	if note != "" {
		text += "\n" + note
	}
	b, err := json.Marshal(struct {
		Output string `json:"output"`
	}{text})
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// splitShellMetadata separates the note OpenCode appends to a result when
// it stopped the command (<shell_metadata>…</shell_metadata>: the timeout,
// or the abort) from the command's output: the note is not the tool's
// output, and is kept, after the report.
func splitShellMetadata(s string) (output, note string) {
	i := strings.LastIndex(s, "<shell_metadata>")
	if i < 0 || !strings.Contains(s[i:], "</shell_metadata>") {
		return s, ""
	}
	return strings.TrimRight(s[:i], "\n"), strings.TrimSpace(s[i:])
}
