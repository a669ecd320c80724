package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// transcriptFiles lists the transcripts the client wrote under the session's
// HOME (Claude Code keeps them in ~/.claude/projects/<project>/<session>.jsonl).
func (s *session) transcriptFiles() []string {
	s.t.Helper()
	files, _ := filepath.Glob(filepath.Join(s.home, ".claude", "projects", "*", "*.jsonl"))
	if len(files) == 0 {
		s.t.Fatalf("the client wrote no transcript under %s", filepath.Join(s.home, ".claude", "projects"))
	}
	return files
}

// keepTranscripts copies the session's transcripts to
// $TERSE_DISCOVER_FIXTURES/name/ when that is set
// (scripts/capture-discover.sh sets it, to refresh testdata/discover).
func (s *session) keepTranscripts(name string) {
	s.t.Helper()
	dir := os.Getenv("TERSE_DISCOVER_FIXTURES")
	if dir == "" {
		return
	}
	for _, f := range s.transcriptFiles() {
		b, err := os.ReadFile(f)
		if err != nil {
			s.t.Fatal(err)
		}
		dst := filepath.Join(dir, name, filepath.Base(filepath.Dir(f)), filepath.Base(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			s.t.Fatal(err)
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			s.t.Fatal(err)
		}
	}
}

func TestClaudeCodeDiscoverTranscripts(t *testing.T) {
	claudeBin(t)
	cases := []struct {
		name, command, mode string
		hook                bool
	}{
		{"nohook", "go test ./...", "bypassPermissions", false},
		{"default", "go test ./...", "default", true},
		{"pipe", "go test ./... 2>&1 | tail -n 20", "bypassPermissions", true},
		{"routed", "go test ./...", "bypassPermissions", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSessionHook(t, c.hook)
			res, _ := s.run(c.command, c.mode)
			t.Logf("%s: %d chars", c.name, len(res.Content))
			s.keepTranscripts(c.name)
		})
	}
}
