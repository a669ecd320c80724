package profiles

import (
	"bytes"
	"testing"

	"github.com/terse-dev/terse/report"
)

// isLinter keeps the linters' profiles.
func isLinter(p *Profile) bool { return p.Text.Lint != nil }

// terse run shapes a linter's output a page at a time and makes the list of
// every problem in the same pass (lintwhole.go): on every window of every
// text capture of every linter, the page is the one shaping with its window
// alone gives, field for field, and the list beside it holds the problems
// shaping with no window gives (what terse run shaped the output again
// for), in the same order, field for field.
func TestLintAllIsTheWholeList(t *testing.T) {
	// 140 pages here, 107 with problems off them.
	compareLists(t, 120, 90, isLinter, func(win report.Window) Options { return Options{Window: win, Whole: true} })
}

// The list beside a linter's page holds at most Options.WholeMax problems,
// and never more than lintAllMax: past them there is no list (terse run
// records that there were too many), and the page is as it was.
func TestLintAllStopsAtItsMost(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if a := newLintAll(set.All()[0], 0); a.max != lintAllMax {
		t.Errorf("with no most, the list holds %d problems, want %d", a.max, lintAllMax)
	}
	if a := newLintAll(set.All()[0], 100*lintAllMax); a.max != lintAllMax {
		t.Errorf("asked for %d, the list holds %d problems, want %d", 100*lintAllMax, a.max, lintAllMax)
	}
	tried := 0
	for _, pc := range profileCaptures(t, set, "*.txt") {
		if !isLinter(pc.prof) {
			continue
		}
		for i, data := range pc.files {
			win := report.Window{Limit: 2}
			want, err := set.Shape(bytes.NewReader(data), pc.prof, Options{Window: win})
			if err != nil {
				t.Fatal(err)
			}
			n := want.Report.Page.Total
			if n < 2 {
				want.Report.Close()
				continue
			}
			tried++
			for _, most := range []int{n - 1, n} {
				got, err := set.Shape(bytes.NewReader(data), pc.prof, Options{Window: win, Whole: true, WholeMax: most})
				if err != nil {
					t.Fatal(err)
				}
				if (got.All == nil) != (most < n) {
					t.Errorf("%s capture %d, %d problems, at most %d: list %v", pc.prof.Name, i, n, most, got.All != nil)
				}
				if a, b := reportJSON(t, got.Report), reportJSON(t, want.Report); a != b {
					t.Errorf("%s capture %d, at most %d: the page with the list beside it differs from the page alone", pc.prof.Name, i, most)
				}
				got.Report.Close()
				got.All.Close()
			}
			want.Report.Close()
		}
	}
	if tried < 10 {
		t.Errorf("%d linters' captures with problems: the captures were not found", tried)
	}
}

// FuzzLintAllList: on any input, each linter's profile gives terse run the
// page its window gives, and beside it every problem shaping with no
// window gives.
//
//	go test ./profiles -run '^$' -fuzz FuzzLintAllList -fuzztime 60s
func FuzzLintAllList(f *testing.F) {
	fuzzPages(f, isLinter, everyDiff, "")
}
