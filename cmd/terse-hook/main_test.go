package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/agents"
)

func TestVersion(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"terse-hook", "--version"}, agents.HookEnv{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv: func(string) string { return "" }})
	if code != 0 || errb.Len() > 0 || !regexp.MustCompile(`^terse-hook version \S+ \(.*go1\.\d+.*\)\n$`).MatchString(out.String()) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

// Anything else is the hook's, usage errors included.
func TestNotVersionIsTheHook(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"terse-hook", "--version", "claude"}, agents.HookEnv{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv: func(string) string { return "" }})
	if code != 2 || out.Len() > 0 || !strings.HasPrefix(errb.String(), "terse-hook: usage:") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
