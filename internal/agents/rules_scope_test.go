package agents

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSettings writes a settings file, making its directory.
func writeSettings(t *testing.T, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// answerIn is the hook's answer for cmd in mode, with the rules of the
// settings files of places.
func answerIn(t *testing.T, places SettingsPlaces, mode, cmd string) (string, error) {
	t.Helper()
	h := ClaudeHook{Known: builtinTools(t), Rules: func(string) (Rules, error) {
		return ReadClaudeRules(ClaudeSettingsFiles(places))
	}}
	out, err := h.Answer(payloadIn(mode, cmd))
	return string(out), err
}

// The repro: a vendored package's .claude/settings.json allowing
// every Bash command, the session's cwd in it, the project above. Claude
// Code would ask (default) or refuse (dontAsk); the hook must not allow.
func TestAllowRulesOnlyFromAppliedFiles(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj")
	evil := filepath.Join(proj, "vendor", "evil")
	writeSettings(t, filepath.Join(evil, ".claude", "settings.json"), `{"permissions":{"allow":["Bash"]}}`)
	places := SettingsPlaces{Home: filepath.Join(dir, "home"), ProjectDir: proj, Cwd: evil}
	for _, tc := range []struct{ mode, cmd string }{
		{ModeDefault, "npx jest --config ./jest.config.js"},
		{ModeDontAsk, "go test -exec ./x ./..."},
		{ModeAcceptEdits, "npx jest"},
	} {
		if out, err := answerIn(t, places, tc.mode, tc.cmd); out != "" {
			t.Errorf("%s %q: answered %s", tc.mode, tc.cmd, out)
		} else if !strings.Contains(err.Error(), "no allow rule allows `"+tc.cmd+"`") {
			t.Errorf("%s %q: %v", tc.mode, tc.cmd, err)
		}
	}
	// The same file as the project's counts, the workspace trusted.
	places.ProjectDir = evil
	trustProject(t, places.Home, evil)
	if out, _ := answerIn(t, places, ModeDefault, "npx jest"); !strings.Contains(out, `"permissionDecision":"allow"`) {
		t.Errorf("the project's own allow rule: %q", out)
	}
}

// Managed settings' allowManagedPermissionRulesOnly: only managed allow
// rules count; managed drop-ins (managed-settings.d) are managed too.
func TestManagedPermissionRulesOnly(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj")
	home := filepath.Join(dir, "home")
	managed := filepath.Join(dir, "etc", "managed-settings.json")
	dropDir := filepath.Join(dir, "etc", "managed-settings.d")
	writeSettings(t, filepath.Join(proj, ".claude", "settings.json"), `{"permissions":{"allow":["Bash(npx jest:*)"]}}`)
	writeSettings(t, filepath.Join(home, ".claude", "settings.json"), `{"permissions":{"allow":["Bash(go test:*)"]}}`)
	writeSettings(t, managed, `{"allowManagedPermissionRulesOnly":true}`)
	places := SettingsPlaces{Home: home, ProjectDir: proj, Cwd: proj, Managed: []string{managed}, ManagedDirs: []string{dropDir}}
	trustProject(t, home, proj)
	r, err := ReadClaudeRules(ClaudeSettingsFiles(places))
	if err != nil || len(r.Allow) != 0 || len(r.Uncounted) != 2 || !strings.Contains(r.Uncounted[0], "allowManagedPermissionRulesOnly") {
		t.Errorf("rules %+v, %v", r, err)
	}
	for _, cmd := range []string{"npx jest", "go test ./..."} {
		if out, _ := answerIn(t, places, ModeDontAsk, cmd); out != "" {
			t.Errorf("%q: answered %s", cmd, out)
		}
	}
	// A managed drop-in's allow rule counts.
	writeSettings(t, filepath.Join(dropDir, "10-tests.json"), `{"permissions":{"allow":["Bash(go test:*)"]}}`)
	writeSettings(t, filepath.Join(dropDir, "notes.txt"), `{"permissions":{"allow":["Bash"]}}`)
	if out, _ := answerIn(t, places, ModeDontAsk, "go test ./..."); !strings.Contains(out, `"permissionDecision":"allow"`) {
		t.Errorf("a managed drop-in's rule: %q", out)
	}
	if out, _ := answerIn(t, places, ModeDontAsk, "npx jest"); out != "" {
		t.Errorf("the project's rule under managed-only: %s", out)
	}
	// The switch counts from managed settings only.
	writeSettings(t, managed, `{}`)
	writeSettings(t, filepath.Join(proj, ".claude", "settings.local.json"), `{"allowManagedPermissionRulesOnly":true}`)
	if out, _ := answerIn(t, places, ModeDontAsk, "npx jest"); !strings.Contains(out, `"permissionDecision":"allow"`) {
		t.Errorf("allowManagedPermissionRulesOnly in a project file: %q", out)
	}
}

// disableBypassPermissionsMode: Claude Code cannot be in bypassPermissions,
// so a payload that says it is gets no rewrite without a decision.
func TestDisableBypassPermissionsMode(t *testing.T) {
	dir := t.TempDir()
	managed := filepath.Join(dir, "managed-settings.json")
	places := SettingsPlaces{Managed: []string{managed}}
	for _, s := range []string{`{"permissions":{"disableBypassPermissionsMode":"disable"}}`, `{"disableBypassPermissionsMode":"disable"}`} {
		writeSettings(t, managed, s)
		out, err := answerIn(t, places, ModeBypass, "npx jest")
		if out != "" || err == nil || !strings.Contains(err.Error(), "disableBypassPermissionsMode") {
			t.Errorf("%s: answered %q (%v)", s, out, err)
		}
	}
	writeSettings(t, managed, `{"permissions":{"disableBypassPermissionsMode":true}}`)
	if out, _ := answerIn(t, places, ModeBypass, "npx jest"); !strings.Contains(out, "terse run --session abc123 -- npx jest") {
		t.Errorf("a value that is not \"disable\": %q", out)
	}
}

// A settings file another user owns (a world-writable shared directory, a
// project checked out by someone else) adds no allow rule, in the project
// directory or above it; its deny and ask rules still count. Needs root,
// to give files away.
func TestAllowRulesOfOtherUsersFiles(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to chown a file to another user")
	}
	dir := t.TempDir()
	shared := filepath.Join(dir, "shared")
	proj := filepath.Join(shared, "proj")
	if err := os.MkdirAll(proj, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o1777); err != nil {
		t.Fatal(err)
	}
	give := func(path, s string) {
		t.Helper()
		writeSettings(t, path, s)
		if err := os.Chown(path, 65534, 65534); err != nil {
			t.Fatal(err)
		}
	}
	give(filepath.Join(shared, ".claude", "settings.json"), `{"permissions":{"allow":["Bash"]}}`)
	give(filepath.Join(proj, ".claude", "settings.local.json"), `{"permissions":{"allow":["Bash(npx jest:*)"],"deny":["Bash(rm:*)"]}}`)
	places := SettingsPlaces{Home: filepath.Join(dir, "home"), ProjectDir: proj, Cwd: proj}
	trustProject(t, places.Home, proj)
	r, err := ReadClaudeRules(ClaudeSettingsFiles(places))
	if err != nil || len(r.Allow) != 0 || strings.Join(r.Deny, "|") != "rm:*" || len(r.Uncounted) != 2 ||
		!strings.Contains(r.Uncounted[0], "owned by another user") {
		t.Errorf("rules %+v, %v", r, err)
	}
	for _, mode := range []string{ModeDefault, ModeDontAsk} {
		if out, _ := answerIn(t, places, mode, "npx jest"); out != "" {
			t.Errorf("%s: answered %s", mode, out)
		}
	}
	// The user's own file there counts.
	if err := os.Chown(filepath.Join(proj, ".claude", "settings.local.json"), 0, 0); err != nil {
		t.Fatal(err)
	}
	if out, _ := answerIn(t, places, ModeDontAsk, "npx jest"); !strings.Contains(out, `"permissionDecision":"allow"`) {
		t.Errorf("the user's own project file: %q", out)
	}
}

// Claude Code applies the repository root's settings.local.json (where it
// saves "don't ask again" rules) to sessions in subdirectories and linked
// worktrees: its deny and ask rules guard there too, the main checkout's
// from a worktree included; its allow rules are not counted.
func TestRepositoryRootRules(t *testing.T) {
	dir := t.TempDir()
	main := filepath.Join(dir, "main")
	wt := filepath.Join(dir, "wt", "feature")
	if err := os.MkdirAll(filepath.Join(main, ".git", "worktrees", "feature"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeSettings(t, filepath.Join(wt, ".git"), "gitdir: "+filepath.Join(main, ".git", "worktrees", "feature")+"\n")
	writeSettings(t, filepath.Join(wt, "web", ".claude", "settings.json"), `{"permissions":{"allow":["Bash(npx jest:*)"]}}`)
	writeSettings(t, filepath.Join(main, ".claude", "settings.local.json"), `{"permissions":{"deny":["Bash(npx jest --ci*)"],"allow":["Bash(go test:*)"]}}`)
	places := SettingsPlaces{Home: filepath.Join(dir, "home"), ProjectDir: filepath.Join(wt, "web"), Cwd: filepath.Join(wt, "web")}
	trustProject(t, places.Home, wt) // a .git file alone: not main's worktree
	r, err := ReadClaudeRules(ClaudeSettingsFiles(places))
	if err != nil || strings.Join(r.Deny, "|") != "npx jest --ci*" || strings.Join(r.Allow, "|") != "npx jest:*" {
		t.Errorf("rules %+v, %v", r, err)
	}
	if out, _ := answerIn(t, places, ModeDefault, "npx jest --ci"); out != "" {
		t.Errorf("the main checkout's deny rule: answered %s", out)
	}
	if out, _ := answerIn(t, places, ModeDefault, "npx jest"); !strings.Contains(out, `"permissionDecision":"allow"`) {
		t.Errorf("the project's allow rule: %q", out)
	}
}
