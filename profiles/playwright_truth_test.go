package profiles_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/acarl005/stripansi"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

func init() {
	truthReaders["playwright-json"] = playwrightTruth
}

// pwError is an error of Playwright's JSON report.
type pwError struct {
	Message  string `json:"message"`
	Location *struct {
		File string `json:"file"`
		Line int    `json:"line"`
	} `json:"location"`
}

// pwSuite is a suite of Playwright's JSON report: a file, or a describe
// block within one.
type pwSuite struct {
	Title string `json:"title"`
	File  string `json:"file"`
	Specs []struct {
		Title string `json:"title"`
		File  string `json:"file"`
		Line  int    `json:"line"`
		Tests []struct {
			Status  string `json:"status"`
			Results []struct {
				Status string    `json:"status"`
				Errors []pwError `json:"errors"`
			} `json:"results"`
		} `json:"tests"`
	} `json:"specs"`
	Suites []pwSuite `json:"suites"`
}

// playwrightTruth reads playwright test --reporter=json: each test that
// failed (unexpected) or failed before passing on a retry (flaky: the list
// shows its failure too, and terse says it is flaky), named by its describe titles and its own joined
// with " › " as the list reporter prints them, at the line it is declared
// on, with its first attempt's error; and each error outside a test (a
// file that does not load, at the absolute path its error names). Tests'
// paths are made relative to the config's directory, as the reporters
// print them.
func playwrightTruth(t *testing.T, path string) []truth {
	var doc struct {
		Config struct {
			ConfigFile string `json:"configFile"`
			RootDir    string `json:"rootDir"`
		} `json:"config"`
		Suites []pwSuite `json:"suites"`
		Errors []pwError `json:"errors"`
	}
	if err := json.Unmarshal(readFile(t, path), &doc); err != nil {
		return playwrightConfigTruth(t, path, err)
	}
	base := filepath.Dir(doc.Config.ConfigFile)
	rel := func(p string) string {
		if !filepath.IsAbs(p) {
			p = filepath.Join(doc.Config.RootDir, p)
		}
		if r, err := filepath.Rel(base, p); err == nil {
			return r
		}
		return p
	}
	var out []truth
	for _, e := range doc.Errors {
		// The loader's error names the file by its absolute path.
		w := truth{File: "(unknown file)", Message: firstLine(e.Message)}
		if e.Location != nil {
			w.File, w.Line = e.Location.File, e.Location.Line
		}
		out = append(out, w)
	}
	var walk func(s pwSuite, titles []string)
	walk = func(s pwSuite, titles []string) {
		for _, sp := range s.Specs {
			for _, tc := range sp.Tests {
				if tc.Status != "unexpected" && tc.Status != "flaky" {
					continue
				}
				w := truth{File: rel(sp.File), Line: sp.Line, Name: strings.Join(append(append([]string{}, titles...), sp.Title), " › "),
					Flaky: tc.Status == "flaky"}
				if len(tc.Results) > 0 && len(tc.Results[0].Errors) > 0 {
					w.Message = firstLine(tc.Results[0].Errors[0].Message)
				}
				out = append(out, w)
			}
		}
		for _, sub := range s.Suites {
			walk(sub, append(append([]string{}, titles...), sub.Title))
		}
	}
	for _, s := range doc.Suites {
		walk(s, nil) // a file's suite: its title is the file, not in the name
	}
	return out
}

// firstLine is a message's first line, without colour.
func firstLine(msg string) string {
	l, _, _ := strings.Cut(stripansi.Strip(msg), "\n")
	return strings.TrimSpace(l)
}

// playwrightConfigTruth reads what Playwright printed instead of a report
// when it rejected its config: each "Error: " line, a failure of no file.
func playwrightConfigTruth(t *testing.T, path string, jsonErr error) []truth {
	var out []truth
	for _, l := range readLines(t, path) {
		if msg, ok := strings.CutPrefix(l, "Error: "); ok {
			out = append(out, truth{File: "(unknown file)", Message: msg})
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: neither Playwright's JSON report nor its error: %v", path, jsonErr)
	}
	return out
}

// Playwright is claimed by its test command, through npx too.
func TestPlaywrightByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"playwright test", "npx playwright test", "npx playwright test --reporter=line tests/api.spec.js", "pnpm exec playwright test"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "playwright" {
			t.Errorf("ForArgv(%q) = %v, want playwright", cmd, p)
		}
	}
}

// A flaky test (failed, then passed on its retry) keeps its place in the
// list Playwright prints, said flaky, and the status line counts it among
// the passed, as Playwright does: each page shaped with a window holds the
// block the whole list holds at its place (a flaky test withdrawn from the
// list moved the failures after it, and offset 6 of qs.line.txt read "no
// failures at offset 6"). A run whose only failure is a flaky test's
// passes (flaky.txt, exit 0).
func TestPlaywrightFlaky(t *testing.T) {
	set := builtin(t)
	for _, c := range []struct{ name, status string }{
		{"qs.txt", "FAIL 7/38 (1 flaky, 1 skipped)\n"},
		{"qs.line.txt", "FAIL 7/38 (1 flaky, 1 skipped)\n"},
		{"qs.ci.txt", "FAIL 7/38 (1 flaky, 1 skipped)\n"},
		{"flaky.txt", "PASS 2/2 (1 flaky)\n"},
	} {
		path := filepath.Join("playwright", "testdata", "captures", c.name)
		whole := shapeText(t, set, path, "playwright", 0)
		if !strings.HasPrefix(whole, c.status) {
			t.Errorf("%s: status line is not %q:\n%s", c.name, c.status, whole)
		}
		blocks := flakyBlocks(whole)
		for i, blk := range blocks {
			out := shapeFile(t, set, path, "playwright", profiles.Options{Window: report.Window{Offset: i, Limit: 1}})
			var b bytes.Buffer
			if err := render.LLM(&b, out.Report, goldenHints); err != nil {
				t.Fatal(err)
			}
			out.Report.Close()
			if page := flakyBlocks(b.String()); len(page) != 1 || page[0] != blk {
				t.Errorf("%s, --offset %d --limit 1: page holds %q, the whole list %q", c.name, i, page, blk)
			}
		}
	}
}

// flakyBlocks are the failure blocks of llm text, each to its blank line.
func flakyBlocks(llm string) []string {
	var out []string
	for _, blk := range strings.Split(llm, "\n--- ")[1:] {
		blk, _, _ = strings.Cut(blk, "\n\n")
		out = append(out, strings.TrimRight(blk, "\n"))
	}
	return out
}
