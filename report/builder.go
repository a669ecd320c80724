package report

import (
	"strings"
	"sync/atomic"
)

// Builder collects a Report while a parser streams through its input. It keeps
// only the failures on the requested page and counts the rest, so memory holds
// one page whatever the number of failures.
type Builder struct {
	r    Report
	win  Window
	seen int
	// omitAt is where each kind of omission is in order and omitN, which
	// count them in the order they were first seen.
	omitAt map[string]int
	order  []string
	omitN  []int
	// lastOmit is the index of the last kind counted: a parser counts the
	// same kind line after line, and comparing it costs less than a map
	// look-up.
	lastOmit int
	counts   bool
	// passedTold is set once a summary gave a passed figure, passedUntold
	// once one gave a total and no passed figure (AddTestsPassedUntold).
	passedTold, passedUntold bool
	// suiteFailures counts failures of kind suite: they are not failing tests.
	suiteFailures int
	// MemFailures overrides the package constant (tests use a small one).
	MemFailures int
	spill       *spill
	// linePage is set when the paged list is of blocks of lines (the
	// generic cleaner's problems), not failures.
	linePage       bool
	lineTotal      int
	lineShownItems int
	// Red, when set, is set once the report is sure to fail: a failure
	// that is not a linter's problem, or a failed test counted. It may be
	// read on another goroutine (what watches the input for failure
	// signals stops then: the report accounts for them).
	Red *atomic.Bool
	// Every, when set, is given each failure added, whether win keeps it
	// or not: the whole list of a run shaped a page at a time, in one
	// pass (terse run records every failure to compare with the next
	// run). A parser that drops the detail of a failure it knows is off
	// the page keeps it then (KeepsAll).
	Every *Builder
}

// KeepsAll reports whether every failure is wanted whole, on the page or
// off it: Every is set, and its window keeps the next failure (past it,
// the list is too long to be wanted, and the text of a failure off the
// page need not be kept for it).
func (b *Builder) KeepsAll() bool { return b.Every != nil && b.Every.win.Keeps(b.Every.seen) }

// NewBuilder starts a report for tool keeping the failures in win.
func NewBuilder(tool string, win Window) *Builder {
	return &Builder{r: Report{Tool: tool}, win: win, omitAt: map[string]int{}}
}

// AddFailure records a failure; it is kept when it falls on the page.
func (b *Builder) AddFailure(f Failure) {
	if b.Every != nil {
		b.Every.AddFailure(f)
	}
	if b.win.Keeps(b.seen) {
		limit := MemFailures
		if b.MemFailures > 0 {
			limit = b.MemFailures
		}
		if len(b.r.Failures) < limit {
			b.r.Failures = append(b.r.Failures, f)
		} else {
			if b.spill == nil {
				b.spill = &spill{}
			}
			b.spill.add(f)
		}
	} else if b.win.Limit > 0 && b.seen >= b.win.Offset+b.win.Limit {
		b.r.addPast(f)
	}
	b.seen++
	if f.Kind == KindSuite {
		b.suiteFailures++
	}
	if f.Kind != KindLint {
		b.MarkRed()
	}
}

// MarkFlaky says the test at this place and with this name is flaky: it
// failed, then passed on a retry, and the tool listed its failed attempt
// with the failures (Playwright names its flaky tests after them). That
// failure keeps its place, so that every page of the list holds the
// failures it would hold without it, and is said flaky (Failure.Flaky);
// it is no failed test, and a run whose only failures are flaky ones
// passes. The tool names each flaky test once, under its tally; file and
// name are copied.
func (b *Builder) MarkFlaky(file string, line int, name string) {
	if b.Every != nil {
		b.Every.MarkFlaky(file, line, name)
	}
	if b.r.flaky == nil {
		b.r.flaky = map[flakyKey]bool{}
	}
	b.r.flaky[flakyKey{strings.Clone(file), line, strings.Clone(name)}] = true
	b.r.flakyN++
	if b.Red != nil && b.failing() == 0 && b.r.Tests.Failed == 0 && b.r.Lint == nil {
		// The report may pass after all: the watch looks at the lines
		// again. Those it passed by meanwhile followed a failure, as
		// they do after any; the tool's list and tally, which the
		// parser read, say whether another test failed among them.
		b.Red.Store(false)
	}
}

// failing is the number of failures seen that are not flaky tests'.
func (b *Builder) failing() int { return max(b.seen-b.r.flakyN, 0) }

// MarkRed says the report is sure to fail (a linter's error, which its
// sink holds until the end): it sets Red, when there is one.
func (b *Builder) MarkRed() {
	if b.Red != nil && !b.Red.Load() {
		b.Red.Store(true)
	}
}

// FailuresSeen is the number of failures recorded so far.
func (b *Builder) FailuresSeen() int { return b.seen }

// OmitKey counts n more of a shared kind of thing as left out of the
// output: the key knows its singular form.
func (b *Builder) OmitKey(k OmissionKey, n int) { b.Omit(string(k), n) }

// Omit counts n more of what as left out of the output. what is free text
// (its singular guessed from its last word); parsers prefer OmitKey.
func (b *Builder) Omit(what string, n int) {
	if n <= 0 {
		return
	}
	if i := b.lastOmit; i < len(b.order) && b.order[i] == what {
		b.omitN[i] += n
		return
	}
	i, ok := b.omitAt[what]
	if !ok {
		i = len(b.order)
		b.omitAt[what] = i
		b.order = append(b.order, what)
		b.omitN = append(b.omitN, 0)
	}
	b.omitN[i] += n
	b.lastOmit = i
}

// AddTests adds test counts read from a summary.
func (b *Builder) AddTests(c Counts) {
	b.r.Tests.Add(c)
	b.counts = true
	b.passedTold = b.passedTold || c.Passed > 0
	if c.Failed > 0 {
		b.MarkRed()
	}
}

// AddTestsPassedUntold adds counts read from a summary that gives a total
// and no passed figure ("2 examples, 0 failures", ctest's "0 tests failed
// out of 2"; unittest's "Ran 66 tests" with its failures on another line):
// unless a summary of the run gives one, the tests not counted failed,
// skipped or to do passed (passedOf). Read as 0, a clean run said PASS 0/2.
func (b *Builder) AddTestsPassedUntold(c Counts) {
	b.AddTests(c)
	b.passedUntold = true
}

// passedOf is what passed of c by the rest of its counts, for a run whose
// summaries gave none (AddTestsPassedUntold). Where they count errors,
// whether those are among the total differs by tool (Maven's and
// minitest's are, RSpec's errors outside examples are not): nothing is
// said of what passed then.
func (b *Builder) passedOf(c Counts) int {
	if !b.passedUntold || b.passedTold || c.Errors > 0 {
		return c.Passed
	}
	return max(c.Total-c.Failed-c.Skipped-c.Todo, 0)
}

// AddSuites adds suite counts read from a summary.
func (b *Builder) AddSuites(c Counts) {
	if b.r.Suites == nil {
		b.r.Suites = &Counts{}
	}
	b.r.Suites.Add(c)
}

// AddLint adds a linter's counts read from a summary; the report becomes a
// lint report. Several summaries (runs concatenated) add up.
func (b *Builder) AddLint(l Lint) {
	if b.r.Lint == nil {
		b.r.Lint = &Lint{}
	}
	b.r.Lint.Add(l)
}

// SetSuiteNoun names what the tool calls a suite ("package").
func (b *Builder) SetSuiteNoun(noun string) { b.r.SuiteNoun = noun }

// SetTestsPartial says the output lists only failing tests, so the number
// of passed tests (and the total) is unknown.
func (b *Builder) SetTestsPartial() { b.r.TestsPartial = true }

// SetNoTestsRan records that the tool ran and no test matched: the status is
// NONE unless something failed.
func (b *Builder) SetNoTestsRan() { b.r.NoTestsRan = true }

// Note adds a line for the agent, once. A package manager's own notice
// (the "npm notice" lines npm and npx print after the tool's output: a
// newer npm, the changelog, how to update) says nothing about the run and
// is counted instead.
func (b *Builder) Note(s string) {
	if isPackageManagerNotice(s) {
		b.OmitKey(OmitPackageManagerNotes, 1)
		return
	}
	for _, n := range b.r.Notes {
		if n == s {
			return
		}
	}
	b.r.Notes = append(b.r.Notes, s)
}

// SetLines sets the cleaned text of a content-only report.
func (b *Builder) SetLines(lines []string) { b.r.Lines = lines }

// SetLinePage says the report's Lines hold a page of a list of total
// problem blocks, shown of them: paged as failures are, without being
// failures (the status is not changed by them).
func (b *Builder) SetLinePage(total, shown int) {
	b.linePage, b.lineTotal, b.lineShownItems = true, total, shown
}

// Finish computes the status and pagination and returns the report.
func (b *Builder) Finish() *Report {
	r := b.r
	r.Counted = b.counts
	r.Tests.Passed = b.passedOf(r.Tests)
	r.spill = b.spill
	r.markFlaky()
	if !b.counts && r.Lint == nil {
		// No summary: what was seen is all there is to count.
		r.Tests.Failed = max(r.Tests.Failed, b.failedTests())
		r.Tests.Total = max(r.Tests.Total, r.Tests.Failed+r.Tests.Passed+r.Tests.Skipped+r.Tests.Todo)
	}
	for i, w := range b.order {
		r.Omitted = append(r.Omitted, Omission{What: w, Count: b.omitN[i]})
	}
	r.Page = Page{Total: b.seen, Limit: b.win.Limit, Offset: b.win.Offset, HasMore: b.win.HasMore(b.seen)}
	if b.linePage && b.seen == 0 {
		r.Page = Page{Total: b.lineTotal, Limit: b.win.Limit, Offset: b.win.Offset, HasMore: b.win.HasMore(b.lineTotal)}
		r.LineItems = b.lineShownItems
		r.pagedLines = true
	}
	switch {
	case r.Lint != nil:
		// A lint run fails on errors; warnings are shown but pass, unless
		// the tool said they fail the run.
		if r.Lint.Errors > 0 || r.Lint.WarningsFail {
			r.Status = StatusFail
		} else {
			r.Status = StatusPass
		}
	case r.Tests.Failed > 0 || b.failing() > 0:
		r.Status = StatusFail
	case r.SuitesFailedToRun() > 0 || r.Suites != nil && r.Suites.Failed > 0:
		// A suite the tool marked failed (jest's "FAIL file" with the
		// failures cut off) fails the run, whatever was seen of it.
		r.Status = StatusFail
	case r.Tests.Total == 0 && (!b.counts || r.NoTestsRan):
		r.Status = StatusNone
	default:
		r.Status = StatusPass
	}
	return &r
}

// failedTests is the number of failures seen that stand for a failing test
// (suite failures are counted with the suites, flaky tests passed).
func (b *Builder) failedTests() int {
	return max(b.failing()-b.suiteFailures, 0)
}

// isPackageManagerNotice recognises a line npm prints as a notice ("npm
// notice", alone or followed by text).
func isPackageManagerNotice(s string) bool {
	rest, ok := strings.CutPrefix(s, "npm notice")
	return ok && (rest == "" || rest[0] == ' ')
}
