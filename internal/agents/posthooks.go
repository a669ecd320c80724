package agents

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/terse-dev/terse/internal/safefile"
)

// PostHook is terse's output-side hook in a client whose hooks file has
// Claude Code's shape (event → matcher groups → command handlers): it runs
// after the client ran a shell command it had approved, and replaces the
// result the model reads. Codex CLI and Gemini CLI get one.
type PostHook struct {
	Agent   string // the name terse init takes
	Event   string // the client's event after a tool ran
	Matcher string // the client's name of its shell tool
	Command string // terse's hook command
	Timeout int    // in the client's unit (Codex: seconds; Gemini: ms)
}

// CodexPostHook is terse's PostToolUse hook for Codex's shell tool.
var CodexPostHook = PostHook{Agent: "codex", Event: "PostToolUse", Matcher: "Bash", Command: "terse hook codex-post", Timeout: 30}

// GeminiPostHook is terse's AfterTool hook for Gemini CLI's shell tool.
var GeminiPostHook = PostHook{Agent: "gemini", Event: "AfterTool", Matcher: "run_shell_command", Command: "terse hook gemini-post", Timeout: 30_000}

// ours tells terse's handler of this hook from any other: its command runs
// terse (any path to it) with the same hook arguments.
func (h PostHook) ours(handler json.RawMessage) bool {
	o, err := parseObject(handler)
	if err != nil {
		return false
	}
	f, want := strings.Fields(o.string("command")), strings.Fields(h.Command)
	return len(f) >= 3 && programName(f[0]) == "terse" && f[1] == want[1] && f[2] == want[2]
}

// Install adds the hook to the hooks JSON in data (empty: a new file),
// everything else kept; changed is false when it was there already.
func (h PostHook) Install(data []byte) (out []byte, changed bool, err error) {
	return installHookFor(data, hookSpec{event: h.Event, matcher: h.Matcher, command: h.Command, timeout: h.Timeout}, h.ours)
}

// Uninstall removes terse's handler, and what is left empty by that.
func (h PostHook) Uninstall(data []byte) (out []byte, changed bool, err error) {
	return uninstallHook(data, h.Event, h.ours)
}

// Find says whether the hooks file at path holds terse's handler: the
// matcher and command found, or "" when there is none or no file.
func (h PostHook) Find(path string) (found string, err error) {
	data, err := safefile.ReadRegular(path, MaxSettingsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	top, err := parseObject(data)
	if err != nil {
		return "", fmt.Errorf("%s: not a JSON object: %w", path, err)
	}
	_, groups, err := eventGroups(top, h.Event)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	for _, g := range groups {
		o, _ := parseObject(g)
		for _, handler := range groupHandlers(g) {
			if h.ours(handler) {
				c, _ := parseObject(handler)
				return fmt.Sprintf("%s %s runs `%s`", h.Event, o.string("matcher"), c.string("command")), nil
			}
		}
	}
	return "", nil
}

// CodexHooksFile is Codex's hooks file: $CODEX_HOME/hooks.json, else
// ~/.codex/hooks.json.
func CodexHooksFile(getenv func(string) string) (string, error) {
	if d := getenv("CODEX_HOME"); d != "" {
		return filepath.Join(d, "hooks.json"), nil
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".codex", "hooks.json"), nil
	}
	return "", errors.New("no $HOME: cannot find ~/.codex/hooks.json")
}

// GeminiSettingsFile is Gemini CLI's settings file: the project's
// .gemini/settings.json, or with global the user's (~/.gemini, under
// $GEMINI_CLI_HOME when set).
func GeminiSettingsFile(getenv func(string) string, cwd string, global bool) (string, error) {
	if !global {
		return filepath.Join(cwd, ".gemini", "settings.json"), nil
	}
	home := getenv("GEMINI_CLI_HOME")
	if home == "" {
		home = getenv("HOME")
	}
	if home == "" {
		return "", errors.New("no $HOME: cannot find ~/.gemini/settings.json")
	}
	return filepath.Join(home, ".gemini", "settings.json"), nil
}
