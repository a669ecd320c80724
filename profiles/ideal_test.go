package profiles_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
	"github.com/terse-dev/terse/tokens"
)

// maxIdealRatio is issue 60's bound: a failing page costs at most 1.3
// times the tokens of the smallest page that keeps its every fact.
const maxIdealRatio = 1.3

// idealTools are the tools issue 60 names; each has at least one ideal.
var idealTools = []string{"jest", "vitest", "pytest", "gotest", "mocha", "eslint", "tsc", "cargo"}

// idealPath is where the hand-written ideal page of a capture is kept:
// ideal/NAME beside the captures/ that holds it, wherever the tool's
// test data lives.
func idealPath(capture string) string {
	return filepath.Join(filepath.Dir(filepath.Dir(capture)), "ideal", filepath.Base(capture))
}

// idealPages are the captures that have an ideal page, by profile.
func idealPages(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for prof, files := range captures(t) {
		for _, path := range files {
			if fileExists(idealPath(path)) {
				out[prof] = append(out[prof], path)
			}
		}
	}
	return out
}

// TestIdealRatio shapes each capture that has a hand-written ideal page
// (the fewest tokens that keep every fact the fidelity test checks: name,
// file:line, reason, expected/received or the changed diff lines, the first
// own frame) as `CMD | terse` prints it, and fails a page that costs more
// than maxIdealRatio times its ideal in o200k tokens. Run with -v for the
// table of BENCHMARKS.md.
func TestIdealRatio(t *testing.T) {
	set := builtin(t)
	pages := idealPages(t)
	for _, tool := range idealTools {
		if len(pages[tool]) == 0 {
			t.Errorf("%s: no ideal page (ideal/NAME beside its captures/)", tool)
		}
	}
	profs := make([]string, 0, len(pages))
	for p := range pages {
		profs = append(profs, p)
	}
	sort.Strings(profs)
	for _, prof := range profs {
		for _, path := range pages[prof] {
			name := prof + "/" + filepath.Base(path)
			out := shapeFile(t, set, path, prof, profiles.Options{Window: report.Window{Limit: 20}})
			var page bytes.Buffer
			if err := render.LLM(&page, out.Report, goldenHints); err != nil {
				t.Fatal(err)
			}
			ideal, err := os.ReadFile(idealPath(path))
			if err != nil {
				t.Fatal(err)
			}
			shaped, want := countO200k(t, page.Bytes()), countO200k(t, ideal)
			ratio := float64(shaped) / float64(want)
			t.Logf("| %s | %d | %d | %.2f× |", name, shaped, want, ratio)
			if ratio > maxIdealRatio {
				t.Errorf("%s: %d tokens, %.2f× its ideal's %d (bound %.1f×):\n%s", name, shaped, ratio, want, maxIdealRatio, page.String())
			}
		}
	}
}

// TestIdealKeepsFacts holds each ideal page to the fidelity test: an ideal
// that left out a fact would make every ratio against it a lie.
func TestIdealKeepsFacts(t *testing.T) {
	for prof, files := range idealPages(t) {
		read, adapt, ok := truthOf(t, prof)
		if !ok {
			t.Errorf("%s: an ideal page but no machine truth to check it with", prof)
			continue
		}
		for _, path := range files {
			want := read(t, groundTruthPath(path))
			if adapt != nil {
				want = adapt(t, path, want)
			}
			t.Run(prof+"/"+filepath.Base(path), func(t *testing.T) {
				ideal, err := os.ReadFile(idealPath(path))
				if err != nil {
					t.Fatal(err)
				}
				checkFidelity(t, string(ideal), want)
			})
		}
	}
}

func countO200k(t *testing.T, b []byte) int {
	t.Helper()
	n, err := tokens.Count("o200k_base", b)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
