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

// ClaudeHookCommand is the command terse installs as Claude Code's
// PreToolUse hook for Bash, and ClaudeLightHookCommand the same hook in the
// smaller terse-hook binary, installed instead when it is on PATH.
const (
	ClaudeHookCommand      = "terse hook claude"
	ClaudeLightHookCommand = "terse-hook claude"
)

// claudeHookTimeout bounds the hook (seconds): it answers in milliseconds,
// and a hook that times out leaves the command as Claude sent it.
const claudeHookTimeout = 5

// isTerseClaudeHook tells terse's hook handler from any other: its command
// runs terse (any path to it) with `hook claude`.
func isTerseClaudeHook(handler json.RawMessage) bool {
	o, err := parseObject(handler)
	if err != nil {
		return false
	}
	f := strings.Fields(o.string("command"))
	switch {
	case len(f) >= 3 && programName(f[0]) == "terse":
		return f[1] == "hook" && f[2] == "claude"
	case len(f) >= 2 && programName(f[0]) == "terse-hook":
		return f[1] == "claude"
	}
	return false
}

func programName(p string) string {
	return strings.TrimSuffix(filepath.Base(p), ".exe")
}

// InstallClaudeHook adds terse's PreToolUse hook for Bash to the settings
// JSON in data (empty: a new file) and returns the new JSON. Everything
// else in the file is kept, in its order; a hook already there is left as
// it is (changed is false then).
func InstallClaudeHook(data []byte) (out []byte, changed bool, err error) {
	return installClaudeHook(data, ClaudeHookCommand)
}

// InstallClaudeHookCommand is InstallClaudeHook with the hook's command
// given (ClaudeHookCommand or ClaudeLightHookCommand).
func InstallClaudeHookCommand(command string) func([]byte) ([]byte, bool, error) {
	return func(data []byte) ([]byte, bool, error) { return installClaudeHook(data, command) }
}

func installClaudeHook(data []byte, command string) (out []byte, changed bool, err error) {
	return installHook(data, "PreToolUse", command, isTerseClaudeHook)
}

// InstallClaudePostHook adds terse's PostToolUse hook for Bash (`terse hook
// claude-post`), as InstallClaudeHook adds the PreToolUse one.
func InstallClaudePostHook(data []byte) (out []byte, changed bool, err error) {
	return installHook(data, "PostToolUse", ClaudePostHookCommand, isTersePostHook)
}

// ClaudePostHookCommand is terse's PostToolUse hook: it shapes the output of
// successful commands the PreToolUse hook left alone.
const ClaudePostHookCommand = "terse hook claude-post"

// isTersePostHook tells terse's PostToolUse handler from any other.
func isTersePostHook(handler json.RawMessage) bool {
	o, err := parseObject(handler)
	if err != nil {
		return false
	}
	f := strings.Fields(o.string("command"))
	return len(f) >= 3 && programName(f[0]) == "terse" && f[1] == "hook" && f[2] == "claude-post"
}

// installHook adds a handler running command for Bash to the event's
// groups, unless a handler that ours tells as terse's is there.
func installHook(data []byte, event, command string, ours func(json.RawMessage) bool) (out []byte, changed bool, err error) {
	return installHookFor(data, hookSpec{event: event, matcher: "Bash", command: command, timeout: claudeHookTimeout}, ours)
}

// hookSpec is one hook handler to add: the event, the tool matcher, the
// command and its timeout (in the client's unit).
type hookSpec struct {
	event, matcher, command string
	timeout                 int
}

// installHookFor is installHook for any client whose settings keep hooks
// as Claude Code's do (Codex's hooks.json, Gemini CLI's settings.json).
func installHookFor(data []byte, spec hookSpec, ours func(json.RawMessage) bool) (out []byte, changed bool, err error) {
	event, command := spec.event, spec.command
	top, err := parseObject(data)
	if err != nil {
		return nil, false, fmt.Errorf("the settings file is not a JSON object: %w", err)
	}
	hooks, groups, err := eventGroups(top, event)
	if err != nil {
		return nil, false, err
	}
	for _, g := range groups {
		for _, h := range groupHandlers(g) {
			if ours(h) {
				return data, false, nil
			}
		}
	}
	handler := newObject()
	handler.set("type", json.RawMessage(`"command"`))
	cmd, _ := marshal(command)
	handler.set("command", cmd)
	handler.set("timeout", json.RawMessage(fmt.Sprint(spec.timeout)))
	hb, err := marshal([]*object{handler})
	if err != nil {
		return nil, false, err
	}
	group := newObject()
	mb, _ := marshal(spec.matcher)
	group.set("matcher", mb)
	group.set("hooks", hb)
	gb, err := marshal(group)
	if err != nil {
		return nil, false, err
	}
	groups = append(groups, gb)
	if err := setEventGroups(top, hooks, event, groups); err != nil {
		return nil, false, err
	}
	out, err = render(top)
	return out, err == nil, err
}

// UninstallClaudeHook removes terse's hook handlers (PreToolUse and
// PostToolUse), and the groups, event lists and hooks object left empty by
// that, from the settings JSON in data. Nothing else changes; changed is
// false when no hook of terse's was there.
func UninstallClaudeHook(data []byte) (out []byte, changed bool, err error) {
	out = data
	for _, ev := range []struct {
		event string
		ours  func(json.RawMessage) bool
	}{{"PreToolUse", isTerseClaudeHook}, {"PostToolUse", isTersePostHook}} {
		next, ch, err := uninstallHook(out, ev.event, ev.ours)
		if err != nil {
			return nil, false, err
		}
		out, changed = next, changed || ch
	}
	return out, changed, nil
}

func uninstallHook(data []byte, event string, ours func(json.RawMessage) bool) (out []byte, changed bool, err error) {
	top, err := parseObject(data)
	if err != nil {
		return nil, false, fmt.Errorf("the settings file is not a JSON object: %w", err)
	}
	hooks, groups, err := eventGroups(top, event)
	if err != nil {
		return nil, false, err
	}
	var kept []json.RawMessage
	for _, g := range groups {
		handlers := groupHandlers(g)
		var rest []json.RawMessage
		for _, h := range handlers {
			if ours(h) {
				changed = true
				continue
			}
			rest = append(rest, h)
		}
		switch {
		case len(rest) == len(handlers):
			kept = append(kept, g)
		case len(rest) > 0:
			o, _ := parseObject(g)
			hb, err := marshal(rest)
			if err != nil {
				return nil, false, err
			}
			o.set("hooks", hb)
			gb, err := marshal(o)
			if err != nil {
				return nil, false, err
			}
			kept = append(kept, gb)
		}
	}
	if !changed {
		return data, false, nil
	}
	if err := setEventGroups(top, hooks, event, kept); err != nil {
		return nil, false, err
	}
	out, err = render(top)
	return out, err == nil, err
}

// eventGroups returns the settings' hooks object (new if absent) and the
// matcher groups of one event (PreToolUse, PostToolUse).
func eventGroups(top *object, event string) (*object, []json.RawMessage, error) {
	hooks := newObject()
	if raw, ok := top.get("hooks"); ok {
		h, err := parseObject(raw)
		if err != nil {
			return nil, nil, fmt.Errorf("\"hooks\" is not a JSON object: %w", err)
		}
		hooks = h
	}
	var groups []json.RawMessage
	if raw, ok := hooks.get(event); ok {
		if err := json.Unmarshal(raw, &groups); err != nil {
			return nil, nil, fmt.Errorf("\"hooks.%s\" is not a list: %w", event, err)
		}
	}
	return hooks, groups, nil
}

// setEventGroups stores an event's groups back, dropping what is left
// empty.
func setEventGroups(top, hooks *object, event string, groups []json.RawMessage) error {
	if len(groups) == 0 {
		hooks.del(event)
	} else {
		gb, err := marshal(groups)
		if err != nil {
			return err
		}
		hooks.set(event, gb)
	}
	if hooks.len() == 0 {
		top.del("hooks")
		return nil
	}
	hb, err := marshal(hooks)
	if err != nil {
		return err
	}
	top.set("hooks", hb)
	return nil
}

// groupHandlers returns a matcher group's hook handlers (none when the group
// is not the expected shape: it is then kept as it is).
func groupHandlers(group json.RawMessage) []json.RawMessage {
	o, err := parseObject(group)
	if err != nil {
		return nil
	}
	raw, ok := o.get("hooks")
	if !ok {
		return nil
	}
	var hs []json.RawMessage
	if json.Unmarshal(raw, &hs) != nil {
		return nil
	}
	return hs
}

func render(top *object) ([]byte, error) {
	b, err := marshal(top)
	if err != nil {
		return nil, err
	}
	return indent(b)
}

// MaxSettingsFile bounds a settings file terse reads: Claude Code's are a
// few kilobytes, and a larger one is not read (nor a FIFO or a device, which
// could be read forever).
const MaxSettingsFile = 4 << 20

// EditFile applies edit to the file at path (missing: empty) and, when the
// content changes, keeps the old file as path+".terse.bak" and puts the new
// one in its place, with the old file's permissions. Both are written by
// safefile.Replace (a temporary file beside, renamed over the name), and
// neither the file nor the backup may be a link, a FIFO, a device or
// another user's file: that is refused with a safefile.RefusedError before
// anything is written. A settings file in a cloned repository is not
// trusted to be what its name says.
func EditFile(path string, edit func([]byte) ([]byte, bool, error)) (changed bool, backup string, err error) {
	old, mode, err := safefile.ReadOwned(path, MaxSettingsFile)
	existed := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, "", err
	}
	if !existed {
		mode = 0o644
	}
	out, changed, err := edit(old)
	if err != nil || !changed {
		return false, "", err
	}
	if existed {
		backup = path + ".terse.bak"
		// Checked before anything is written, for an error that names it.
		if err := safefile.Check(backup); err != nil {
			return false, "", err
		}
		if err := safefile.Replace(backup, old, mode); err != nil {
			return false, "", fmt.Errorf("backing up %s: %w", path, err)
		}
	}
	if err := safefile.Replace(path, out, mode); err != nil {
		return false, "", err
	}
	return true, backup, nil
}
