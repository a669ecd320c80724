package app

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/agents"
	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/envflag"
	"github.com/terse-dev/terse/internal/runlog"
	"github.com/terse-dev/terse/internal/safefile"
)

// The output-side hooks of agents other than Claude Code (terse hook
// opencode-post, codex-post, gemini-post): each runs after the client ran the
// command it had approved, so it cannot change what runs or what is asked;
// it only replaces the result the model reads with terse's shaped report of
// it, the exit code written into the text. What each client hands the hook
// and takes back differs; what is done with the output is the same, here.

// ranCommand is one finished shell call as an agent's hook payload gives it.
type ranCommand struct {
	command string
	cwd     string
	// exit is the command's exit code, nil when it did not exit on its own
	// (the client killed it on its timeout, or the user aborted it).
	exit *int
	// shown is the result the model would read without terse.
	shown string
	// whole is the command's whole output: shown, or the file the client
	// saved it to when it cut shown.
	whole []byte
	// cut, when not "", says that whole is not the whole output, and how:
	// a line after the exit code.
	cut string
}

// clientView is what one client shows the model of a result: its name, and
// the most it shows whole (in characters, or bytes where the client counts
// bytes).
type clientView struct {
	name  string
	limit int
	bytes bool
}

// size measures s as the client does.
func (v clientView) size(s string) int {
	if v.bytes {
		return len(s)
	}
	return utf8.RuneCountInString(s)
}

// shapeRan returns the text that replaces a finished command's result: its
// exit line, then terse's shaped report of its whole output, saved as a run.
// It answers an error (and the client's result stands) when the command is
// terse's own or asks for raw output, when the report is no smaller than
// the result and the command is not one terse wraps, or when the text would
// not fit what the client shows whole.
func shapeRan(env Env, view clientView, rc ranCommand) (string, error) {
	if envflag.Disabled(env.Getenv) {
		return "", errors.New("TERSE_DISABLE is set")
	}
	cmd := strings.TrimSpace(rc.command)
	if cmd == "" || strings.HasPrefix(cmd, "terse ") || strings.Contains(cmd, "TERSE_DISABLE") {
		return "", errors.New("already shaped, or raw output asked for")
	}
	code := 0
	if rc.exit != nil {
		code = *rc.exit
	}
	shaped, err := saveAndShapeEnded(env, cmd, rc.cwd, rc.whole, code)
	if err != nil {
		return "", err
	}
	text := exitLine(rc.exit) + shaped
	if rc.cut != "" {
		text = exitLine(rc.exit) + rc.cut + "\n" + shaped
	}
	if view.size(text) >= view.size(rc.shown) && !wrapsCommand(env, cmd) {
		return "", fmt.Errorf("shaped output (%d) is not smaller than the result (%d)", view.size(text), view.size(rc.shown))
	}
	if view.size(text) > view.limit {
		return "", fmt.Errorf("shaped output (%d) is over %s's %d", view.size(text), view.name, view.limit)
	}
	return text, nil
}

// exitLine is the first line of a replaced result: how the command ended,
// which the replacement would otherwise hide (OpenCode shows no exit code at
// all, and Codex drops its own line when a hook replaces the output).
func exitLine(exit *int) string {
	if exit == nil {
		return "Exit code: none (the command was stopped before it ended)\n"
	}
	return fmt.Sprintf("Exit code %d\n", *exit)
}

// wrapsCommand reports whether terse's PreToolUse hook would route cmd
// through terse run: a command of a tool terse has a profile for. Its
// report replaces the result whatever its size, as terse run's would.
func wrapsCommand(env Env, cmd string) bool {
	user, err := commands.ReadDir(profilesDir(env))
	if err != nil {
		user = nil
	}
	_, changed := agents.Rewrite(cmd, agents.Tools(commands.NewSet(commands.Builtin, user)))
	return changed
}

// readWhole is the whole output of a command: the file the client saved it
// to (a regular file, bounded), or the result as shown when there is none.
func readWhole(shown, path string) ([]byte, error) {
	if path == "" {
		return []byte(shown), nil
	}
	data, err := safefile.ReadRegular(path, maxPersisted)
	if err != nil {
		return nil, fmt.Errorf("the saved output: %w", err)
	}
	return data, nil
}

// readPayload reads a hook's stdin, bounded.
func readPayload(r io.Reader) ([]byte, error) {
	payload, err := io.ReadAll(io.LimitReader(r, maxPostPayload+1))
	if err != nil || len(payload) > maxPostPayload {
		return nil, fmt.Errorf("payload not read (%v, %d bytes)", err, len(payload))
	}
	return payload, nil
}

// saveAndShapeEnded is saveAndShape with the command's ending recorded, so
// that the report says a non-zero exit its failures do not explain, and
// terse show and terse last give it.
func saveAndShapeEnded(env Env, cmd, cwd string, output []byte, code int) (string, error) {
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
	// A run the client stopped has no exit code: its report is headed by
	// the exit line that says so (exitLine), and recorded as exit 0 here.
	if err := rec.Finish(code, "", "", 0); err != nil {
		return "", err
	}
	return showSavedRun(env, cwd, rec.ID)
}

// answerHook runs answer for one call of the hook called name and prints
// its reply; on any problem, an error or a panic, it prints nothing, so
// that the client's own result stands, and says why under TERSE_HOOK_DEBUG.
func answerHook(env Env, name string, answer func(Env) ([]byte, error)) {
	note := agentHookNote(env, name)
	defer func() {
		if p := recover(); p != nil {
			note("internal error: %v", p)
		}
	}()
	out, err := answer(env)
	if err != nil {
		note("%v", err)
		return
	}
	_, _ = env.Stdout.Write(out)
}

// blockReply is the reply by which Codex and Gemini CLI replace a tool's
// result with text: {"decision":"block","reason":TEXT}.
func blockReply(text string) ([]byte, error) {
	return marshalLine(struct {
		Decision string `json:"decision"`
		Reason   string `json:"reason"`
	}{"block", text})
}

// agentHookNote is a hook's debug line writer (TERSE_HOOK_DEBUG=1).
func agentHookNote(env Env, name string) func(string, ...any) {
	debug := env.Getenv("TERSE_HOOK_DEBUG") != ""
	return func(format string, a ...any) {
		if debug {
			fmt.Fprintf(env.Stderr, "terse hook "+name+": "+format+"\n", a...)
		}
	}
}

// agentPostHook is the output-side hook of an agent besides Claude Code,
// by the argument of terse hook that runs it; nil for none.
func agentPostHook(name string) func(Env) {
	switch name {
	case "opencode-post":
		return openCodePostHook
	case "codex-post":
		return codexPostHook
	case "gemini-post":
		return geminiPostHook
	}
	return nil
}
