package profiles_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// TestBenchFidelity feeds the "failures kept" column of scripts/bench.sh. For
// every capture with a ground truth it writes one tab-separated line to the
// file named by TERSE_BENCH_FIDELITY: profile, capture (relative to
// profiles/), failures in the ground truth, failures kept in the shaped
// output of all pages (name, file:line and message, as TestFidelity checks
// them), and failure blocks on the first page (the default --limit). It is
// skipped when the variable is unset: TestFidelity is the check, this is the
// measurement.
func TestBenchFidelity(t *testing.T) {
	dest := os.Getenv("TERSE_BENCH_FIDELITY")
	if dest == "" {
		t.Skip("TERSE_BENCH_FIDELITY is not set; scripts/bench.sh sets it")
	}
	set := builtin(t)
	var b strings.Builder
	for prof, files := range captures(t) {
		read, adapt, ok := truthOf(t, prof)
		for _, path := range files {
			rel, _ := filepath.Rel(".", path)
			truthPath := groundTruthPath(path)
			if _, err := os.Stat(truthPath); !ok || err != nil {
				fmt.Fprintf(&b, "%s\t%s\t-\t-\t-\n", prof, rel)
				continue
			}
			want := read(t, truthPath)
			if adapt != nil {
				want = adapt(t, path, want) // as TestFidelity does
			}
			all := shapeText(t, set, path, prof, 0)
			page := shapeText(t, set, path, prof, 20)
			onPage := strings.Count(page, "\n--- ")
			if len(want) > 0 && want[0].Severity != "" {
				_, _, onPage = lintRows(page)
			}
			fmt.Fprintf(&b, "%s\t%s\t%d\t%d\t%d\n", prof, rel, len(want), keptFailures(all, want), onPage)
		}
	}
	if err := os.WriteFile(dest, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// shapeText is the llm text of a capture, JSON captures included (as with
// --llm on JSON input), with limit failures a page (0 for all).
func shapeText(t *testing.T, set *profiles.Set, path, prof string, limit int) string {
	t.Helper()
	out := shapeFile(t, set, path, prof, profiles.Options{Window: report.Window{Limit: limit}})
	if out.Report == nil {
		return string(out.Passthrough)
	}
	var b bytes.Buffer
	if err := render.LLM(&b, out.Report, goldenHints); err != nil {
		t.Fatal(err)
	}
	out.Report.Close()
	return b.String()
}

// keptFailures counts the failures of want that llm keeps, by the test of
// checkFidelity (a block with the failure's header holds its message) or,
// for a linter, of checkLintFidelity (its row under its file's header):
// counted instead of asserted.
func keptFailures(llm string, want []truth) int {
	kept := 0
	if len(want) > 0 && want[0].Severity != "" {
		rows, _, _ := lintRows(llm)
		for _, w := range want {
			if slices.Contains(rows[w.File], lintRow(w)) {
				kept++
			}
		}
		return kept
	}
	blocks := strings.Split(llm, "\n--- ")
	for _, w := range want {
		if _, ok := failureKept(blocks, w); ok {
			kept++
		}
	}
	return kept
}
