package profiles

import (
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// terse run records every failure of a run, to compare with the next one.
// A linter's page is shaped with the window (forText): its sink holds the
// warnings of a file until it knows whether errors come, and with no page
// it holds every one of a run (terse run -p flake8 of 100 MB peaked at
// 572 MB). So terse run shaped the saved output a second time, with no
// page, for the list of every problem: `terse run -p pylint -- cat` of 100
// kB of pylint's output (973 problems) took 1.27 times the instructions of
// its page alone, and the next run, which compares, 1.68 times.
//
// A second sink beside the page's, with no page, given every problem the
// page's sink is given, makes the list in the same pass: the same sink fed
// the same problems, it hands its builder what the second pass's would
// (TestLintAllIsTheWholeList). It holds at most lintAllMax problems: past
// them it lets them go, and terse run shapes the output again for its
// list, as before (never past delta.MaxEntries, which a record does not
// hold).

// lintAllMax is the most problems the list beside a linter's page holds.
// Held through the whole pass, the list is live while the page is shaped,
// and the collector's work grows with it: with 10,000, `terse run -p
// pylint` of 1 MB (9,700 problems) took 1.10 to 1.35 times the
// instructions of two passes; with 3,000, 300 kB (2,900) took 0.88 to 1.00
// times, 100 kB (973) 0.80, and 30 kB (276) 0.85 (cachegrind, counted as
// scripts/bench-instr.sh counts, on the first 30 kB to 1 MB of its pylint
// input; three counts each).
const lintAllMax = 3_000

// lintAll is the list of every problem of a linter's run beside its page:
// a sink with no page (whole) feeding b, until more than max problems came
// (over).
type lintAll struct {
	b     *report.Builder
	whole *lintSink
	max   int
	n     int
	over  bool
}

// newLintAll starts the list of every problem of a run of profile p, up to
// most of them (lintAllMax when most is not above zero).
func newLintAll(p *Profile, most int) *lintAll {
	if most <= 0 || most > lintAllMax {
		most = lintAllMax
	}
	b := report.NewBuilder(p.Name, report.Window{})
	return &lintAll{b: b, whole: newLintSink(b, p.Text.Lint, parse.Options{}), max: most}
}

// add gives the list problem f, as the page's sink was given it.
func (a *lintAll) add(f *report.Failure) {
	if a == nil || a.over {
		return
	}
	if a.n++; a.n > a.max {
		a.over, a.whole = true, nil
		return
	}
	a.whole.add(f)
}

// finish ends the list and returns it: nil when the run had more problems
// than it holds.
func (a *lintAll) finish() *report.Report {
	if a == nil {
		return nil
	}
	if a.over {
		a.b.Finish().Close()
		return nil
	}
	a.whole.finish()
	return a.b.Finish()
}
