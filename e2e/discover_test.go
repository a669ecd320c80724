package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/terse-dev/terse/tokens"
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
		dst := filepath.Join(dir, name, "project", filepath.Base(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			s.t.Fatal(err)
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			s.t.Fatal(err)
		}
	}
}

// discoverFindings is the part of `terse discover --json` checked here.
type discoverFindings struct {
	BashCalls int `json:"bash_calls"`
	WithTerse int `json:"with_terse"`
	Commands  []struct {
		Command string `json:"command"`
		Count   int    `json:"count"`
		Chars   int    `json:"chars"`
		Tokens  int    `json:"tokens"`
		Why     string `json:"why"`
	} `json:"commands"`
}

// terse discover on the transcripts the real client wrote: each command
// that ran without terse is listed with the characters and tokens of the
// tool_result the client sent the model, and the reason the hook gives;
// the call the hook routed is counted as run through terse.
func TestClaudeCodeDiscoverTranscripts(t *testing.T) {
	claudeBin(t)
	cases := []struct {
		name, command, mode string
		hook                bool
		why                 string // "": the call ran through terse
	}{
		{"nohook", "go test -v ./...", "bypassPermissions", false, "hook not installed"},
		{"default", "go test ./...", "default", true, "in default: left alone"},
		{"pipe", "go test ./... 2>&1 | grep FAIL", "bypassPermissions", true, "a form the hook leaves alone"},
		// A run piped to tail is routed (issue 53: terse run --max-lines).
		{"tail", "go test ./... 2>&1 | tail -n 20", "bypassPermissions", true, ""},
		{"routed", "go test ./...", "bypassPermissions", true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSessionHook(t, c.hook)
			res, _ := s.run(c.command, c.mode)
			s.keepTranscripts(c.name)
			var got discoverFindings
			out := s.terse("discover", "--json")
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("discover --json: %v\n%s", err, out)
			}
			if got.BashCalls != 1 {
				t.Fatalf("bash_calls = %d, want 1:\n%s", got.BashCalls, out)
			}
			if c.why == "" {
				if got.WithTerse != 1 || len(got.Commands) != 0 {
					t.Errorf("the routed call is not counted as run through terse:\n%s", out)
				}
				return
			}
			if len(got.Commands) != 1 {
				t.Fatalf("want one command listed:\n%s", out)
			}
			row := got.Commands[0]
			n, err := tokens.Count(tokens.O200k, []byte(res.Content))
			if err != nil {
				t.Fatal(err)
			}
			if row.Command != c.command || row.Count != 1 || row.Chars != utf8.RuneCountInString(res.Content) || row.Tokens != n {
				t.Errorf("discover lists %+v; the client sent %d chars, %d tokens for %q", row, utf8.RuneCountInString(res.Content), n, c.command)
			}
			if !strings.Contains(row.Why, c.why) {
				t.Errorf("why = %q, want it to say %q", row.Why, c.why)
			}
		})
	}
}
