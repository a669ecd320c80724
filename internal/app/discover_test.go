package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/terse-dev/terse/tokens"
)

// recordedResults reads, independently of discover, the tool_result texts
// the client recorded in the transcripts under dir.
func recordedResults(t *testing.T, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.jsonl"))
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range bytes.Split(b, []byte("\n")) {
			var l struct {
				Message struct {
					Content []struct {
						Type    string `json:"type"`
						Content string `json:"content"`
					} `json:"content"`
				} `json:"message"`
			}
			if json.Unmarshal(line, &l) != nil {
				continue
			}
			for _, c := range l.Message.Content {
				if c.Type == "tool_result" {
					out = append(out, c.Content)
				}
			}
		}
	}
	return out
}

// discoverJSON runs terse discover --json on dir with no hook installed.
func discoverJSON(t *testing.T, dir string) discoverReport {
	t.Helper()
	home := t.TempDir()
	var stdout, stderr bytes.Buffer
	env := Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(k string) string {
		return map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "config")}[k]
	}}
	if err := discover(env, dir, 36500, true); err != nil {
		t.Fatalf("discover: %v\n%s", err, stderr.String())
	}
	var rep discoverReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	return rep
}

// On the transcripts the real client wrote (testdata/discover), discover's
// figures are those of the tool_result the client recorded: its characters
// and its o200k tokens.
func TestDiscoverFiguresMatchRecordedResults(t *testing.T) {
	for _, c := range []struct {
		name, command string
	}{
		{"nohook", "go test -v ./..."},
		{"default", "go test ./..."},
		{"pipe", "go test ./... 2>&1 | tail -n 20"},
	} {
		dir := filepath.Join("..", "..", "testdata", "discover", c.name)
		rep := discoverJSON(t, dir)
		results := recordedResults(t, dir)
		if len(results) != 1 || len(rep.Commands) != 1 {
			t.Fatalf("%s: %d recorded results, %d commands listed", c.name, len(results), len(rep.Commands))
		}
		n, err := tokens.Count(tokens.O200k, []byte(results[0]))
		if err != nil {
			t.Fatal(err)
		}
		row := rep.Commands[0]
		if row.Command != c.command || row.Count != 1 || row.Chars != int64(utf8.RuneCountInString(results[0])) || row.Tokens != int64(n) {
			t.Errorf("%s: discover lists %+v; the transcript's result has %d chars, %d tokens", c.name, row, utf8.RuneCountInString(results[0]), n)
		}
		if row.ShapedTokens > row.Tokens || row.Saving != row.Tokens-row.ShapedTokens {
			t.Errorf("%s: shaped %d of %d tokens, saving %d", c.name, row.ShapedTokens, row.Tokens, row.Saving)
		}
		if !strings.Contains(row.Why, "hook not installed") {
			t.Errorf("%s: why = %q with no hook installed", c.name, row.Why)
		}
	}
	if rep := discoverJSON(t, filepath.Join("..", "..", "testdata", "discover", "routed")); rep.WithTerse != 1 || len(rep.Commands) != 0 {
		t.Errorf("the routed call: with_terse %d, %d commands listed", rep.WithTerse, len(rep.Commands))
	}
}

// Lines longer than bufio.Scanner's 64 KiB limit are read; lines that are
// not JSON or over the limit are skipped and counted, lines of kinds
// discover does not read are counted, and calls before the cutoff are left
// out.
func TestTranscriptReaderToleratesLines(t *testing.T) {
	real, err := os.ReadFile(filepath.Join("..", "..", "testdata", "discover", "nohook", "project", "f6a2153a-8368-4180-8d2f-98c6d7d1eed7.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	long := `{"type":"some-future-kind","pad":"` + strings.Repeat("x", 200<<10) + `"}`
	in := "not json\n" + long + "\n" + string(real)
	var calls []*bashCall
	s := &transcriptScan{done: func(c *bashCall) { calls = append(calls, c) }}
	if err := s.readTranscript(strings.NewReader(in), time.Time{}); err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || calls[0].Command != "go test -v ./..." || !calls[0].HasOut || calls[0].Mode != "bypassPermissions" {
		t.Fatalf("calls: %+v", calls)
	}
	if s.Skipped != 1 || s.Unknown < 2 {
		t.Errorf("skipped %d, unknown %d; want 1 and the long line among the unknown", s.Skipped, s.Unknown)
	}
	br := bufio.NewReaderSize(strings.NewReader(long+"\nnext\n"), 16)
	if _, tooLong, _ := readLongLine(br, 1<<10); !tooLong {
		t.Error("a line over the limit is not reported")
	}
	if line, tooLong, _ := readLongLine(br, 1<<10); tooLong || string(line) != "next" {
		t.Errorf("after a long line: %q", line)
	}
	calls = nil
	s = &transcriptScan{done: func(c *bashCall) { calls = append(calls, c) }}
	_ = s.readTranscript(strings.NewReader(string(real)), time.Now().Add(time.Hour))
	if len(calls) != 0 {
		t.Errorf("calls before the cutoff kept: %d", len(calls))
	}
}
