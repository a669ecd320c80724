package app

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/agents"
)

func hookEnv(t *testing.T, payload string, vars map[string]string) (Env, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	var out, errb bytes.Buffer
	return Env{Stdin: strings.NewReader(payload), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string { return vars[k] }}, &out, &errb
}

func fakeTerseOnPath(t *testing.T) {
	t.Helper()
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "terse"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
}

const jestPayload = `{"hook_event_name":"PreToolUse","permission_mode":"bypassPermissions","tool_name":"Bash","cwd":"/nonexistent","tool_input":{"command":"npx jest"}}`

func TestClaudeHookProcess(t *testing.T) {
	fakeTerseOnPath(t)
	home := t.TempDir()
	vars := map[string]string{"HOME": home}

	env, out, errb := hookEnv(t, jestPayload, vars)
	claudeHook(env)
	if !strings.Contains(out.String(), `"command":"terse run -- npx jest"`) || errb.Len() > 0 {
		t.Fatalf("answer %q, stderr %q", out, errb)
	}

	// A broken profile of the user's: the built-in profiles still answer.
	vars["TERSE_PROFILES"] = t.TempDir()
	if err := os.WriteFile(filepath.Join(vars["TERSE_PROFILES"], "bad.yaml"), []byte("name: ["), 0o644); err != nil {
		t.Fatal(err)
	}
	env, out, errb = hookEnv(t, jestPayload, vars)
	claudeHook(env)
	if !strings.Contains(out.String(), "terse run -- npx jest") || errb.Len() > 0 {
		t.Errorf("with a broken user profile: %q, stderr %q", out, errb)
	}

	// A payload over the limit is not read: unchanged.
	big := strings.Replace(jestPayload, "npx jest", "npx jest "+strings.Repeat("a", agents.MaxHookPayload), 1)
	env, out, _ = hookEnv(t, big, vars)
	claudeHook(env)
	if out.Len() > 0 {
		t.Errorf("a payload over %d bytes was answered", agents.MaxHookPayload)
	}

	// terse not on PATH: the rewrite could not run, so none is made.
	t.Setenv("PATH", t.TempDir())
	vars["TERSE_HOOK_DEBUG"] = "1"
	env, out, errb = hookEnv(t, jestPayload, vars)
	claudeHook(env)
	if out.Len() > 0 || !strings.Contains(errb.String(), "terse is not on PATH") {
		t.Errorf("without terse on PATH: %q, stderr %q", out, errb)
	}
}

func TestHookCommandFor(t *testing.T) {
	found := func(string) (string, error) { return "/usr/local/bin/terse-hook", nil }
	missing := func(string) (string, error) { return "", exec.ErrNotFound }
	if got := hookCommandFor(found); got != agents.ClaudeLightHookCommand {
		t.Errorf("terse-hook on PATH: %q", got)
	}
	if got := hookCommandFor(missing); got != agents.ClaudeHookCommand {
		t.Errorf("no terse-hook: %q", got)
	}
}
