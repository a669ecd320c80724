package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/terse-dev/terse/filters"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// Faithful on red, with failures of one cause in one block: for every text
// capture of every tool, each failure of the report still appears in the
// grouped llm text with its file:line, its name and the first line of its
// message.
func TestGroupedOutputKeepsEveryFailure(t *testing.T) {
	set, err := profiles.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("testdata/*/captures/*.txt")
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
		var b bytes.Buffer
		if err := render.LLM(&b, out.Report, render.Hints{Group: true}); err != nil {
			t.Fatal(err)
		}
		out.Report.Close()
		text := expandFileRuns(t, b.String())
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
			first, _, _ := strings.Cut(f.Message, "\n")
			if first != "" && !strings.Contains(text, filters.ClipLine(first)) {
				t.Errorf("%s: the message of %s %q (%q) is not in the grouped output", file, loc, f.Name, first)
			}
		}
	}
	if grouped == 0 {
		t.Error("no capture has failures of one cause: the test checks nothing grouped")
	}
}

// expandFileRuns writes the members of a group that writeFileRun wrote under
// their file back as whole lines (file:line "name"), so that each failure can
// be looked for as the ungrouped text shows it: what the compact form says
// must be enough to rebuild it.
func expandFileRuns(t *testing.T, text string) string {
	var out []string
	file, prefix := "", ""
	lines := strings.Split(text, "\n")
	inGroup := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "--- [×"):
			inGroup = true
		case l == "":
			inGroup = false
		}
		member := func(l string) bool { return strings.HasPrefix(l, "  :") || strings.HasPrefix(l, "  \"") }
		if h, ok := strings.CutSuffix(l, ":"); ok && inGroup && !strings.HasPrefix(l, " ") && i+1 < len(lines) && member(lines[i+1]) {
			file, prefix = h, ""
			if i := strings.Index(h, " \""); i >= 0 {
				p, err := strconv.Unquote(h[i+1:])
				if err != nil || !strings.HasSuffix(p, "…") {
					t.Fatalf("run header %q: the shared start of names is not a quoted string ending in …", l)
				}
				file, prefix = h[:i], strings.TrimSuffix(p, "…")
			}
			continue
		}
		if file != "" && member(l) {
			rest := strings.TrimPrefix(l, "  ")
			loc := file
			if strings.HasPrefix(rest, ":") {
				n, after, _ := strings.Cut(rest, " ")
				loc, rest = file+n, after
			}
			if rest != "" {
				q, own, _ := strings.Cut(rest, " — ")
				name, err := strconv.Unquote(q)
				if err != nil {
					t.Fatalf("run member %q: the name is not quoted", l)
				}
				rest = strconv.Quote(prefix+name)
				if own != "" {
					rest += " — " + own
				}
				loc += " " + rest
			}
			out = append(out, loc)
			continue
		}
		file = ""
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
