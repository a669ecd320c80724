package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/llmread"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// Faithful on red, with failures of one cause in one block: for every text
// capture of every tool, each failure of the report still appears in the
// grouped llm text with its file:line, its name, and every line of its
// message and details, as it shows them ungrouped: a group is only for
// failures whose reason is the same text, so no member's values (cargo's
// left and right, a quoted value) are left out.
func TestGroupedOutputKeepsEveryFailure(t *testing.T) {
	set, err := profiles.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("profiles/*/testdata/captures/*.txt")
	if len(files) < 20 {
		t.Fatalf("%d captures, want the repository's", len(files))
	}
	grouped := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		out, err := set.Shape(bytes.NewReader(data), nil, profiles.Options{Window: report.Window{Limit: 0}})
		if err != nil || out.Report == nil {
			continue
		}
		var fails []report.Failure
		out.Report.Each(func(f report.Failure) error { fails = append(fails, f); return nil })
		var b, flat bytes.Buffer
		if err := render.LLM(&b, out.Report, render.Hints{Group: true}); err != nil {
			t.Fatal(err)
		}
		if err := render.LLM(&flat, out.Report, render.Hints{}); err != nil {
			t.Fatal(err)
		}
		out.Report.Close()
		text, err := llmread.ExpandGroups(b.String())
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if strings.Contains(text, "--- [×") {
			grouped++
		}
		for _, f := range fails {
			if f.Kind == report.KindLint {
				continue // a line of its own under its file, grouped or not
			}
			loc := f.File
			if !strings.Contains(text, loc) || (f.Name != "" && !strings.Contains(text, strconv.Quote(f.Name))) {
				t.Errorf("%s: failure %s %q is not in the grouped output", file, loc, f.Name)
			}
			for _, l := range reasonLines(f) {
				if atHeader(f, l) && !strings.Contains(flat.String(), l) {
					// The compact page, grouped or not, leaves out a
					// frame at the place the header names.
					continue
				}
				if !strings.Contains(text, l) {
					t.Errorf("%s: the reason of %s %q (%q) is not in the grouped output", file, loc, f.Name, l)
				}
			}
		}
	}
	if grouped == 0 {
		t.Error("no capture has failures of one cause: the test checks nothing grouped")
	}
}

// atHeader reports whether a detail line is a frame kept as text at the
// place f's header names ("at ./src/lib.rs:33:17" under src/lib.rs:33).
func atHeader(f report.Failure, l string) bool {
	at := "at ./" + f.File + ":" + strconv.Itoa(f.Line)
	return f.Line > 0 && (l == at || strings.HasPrefix(l, at+":"))
}

// reasonLines are the lines of f's message and details as the text shows
// them (each clipped), those that are not blank.
func reasonLines(f report.Failure) []string {
	var out []string
	for _, l := range append(strings.Split(f.Message, "\n"), f.Details...) {
		if strings.TrimSpace(l) != "" {
			out = append(out, filters.ClipLine(l))
		}
	}
	return out
}
