package main

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// Failures cut from a page are named: a real jest run of 56 failures under
// the agent reporter, paged (--limit 20, --limit 40) within Claude Code's
// 10,000-character view, or cut to 1,200 tokens (--max-tokens), shows each
// failure in full or names it on a line of its own (file:line "name") at
// the end of the page, in the run's order, as many as the page has room
// for, and says how many it named. On main the page ended "… 36 more
// failures" and named none.
func TestFailuresOffThePageAreNamed(t *testing.T) {
	set, err := profiles.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("profiles/jest/testdata/captures/many.agent.txt")
	if err != nil {
		t.Fatal(err)
	}
	jest, _ := set.Get("jest")
	all := shapeAll(t, set, jest, data, report.Window{})
	if len(all) != 56 {
		t.Fatalf("%d failures in the capture, want 56", len(all))
	}
	next := func(o, l int) string { return "terse show 1 --offset " + strconv.Itoa(o) }
	for _, c := range []struct {
		limit int
		fit   *render.Fit
	}{{20, render.ClaudeCodeFit(next)}, {40, render.ClaudeCodeFit(next)}, {0, render.TokenFit(1200, next)}} {
		limit := c.limit
		out, err := set.Shape(bytes.NewReader(data), jest, profiles.Options{Window: report.Window{Limit: limit}})
		if err != nil || out.Report == nil {
			t.Fatalf("--limit %d: %v", limit, err)
		}
		var b bytes.Buffer
		if err := render.LLM(&b, out.Report, render.Hints{Fit: c.fit}); err != nil {
			t.Fatal(err)
		}
		out.Report.Close()
		text := b.String()
		shown := 0
		for _, f := range all {
			if strings.Contains(text, "\n--- "+loc(f)+"\n") {
				shown++
			}
		}
		m := regexp.MustCompile(`\nnot on this page(?: \((\d+) of (\d+) named\))?:\n((?:[^\n]+\n)+?)… (\d+) more failures`).FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("--limit %d: %d of 56 shown, and no names of the others:\n%s", limit, shown, text)
		}
		rest, _ := strconv.Atoi(m[4])
		if shown+rest != 56 {
			t.Errorf("--limit %d: %d shown and %d more, of 56", limit, shown, rest)
		}
		named := strings.Split(strings.TrimSuffix(m[3], "\n"), "\n")
		if m[1] != "" && (m[1] != strconv.Itoa(len(named)) || m[2] != m[4]) {
			t.Errorf("--limit %d: the header says %s of %s named; %d lines, %d more", limit, m[1], m[2], len(named), rest)
		}
		if m[1] == "" && len(named) != rest {
			t.Errorf("--limit %d: all %d said named, %d lines", limit, rest, len(named))
		}
		// Under Claude Code the page leaves room for all; in 1,200
		// tokens, the failures shown whole come first, and the names
		// get what they leave.
		if c.fit.Measure == nil && len(named) != rest || len(named) == 0 {
			t.Errorf("--limit %d: only %d of %d named", limit, len(named), rest)
		}
		for i, l := range named {
			if want := loc(all[shown+i]); l != want {
				t.Errorf("--limit %d: name %d is %q, want %q", limit, i, l, want)
			}
		}
		if limit == 0 && !strings.Contains(text, "cut to 1200 tokens") {
			t.Errorf("--limit 0: the page was not cut to its budget:\n%s", text)
		}
	}
}

// shapeAll is every failure of data shaped by prof in win.
func shapeAll(t *testing.T, set *profiles.Set, prof *profiles.Profile, data []byte, win report.Window) []report.Failure {
	t.Helper()
	out, err := set.Shape(bytes.NewReader(data), prof, profiles.Options{Window: win})
	if err != nil || out.Report == nil {
		t.Fatal(err)
	}
	defer out.Report.Close()
	var fs []report.Failure
	out.Report.Each(func(f report.Failure) error { fs = append(fs, f); return nil })
	return fs
}

// loc is a failure's location and name as the text names it.
func loc(f report.Failure) string {
	s := f.File
	if f.Line > 0 {
		s += ":" + strconv.Itoa(f.Line)
	}
	if f.Name != "" {
		s += " " + strconv.Quote(f.Name)
	}
	return s
}
