package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/agents"
	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/envflag"
	"github.com/terse-dev/terse/internal/runlog"
	"github.com/terse-dev/terse/internal/safefile"
)

// Claude Code (2.1.121 and later) lets a PostToolUse hook replace a Bash
// result with updatedToolOutput. It fires for a command that exited 0 only
// (a failing one fires PostToolUseFailure, which ignores a replacement), its
// payload carries no exit code, and stdout arrives cut at 30,000 characters
// with tool_response.persistedOutputPath naming the whole output. The
// replacement must be the whole result object: a string, or an object that
// lacks a field, is rejected and the original kept.

// maxPostPayload bounds the payload: 30,000 characters of stdout and the
// stderr that comes with them, in JSON.
const maxPostPayload = 8 << 20

// clientShowsWhole is the most characters of a successful command's output
// Claude Code shows the model whole; beyond, it keeps a preview and
// persists the rest.
const clientShowsWhole = 30_000

// maxPersisted bounds what is read of the persisted whole output.
const maxPersisted = 256 << 20

// postInput is the part of a PostToolUse payload the hook reads.
type postInput struct {
	HookEventName string `json:"hook_event_name"`
	ToolName      string `json:"tool_name"`
	Cwd           string `json:"cwd"`
	ToolInput     struct {
		Command string `json:"command"`
	} `json:"tool_input"`
	ToolResponse struct {
		Stdout              string `json:"stdout"`
		Stderr              string `json:"stderr"`
		Interrupted         bool   `json:"interrupted"`
		IsImage             bool   `json:"isImage"`
		NoOutputExpected    *bool  `json:"noOutputExpected,omitempty"`
		PersistedOutputPath string `json:"persistedOutputPath"`
	} `json:"tool_response"`
}

// postOutput is the replacement result, every field of the original given.
type postOutput struct {
	Stdout           string `json:"stdout"`
	Stderr           string `json:"stderr"`
	Interrupted      bool   `json:"interrupted"`
	IsImage          bool   `json:"isImage"`
	NoOutputExpected *bool  `json:"noOutputExpected,omitempty"`
}

// claudePostHook answers one PostToolUse call: the output of a successful
// command the PreToolUse hook left alone is saved as a run and replaced by
// its shaped form, when that is smaller, only for a command terse shapes (a
// profile claims it by its command or its output's content) and only when
// the client would otherwise cut or persist it. A file reader's output
// (cat, sed -n, head, git show …) and a line that already runs terse are
// never replaced: the model must read them whole (see agents.PostLeaves). Like the PreToolUse hook it never
// fails the call: on any problem it prints nothing and the result stands.
func claudePostHook(env Env) { answerHook(env, "claude-post", answerPost) }

func answerPost(env Env) ([]byte, error) {
	if envflag.Disabled(env.Getenv) {
		return nil, errors.New("TERSE_DISABLE is set")
	}
	payload, err := io.ReadAll(io.LimitReader(env.Stdin, maxPostPayload+1))
	if err != nil || len(payload) > maxPostPayload {
		return nil, fmt.Errorf("payload not read (%v, %d bytes)", err, len(payload))
	}
	var in postInput
	if err := json.Unmarshal(payload, &in); err != nil {
		return nil, fmt.Errorf("reading the payload: %w", err)
	}
	resp := in.ToolResponse
	cmd := strings.TrimSpace(in.ToolInput.Command)
	switch {
	case in.HookEventName != "PostToolUse" || in.ToolName != "Bash":
		return nil, errors.New("not a Bash PostToolUse call")
	case resp.Interrupted || resp.IsImage:
		return nil, errors.New("interrupted or an image: left as it is")
	case cmd == "" || strings.Contains(cmd, "TERSE_DISABLE"):
		return nil, errors.New("no command, or raw output asked for")
	}
	shown := utf8.RuneCountInString(resp.Stdout) + utf8.RuneCountInString(resp.Stderr)
	whole, err := postWhole(env, in, shown)
	if err != nil {
		return nil, err
	}
	shaped, err := saveAndShape(env, cmd, in.Cwd, whole)
	if err != nil {
		return nil, err
	}
	if shaped == "" || utf8.RuneCountInString(shaped) >= shown {
		return nil, fmt.Errorf("shaped output (%d characters) is not smaller than the result (%d)", utf8.RuneCountInString(shaped), shown)
	}
	answer := struct {
		Out struct {
			Event  string     `json:"hookEventName"`
			Output postOutput `json:"updatedToolOutput"`
		} `json:"hookSpecificOutput"`
	}{}
	answer.Out.Event = "PostToolUse"
	answer.Out.Output = postOutput{Stdout: shaped, NoOutputExpected: resp.NoOutputExpected}
	b, err := json.Marshal(answer)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// postWhole returns the whole output of a call whose output the hook may
// replace: one the client would cut or persist, of a command line terse
// shapes (see agents.PostLeaves: never a file reader's), claimed by its
// command or, failing that, recognised by its content. Else the error says
// why it is left as it is.
func postWhole(env Env, in postInput, shown int) ([]byte, error) {
	resp := in.ToolResponse
	if resp.PersistedOutputPath == "" && shown <= clientShowsWhole {
		return nil, fmt.Errorf("the client shows its %d characters whole: left as it is", shown)
	}
	cmd := strings.TrimSpace(in.ToolInput.Command)
	why, unclaimed := agents.PostLeaves(cmd, agents.NewReach(postClaims(env), postCwd(env, in.Cwd), env.Getenv))
	if why != "" && !unclaimed {
		return nil, errors.New("left as it is: " + why)
	}
	whole, err := wholeOutput(resp.Stdout, resp.Stderr, resp.PersistedOutputPath)
	if err != nil {
		return nil, err
	}
	if unclaimed && !shapedByContent(env, whole) {
		return nil, errors.New("left as it is: " + why + ", and no profile recognises its output")
	}
	return whole, nil
}

// postClaims loads the profiles' claims (built-in and the user's) when a
// command first needs them.
func postClaims(env Env) func() *commands.Set {
	return func() *commands.Set {
		user, err := commands.ReadDir(profilesDir(env))
		if err != nil {
			user = nil
		}
		return commands.NewSet(commands.Builtin, user)
	}
}

// postCwd is the directory the command ran in: the payload's, else terse's.
func postCwd(env Env, cwd string) string {
	if cwd == "" || !filepath.IsAbs(cwd) {
		return env.Cwd
	}
	return cwd
}

// shapedByContent reports whether a profile recognises output by its
// content (the generic cleaner is no profile's claim).
func shapedByContent(env Env, output []byte) bool {
	set, err := loadProfiles(Env{Stdin: env.Stdin, Stdout: io.Discard, Stderr: io.Discard, Getenv: env.Getenv, Cwd: env.Cwd})
	if err != nil {
		return false
	}
	head := output
	if len(head) > 64<<10 {
		head = head[:64<<10]
	}
	return set.DetectText(head) != nil
}

// wholeOutput is the command's whole output: the persisted file when the
// client cut stdout (a regular file, bounded), else stdout and stderr.
func wholeOutput(stdout, stderr, persisted string) ([]byte, error) {
	if persisted == "" {
		if stderr == "" {
			return []byte(stdout), nil
		}
		return []byte(stdout + "\n" + stderr), nil
	}
	data, err := readPersisted(persisted)
	if err != nil {
		return nil, fmt.Errorf("the persisted output: %w", err)
	}
	return data, nil
}

// readPersisted reads the persisted output file, deciding on what fstat
// says of the open file before reading any of it: it must be a regular
// file (opened without blocking: a FIFO is refused, not waited on), not a
// kernel pseudo-file (/proc/self/environ is a "regular" file of size 0),
// not empty (Claude Code persists only an output too long to show), and at
// most maxPersisted bytes (a 5 GB file is refused at once, not read to
// find out). The read itself stops at the limit, should the file grow.
func readPersisted(path string) ([]byte, error) {
	f, fi, err := safefile.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := fi.Size()
	switch pseudo := safefile.PseudoFS(f); {
	case pseudo != "":
		return nil, safefile.Refused(path, "it is a file of the kernel's "+pseudo+" file system, not an output")
	case size == 0:
		return nil, safefile.Refused(path, "it is empty: Claude Code persists only an output too long to show")
	case size > maxPersisted:
		return nil, safefile.Refused(path, fmt.Sprintf("it is larger than %d bytes (%d)", maxPersisted, size))
	}
	buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
	n, err := buf.ReadFrom(io.LimitReader(f, maxPersisted+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if n > maxPersisted {
		return nil, safefile.Refused(path, fmt.Sprintf("it grew past %d bytes while read", maxPersisted))
	}
	return buf.Bytes(), nil
}

// saveAndShape saves output as a run of cmd and returns what `terse show`
// prints for it under Claude Code: shaped by the command's profile (or by
// what the content shows), cut to what the client shows whole, with the
// saved log named.
func saveAndShape(env Env, cmd, cwd string, output []byte) (string, error) {
	if cwd == "" {
		cwd = env.Cwd
	}
	store, err := runlog.Open(runlog.Dir(env.Getenv), keepRuns(env))
	if err != nil {
		return "", err
	}
	rec, err := store.Create(runlog.Meta{Command: []string{"sh", "-c", cmd}, Cwd: cwd, Start: time.Now().UTC()})
	if err != nil {
		return "", err
	}
	if _, err := rec.Write(output); err != nil {
		rec.Abandon()
		return "", err
	}
	if err := rec.Finish(0, "", "", 0); err != nil {
		return "", err
	}
	return showSavedRun(env, cwd, rec.ID)
}

// showSavedRun is a saved run's page as a hook hands it to its client: terse
// show under CLAUDECODE, so the report is cut as for Claude Code (9,800
// characters for a failing run, 29,800 for a passing one), which fits every
// client's own view; the ledger and LLM_OUTPUT of the hook's environment
// play no part.
func showSavedRun(env Env, cwd string, id int) (string, error) {
	var out, errb bytes.Buffer
	getenv := func(k string) string {
		switch k {
		case "CLAUDECODE":
			return "1"
		case "LLM_OUTPUT", "TERSE_LEDGER":
			return ""
		}
		return env.Getenv(k)
	}
	sub := Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: getenv, Cwd: cwd}
	if code := Main([]string{"terse", "show", fmt.Sprint(id)}, sub); code != 0 {
		return "", fmt.Errorf("terse show %d: exit %d: %s", id, code, strings.TrimSpace(errb.String()))
	}
	return out.String(), nil
}
