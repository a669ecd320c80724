package agents

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A user's settings with their own hooks (a Bash guard, a formatter after
// edits), permissions and other keys, in an order of their own.
const userSettings = `{
  "model": "opus",
  "permissions": {
    "allow": ["Bash(npm run lint)", "Read(~/.zshrc)"],
    "deny": ["Bash(curl:*)"]
  },
  "hooks": {
    "PostToolUse": [
      {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "prettier --write \"$CLAUDE_FILE_PATHS\""}]}
    ],
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "~/.claude/hooks/guard.sh"}]}
    ]
  },
  "env": {"FOO": "a&b <c>"}
}
`

func TestInstallClaudeHookKeepsEverythingElse(t *testing.T) {
	out, changed, err := InstallClaudeHook([]byte(userSettings))
	if err != nil || !changed {
		t.Fatalf("install: %v, changed %v", err, changed)
	}
	var got map[string]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	pre := got["hooks"].(map[string]any)["PreToolUse"].([]any)
	if len(pre) != 2 {
		t.Fatalf("PreToolUse groups: %d, want the user's and terse's\n%s", len(pre), out)
	}
	first := pre[0].(map[string]any)["hooks"].([]any)[0].(map[string]any)
	if first["command"] != "~/.claude/hooks/guard.sh" {
		t.Errorf("the user's guard moved or changed: %v", first)
	}
	ours := pre[1].(map[string]any)
	if ours["matcher"] != "Bash" {
		t.Errorf("matcher %v", ours["matcher"])
	}
	h := ours["hooks"].([]any)[0].(map[string]any)
	if h["type"] != "command" || h["command"] != "terse hook claude" || h["timeout"] != float64(5) {
		t.Errorf("terse's handler: %v", h)
	}
	if got["hooks"].(map[string]any)["PostToolUse"] == nil || got["model"] != "opus" {
		t.Errorf("other settings lost:\n%s", out)
	}
	// Key order and the user's characters stay as written.
	s := string(out)
	if !(strings.Index(s, `"model"`) < strings.Index(s, `"permissions"`) &&
		strings.Index(s, `"permissions"`) < strings.Index(s, `"hooks"`) &&
		strings.Index(s, `"hooks"`) < strings.Index(s, `"env"`)) {
		t.Errorf("key order changed:\n%s", s)
	}
	if !strings.Contains(s, `"FOO": "a&b <c>"`) || !strings.Contains(s, `"prettier --write \"$CLAUDE_FILE_PATHS\""`) {
		t.Errorf("values rewritten:\n%s", s)
	}

	// Idempotent: a second install changes nothing.
	again, changed, err := InstallClaudeHook(out)
	if err != nil || changed || string(again) != string(out) {
		t.Errorf("second install changed the file (%v, %v)", changed, err)
	}

	// Uninstall removes only terse's handler: the result is the user's
	// settings again (formatting aside).
	back, changed, err := UninstallClaudeHook(out)
	if err != nil || !changed {
		t.Fatalf("uninstall: %v, changed %v", err, changed)
	}
	if canonical(t, back) != canonical(t, []byte(userSettings)) {
		t.Errorf("uninstall did not give the original back:\n%s", back)
	}
	if _, changed, _ := UninstallClaudeHook(back); changed {
		t.Error("a second uninstall changed something")
	}
}

func canonical(t *testing.T, data []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func TestInstallClaudeHookNewAndEmptyFiles(t *testing.T) {
	for _, in := range []string{"", "  \n", "{}"} {
		out, changed, err := InstallClaudeHook([]byte(in))
		if err != nil || !changed {
			t.Fatalf("%q: %v %v", in, err, changed)
		}
		want := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"terse hook claude","timeout":5}]}]}}`
		if canonical(t, out) != canonical(t, []byte(want)) {
			t.Errorf("%q gave\n%s", in, out)
		}
		back, _, err := UninstallClaudeHook(out)
		if err != nil || canonical(t, back) != "{}" {
			t.Errorf("uninstall of a file terse made: %v\n%s", err, back)
		}
	}
}

func TestInstallClaudeHookSeesAnyTersePath(t *testing.T) {
	in := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"/opt/bin/terse hook claude"},{"type":"command","command":"other"}]}]}}`
	if _, changed, _ := InstallClaudeHook([]byte(in)); changed {
		t.Error("a hook already there (by path) was added again")
	}
	out, changed, err := UninstallClaudeHook([]byte(in))
	if err != nil || !changed {
		t.Fatal(err)
	}
	want := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"other"}]}]}}`
	if canonical(t, out) != canonical(t, []byte(want)) {
		t.Errorf("uninstall from a shared group:\n%s", out)
	}
}

func TestInstallClaudeHookRejectsBadFiles(t *testing.T) {
	for _, in := range []string{`[1]`, `{"hooks": 3}`, `{"hooks": {"PreToolUse": {}}}`, `{"a":1} {"b":2}`, `{"a": }`, "// comment\n{}"} {
		if _, _, err := InstallClaudeHook([]byte(in)); err == nil {
			t.Errorf("%q: no error", in)
		}
		if _, _, err := UninstallClaudeHook([]byte(in)); err == nil && in != `{"hooks": 3}` {
			t.Errorf("uninstall %q: no error", in)
		}
	}
}

func TestEditFileBacksUpAndKeepsMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".claude", "settings.json")
	// A new file: no backup, directory made.
	changed, backup, err := EditFile(path, InstallClaudeHook)
	if err != nil || !changed || backup != "" {
		t.Fatalf("new file: %v %v %q", changed, err, backup)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	// No change: no write, no backup.
	if changed, backup, err := EditFile(path, InstallClaudeHook); err != nil || changed || backup != "" {
		t.Fatalf("unchanged: %v %v %q", changed, err, backup)
	}
	changed, backup, err = EditFile(path, UninstallClaudeHook)
	if err != nil || !changed || backup != path+".terse.bak" {
		t.Fatalf("uninstall: %v %v %q", changed, err, backup)
	}
	if b, _ := os.ReadFile(backup); string(b) != string(before) {
		t.Errorf("backup holds %q", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	// An unreadable edit leaves the file alone.
	if err := os.WriteFile(path, []byte("not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := EditFile(path, InstallClaudeHook); err == nil {
		t.Error("a broken settings file was edited")
	}
	if b, _ := os.ReadFile(path); string(b) != "not json" {
		t.Errorf("broken file rewritten: %q", b)
	}
}

func TestInstallClaudeLightHook(t *testing.T) {
	out, changed, err := InstallClaudeHookCommand(ClaudeLightHookCommand)([]byte(userSettings))
	if err != nil || !changed {
		t.Fatalf("install: %v, changed %v", err, changed)
	}
	if !strings.Contains(string(out), `"command": "terse-hook claude"`) {
		t.Errorf("the light hook is not installed:\n%s", out)
	}
	// Either form counts as terse's hook: installing again changes nothing,
	// and uninstalling removes it.
	if _, changed, _ := InstallClaudeHook(out); changed {
		t.Error("terse hook claude was added beside terse-hook claude")
	}
	back, changed, err := UninstallClaudeHook(out)
	if err != nil || !changed || strings.Contains(string(back), "terse-hook") {
		t.Errorf("uninstall: %v, changed %v:\n%s", err, changed, back)
	}
}
