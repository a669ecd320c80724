package profiles

import (
	"github.com/terse-dev/terse/internal/delta"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// terse run records every failure of a run, to compare with the next one.
// A linter's page is shaped with the window (forText): its sink holds the
// warnings of a file until it knows whether errors come, and with no page
// it holds every one of a run, which on a large run is most of terse's
// memory. So terse run shaped the saved output a second time, with no
// page, for the list of every problem: a second pass over every line.
//
// A second sink beside the page's, with no page, given every problem the
// page's sink is given, makes the list in the same pass: the same sink fed
// the same problems, it hands its builder what the second pass's would
// (TestLintAllIsTheWholeList). It holds as many problems as a record does
// (delta.MaxEntries): past them it lets them go, and terse run records
// that there were too many, as before.

// lintAllMax is the most problems the list beside a linter's page holds:
// as many as a record of a run holds. The sink holds its warnings packed
// (report.Packed), and what it hands its builder past report.MemFailures
// is spilled, so the list costs the collector little while the page is
// shaped; held as Failures, it did, and the list had to be bounded far
// lower. What the list costs is memory, up to 100,000 packed problems
// (the figures of both: BENCHMARKS.md, "Figures behind the code").
const lintAllMax = delta.MaxEntries

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
	a.whole.add(f, false) // its sink reads no tally
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
