package agents

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// trustProject writes Claude Code's global config in home (or the config
// directory) with the workspace at key trusted, as the trust dialog does.
func trustProject(t *testing.T, dir, key string) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"projects": map[string]any{key: map[string]any{"hasTrustDialogAccepted": true}}})
	writeSettings(t, filepath.Join(dir, ".claude.json"), string(b))
}

// Claude Code 2.1 (observed headless with the real client, e2e) drops the
// allow rules of .claude/settings.json and settings.local.json unless the
// workspace is trusted in ~/.claude.json; the hook counts them only then.
// Their deny rules count either way.
func TestProjectAllowRulesNeedTrust(t *testing.T) {
	dir := t.TempDir()
	home, proj := filepath.Join(dir, "home"), filepath.Join(dir, "proj")
	writeSettings(t, filepath.Join(proj, ".claude", "settings.json"), `{"permissions":{"allow":["Bash(go test:*)"],"deny":["Bash(npx jest --ci*)"]}}`)
	writeSettings(t, filepath.Join(proj, ".claude", "settings.local.json"), `{"permissions":{"allow":["Bash(npx jest:*)"]}}`)
	places := SettingsPlaces{Home: home, ProjectDir: proj, Cwd: proj}
	untrusted := func(what string) {
		t.Helper()
		r, err := ReadClaudeRules(ClaudeSettingsFiles(places))
		if err != nil || len(r.Allow) != 0 || strings.Join(r.Deny, "|") != "npx jest --ci*" || len(r.Uncounted) != 2 {
			t.Errorf("%s: rules %+v, %v", what, r, err)
		}
		for _, cmd := range []string{"go test ./...", "npx jest"} {
			if out, _ := answerIn(t, places, ModeDefault, cmd); out != "" {
				t.Errorf("%s: %q answered %s", what, cmd, out)
			}
		}
	}
	untrusted("no ~/.claude.json")
	r, _ := ReadClaudeRules(ClaudeSettingsFiles(places))
	if len(r.Uncounted) == 0 || !strings.Contains(r.Uncounted[0], `projects["`+proj+`"].hasTrustDialogAccepted`) {
		t.Errorf("the reason does not name the key: %v", r.Uncounted)
	}
	trustProject(t, home, dir)
	untrusted("a parent directory trusted")
	writeSettings(t, filepath.Join(home, ".claude.json"), `{"projects":{"`+proj+`":{"hasTrustDialogAccepted":"true"}}}`)
	untrusted("a string \"true\"")
	writeSettings(t, filepath.Join(home, ".claude.json"), `{"projects":`)
	untrusted("a config that is not JSON")
	trustProject(t, home, proj)
	for _, cmd := range []string{"go test ./...", "npx jest"} {
		if out, _ := answerIn(t, places, ModeDefault, cmd); !strings.Contains(out, `"permissionDecision":"allow"`) {
			t.Errorf("trusted: %q answered %q", cmd, out)
		}
	}
	if out, _ := answerIn(t, places, ModeDefault, "npx jest --ci"); out != "" {
		t.Errorf("trusted: the deny rule: answered %s", out)
	}
	// $CLAUDE_CONFIG_DIR holds the config instead of $HOME.
	cfg := filepath.Join(dir, "cfg")
	places.ConfigDir = cfg
	untrusted("trusted in ~/.claude.json, config dir set")
	trustProject(t, cfg, proj)
	if out, _ := answerIn(t, places, ModeDefault, "go test ./..."); !strings.Contains(out, `"permissionDecision":"allow"`) {
		t.Errorf("trusted in $CLAUDE_CONFIG_DIR: %q", out)
	}
}

// A project in a git repository is trusted under the repository's root; a
// linked worktree's under its main checkout's, when git made it so, and not
// when a .git file merely says so.
func TestTrustKey(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	main := filepath.Join(dir, "main")
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", main)
	git("-C", main, "commit", "-q", "--allow-empty", "-m", "x")
	wt := filepath.Join(dir, "wt")
	git("-C", main, "worktree", "add", "-q", wt)
	forged := filepath.Join(dir, "forged")
	writeSettings(t, filepath.Join(forged, ".git"), "gitdir: "+filepath.Join(main, ".git", "worktrees", "wt")+"\n")
	for _, tc := range []struct{ dir, want string }{
		{filepath.Join(main, "web"), main},
		{filepath.Join(wt, "web"), main},
		{forged, forged},
		{filepath.Join(dir, "plain"), filepath.Join(dir, "plain")},
	} {
		if got := TrustKey(tc.dir); got != tc.want {
			t.Errorf("TrustKey(%s) = %s, want %s", tc.dir, got, tc.want)
		}
	}
}
