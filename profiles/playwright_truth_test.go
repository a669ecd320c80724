package profiles_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

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
