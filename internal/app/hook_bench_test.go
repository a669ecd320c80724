package app

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkClaudeHook is the hook's own work for one call, in process:
// reading the payload, loading the profiles, parsing and rewriting the
// command, reading the permission rules of the settings files, writing the
// answer. Process start-up is measured apart (scripts/bench-hook.sh).
func BenchmarkClaudeHook(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "bin")
	home := filepath.Join(dir, "home")
	proj := filepath.Join(dir, "proj")
	for _, d := range []string{bin, filepath.Join(home, ".claude"), filepath.Join(proj, ".claude")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(bin, "terse"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		b.Fatal(err)
	}
	settings := `{"permissions":{"allow":["Bash(npm run lint)"],"deny":["Bash(curl:*)","Bash(rm -rf:*)"],"ask":["Bash(git push:*)"]},"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"terse hook claude","timeout":5}]}]}}`
	for _, f := range []string{filepath.Join(home, ".claude", "settings.json"), filepath.Join(proj, ".claude", "settings.json")} {
		if err := os.WriteFile(f, []byte(settings), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.Setenv("PATH", bin)
	vars := map[string]string{"HOME": home, "CLAUDE_PROJECT_DIR": proj, "XDG_CONFIG_HOME": filepath.Join(dir, "config")}
	getenv := func(k string) string { return vars[k] }
	for _, bc := range []struct{ name, cmd string }{
		{"rewrite", `cd web && npm install && CI=1 npx jest --ci -t 'cart total' 2>&1`},
		{"unchanged", `git status --short && git diff --stat`},
		{"heredoc", "cat > /tmp/x.py <<'EOF'\n" + string(bytes.Repeat([]byte("def test_x(): assert 1\n"), 200)) + "EOF\npytest -q /tmp/x.py"},
	} {
		payload := []byte(`{"session_id":"s","transcript_path":"/t.jsonl","cwd":"` + proj + `/web","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":` + quote(bc.cmd) + `,"description":"d"},"tool_use_id":"t"}`)
		b.Run(bc.name, func(b *testing.B) {
			var out bytes.Buffer
			for i := 0; i < b.N; i++ {
				out.Reset()
				claudeHook(Env{Stdin: bytes.NewReader(payload), Stdout: &out, Stderr: io.Discard, Getenv: getenv, Cwd: proj})
			}
			if (out.Len() > 0) != (bc.name != "unchanged") {
				b.Fatalf("%s: answer %q", bc.name, out.String())
			}
		})
	}
}

func quote(s string) string {
	var b bytes.Buffer
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
