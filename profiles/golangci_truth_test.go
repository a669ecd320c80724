package profiles_test

import (
	"encoding/json"
	"strings"
	"testing"
)

func init() {
	truthReaders["golangci-json"] = golangciJSONTruth
}

// golangciJSONTruth reads golangci-lint run --output.json.path stdout: its
// Issues, each named by the linter that found it. The text form prints
// only the first line of a message on the problem's line. Every issue is
// an error: each fails the run (exit 1), and the text form prints no
// severity, though the JSON carries the one some linters set (revive's
// "warning").
func golangciJSONTruth(t *testing.T, path string) []truth {
	var doc struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
		}
	}
	if err := json.Unmarshal(readFile(t, path), &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []truth
	for _, is := range doc.Issues {
		msg, _, _ := strings.Cut(is.Text, "\n")
		out = append(out, truth{File: is.Pos.Filename, Line: is.Pos.Line, Column: is.Pos.Column,
			Severity: "error", Name: is.FromLinter, Message: msg})
	}
	return out
}

// golangci-lint run is claimed by its command; its other subcommands
// (fmt rewrites files, prints no issues) are not.
func TestGolangciByCommand(t *testing.T) {
	set := builtin(t)
	for cmd, want := range map[string]string{
		"golangci-lint run ./...":       "golangci-lint",
		"golangci-lint run -E revive .": "golangci-lint",
		"golangci-lint fmt ./...":       "",
	} {
		p := set.ForArgv(strings.Fields(cmd))
		got := ""
		if p != nil {
			got = p.Name
		}
		if got != want {
			t.Errorf("ForArgv(%q) = %q, want %q", cmd, got, want)
		}
	}
}
