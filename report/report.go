// Package report holds the model in the middle of terse: what a tool's run
// amounted to. Parsers fill a Report through a Builder; renderers read it.
package report

import "strings"

// Kind is what sort of failure a failure is; profiles name their own kinds
// too (a rule's kind:), so it is open, and these are the ones terse knows.
type Kind string

// Kinds of failure.
const (
	KindAssertion Kind = "assertion" // an expectation did not hold
	KindSnapshot  Kind = "snapshot"  // a stored snapshot differs
	KindError     Kind = "error"     // an exception escaped the test
	KindTimeout   Kind = "timeout"   // the test ran out of time
	KindSuite     Kind = "suite"     // the file failed before any test ran
	KindHook      Kind = "hook"      // a before/after hook failed
	KindLint      Kind = "lint"      // a problem a linter reported (Severity says error or warning)
	KindBuild     Kind = "build"     // the code did not compile, so its tests did not run
	KindPanic     Kind = "panic"     // the program panicked (Go)
	KindRace      Kind = "race"      // the race detector found a data race
	KindVet       Kind = "vet"       // go vet, run by go test, rejected the code
)

// Failure is one thing the agent must act on.
type Failure struct {
	Kind Kind `json:"kind"`
	// Severity is a linter's level for the problem: error or warning.
	Severity string `json:"severity,omitempty"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	// Column is set where the tool gives one and it helps to act (a lint
	// problem); test failures leave it out.
	Column   int      `json:"column,omitempty"`
	Name     string   `json:"name,omitempty"`
	Message  string   `json:"message,omitempty"`
	Expected string   `json:"expected,omitempty"`
	Received string   `json:"received,omitempty"`
	Diff     []string `json:"diff,omitempty"`
	Details  []string `json:"details,omitempty"`
	Frames   []Frame  `json:"frames,omitempty"`
	// Change says how the failure compares with the previous run of the
	// same command (ChangeNew or ChangeUnchanged); empty without a delta.
	Change string `json:"change,omitempty"`
	// Flaky is set on a test that failed, then passed on a retry: the
	// tool lists its failed attempt among the failures (Playwright), so
	// it keeps its place on the page, said flaky, and is no failed test.
	Flaky bool `json:"flaky,omitempty"`
}

// Changes of a failure since the previous run of the same command.
const (
	ChangeNew       = "new"       // not failing before, or failing otherwise
	ChangeUnchanged = "unchanged" // same identity, message and expected/received
)

// Delta is what changed since the previous saved run of the same command
// (same command line, same working directory): counts over the whole run,
// not only the page.
type Delta struct {
	// Since is the id of the run compared with.
	Since     int `json:"since"`
	New       int `json:"new"`
	Fixed     int `json:"fixed"`
	Unchanged int `json:"unchanged"`
	// FixedNames names the failures of the previous run that are gone
	// (a few; Fixed counts them all).
	FixedNames []string `json:"fixedNames,omitempty"`
	// Show is the command that shows the unchanged failures in full.
	Show string `json:"show,omitempty"`
}

// Counts are a run's test (or suite) tallies. Total counts every item,
// whatever its outcome.
type Counts struct {
	Total   int `json:"total"`
	Passed  int `json:"passed,omitempty"`
	Failed  int `json:"failed,omitempty"`
	Skipped int `json:"skipped,omitempty"`
	Todo    int `json:"todo,omitempty"`
	// Errors counts items that could not run at all (suites that failed
	// to load, collection errors).
	Errors int `json:"errors,omitempty"`
	// Flaky counts the tests that failed, then passed on a retry: they
	// are among Passed.
	Flaky int `json:"flaky,omitempty"`
}

// Add adds o to c.
func (c *Counts) Add(o Counts) {
	c.Total += o.Total
	c.Passed += o.Passed
	c.Failed += o.Failed
	c.Skipped += o.Skipped
	c.Todo += o.Todo
	c.Errors += o.Errors
	c.Flaky += o.Flaky
}

// Lint is a linter's tally. Warnings alone do not fail a run unless the
// tool says they do (eslint --max-warnings).
type Lint struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	// Notes counts problems below a warning (a compiler's notes that stand
	// alone, pylint's conventions).
	Notes           int `json:"notes,omitempty"`
	FixableErrors   int `json:"fixableErrors,omitempty"`
	FixableWarnings int `json:"fixableWarnings,omitempty"`
	// Files is the number of files checked, when the tool says (0: unknown).
	Files int `json:"files,omitempty"`
	// FilesWithProblems is the number of files with at least one problem.
	FilesWithProblems int `json:"filesWithProblems,omitempty"`
	// WarningsFail is set when the warnings failed the run.
	WarningsFail bool `json:"warningsFail,omitempty"`
}

// Add adds o to l.
func (l *Lint) Add(o Lint) {
	l.Errors += o.Errors
	l.Warnings += o.Warnings
	l.Notes += o.Notes
	l.FixableErrors += o.FixableErrors
	l.FixableWarnings += o.FixableWarnings
	l.Files += o.Files
	l.FilesWithProblems += o.FilesWithProblems
	l.WarningsFail = l.WarningsFail || o.WarningsFail
}

// Omission counts one kind of thing left out of the shaped output.
type Omission struct {
	What  string `json:"what"`
	Count int    `json:"count"`
}

// Uncount takes n back from the omission of what (dropped when none is
// left): lines counted as left out that the report shows after all.
func (r *Report) Uncount(what string, n int) {
	for i := range r.Omitted {
		if r.Omitted[i].What != what {
			continue
		}
		r.Omitted[i].Count -= min(n, r.Omitted[i].Count)
		if r.Omitted[i].Count == 0 {
			r.Omitted = append(r.Omitted[:i], r.Omitted[i+1:]...)
		}
		return
	}
}

// Page describes the window of failures shown.
type Page struct {
	Total   int  `json:"total"`
	Limit   int  `json:"limit"`
	Offset  int  `json:"offset"`
	HasMore bool `json:"hasMore"`
	// Grouped is set when the page counts entries, not failures: the
	// failures that share a cause (CauseKey) are one entry (see Repage).
	Grouped bool `json:"grouped,omitempty"`
}

// Report is the result of shaping one run of one tool.
type Report struct {
	Tool string `json:"tool"`
	// Status is the verdict (see StatusPass and the others).
	Status Status  `json:"status"`
	Tests  Counts  `json:"tests"`
	Suites *Counts `json:"suites,omitempty"`
	// SuiteNoun is what the tool calls a suite ("package" for go test);
	// empty means "suite".
	SuiteNoun string `json:"-"`
	// TestsPartial is set when the output lists only failing tests (go
	// test without -v): Tests holds the failures, and how many passed is
	// unknown.
	TestsPartial bool `json:"testsPartial,omitempty"`
	// NoTestsRan is set when the tool says no test matched what was asked
	// (go test's "[no tests to run]" for a -run pattern that matches
	// nothing): the status is NONE, never PASS.
	NoTestsRan bool `json:"noTestsRan,omitempty"`
	// Lint holds a linter's problem counts; a report with Lint set is a
	// lint run, whose status follows the errors, not the tests.
	Lint *Lint `json:"lint,omitempty"`
	// Failures holds the page of failures shown, in the tool's order.
	Failures []Failure `json:"failures,omitempty"`
	// Past names the first failures after the page (MaxPast at most, by
	// location, name and kind only), so that the text can name what it
	// does not show: a reader told "2 more failures" does not know that
	// they are a TypeError and an object diff unlike the twenty above.
	Past []Failure `json:"-"`
	// Notes are single lines the agent should see (summary lines that are
	// not counts, such as a snapshot summary, or warnings about the input).
	Notes []string `json:"notes,omitempty"`
	// Lines is the cleaned text of tools whose output is the content
	// (the generic profile), in order, with folds marked in place.
	Lines []string `json:"lines,omitempty"`
	// LineItems is the number of problem blocks of a paged list shown in
	// Lines (the generic cleaner's page); Page counts them.
	LineItems int `json:"-"`
	// LinesAfter is how many of the last of Lines are a merged part's
	// that comes after a part's failures (a build's log split off the
	// run behind it): its page lists them after the failures, and the
	// text shows them there too, so that it starts with the failures.
	LinesAfter int        `json:"-"`
	Omitted    []Omission `json:"omitted,omitempty"`
	Page       Page       `json:"pagination"`
	// Counted is false when no summary line or document gave the counts and
	// they are inferred from the failures seen.
	Counted bool `json:"-"`
	// Parts are the runs of each tool when the input held several (make
	// test running two runners); the report is then their merge.
	Parts []Part `json:"parts,omitempty"`
	// Unexplained counts lines of the input that signal a failure (FAIL,
	// not ok, a failed count, a non-zero exit) which the report does not
	// account for: its status cannot be PASS, and the lines are kept.
	Unexplained int `json:"unexplained,omitempty"`
	// Said is the status the tool's output gave, when failure signals it
	// does not account for made it FAIL (Unexplained).
	Said Status `json:"-"`
	// GuardNotes is how many of the last Notes say so: the failure
	// signals listed, and the line before them.
	GuardNotes int `json:"-"`
	// Delta, when set, compares the run with the previous run of the same
	// command: unchanged failures are then listed in one line each.
	Delta *Delta `json:"delta,omitempty"`

	spill *spill
	// pagedLines is set when the page counts blocks of lines, not
	// failures (a report with none, the generic cleaner's): MixesEntries.
	pagedLines bool
	parts      []*Report // the merged reports, whose failures Each walks
	// changeOf, when set, gives each failure Each walks its Change.
	changeOf func(Failure) string
	// flaky holds the places and names of the tests the tool listed as
	// flaky (Builder.MarkFlaky), a set: Each marks their failures, those
	// spilled to disk too, and a run may list thousands. flakyN counts
	// the listings, a test listed again (a repeated run) each time.
	flaky  map[flakyKey]bool
	flakyN int
}

// flakyKey is a flaky test's place and name.
type flakyKey struct {
	file string
	line int
	name string
}

// MaxPast is how many failures after the page a report names (Past): a
// page's worth and more, as many as the text can name within its budget.
const MaxPast = 100

// Named is f as a name only: its kind, location and name, the strings
// copied (f's may be views of a larger buffer).
func Named(f Failure) Failure {
	return Failure{Kind: f.Kind, Severity: f.Severity, File: strings.Clone(f.File), Line: f.Line,
		Name: strings.Clone(f.Name), Change: f.Change, Flaky: f.Flaky}
}

// addPast adds f to the failures named after the page, while there is
// room.
func (r *Report) addPast(f Failure) {
	if len(r.Past) < MaxPast {
		r.Past = append(r.Past, Named(f))
	}
}

// Shown is the number of failures on the page, in memory or spilled.
func (r *Report) Shown() int {
	n := len(r.Failures) + r.LineItems
	for _, p := range r.parts {
		n += p.Shown()
	}
	if r.spill != nil {
		n += r.spill.count
	}
	return n
}

// Held is the number of failures Each walks, counted without reading the
// spilled ones.
func (r *Report) Held() int {
	n := len(r.Failures)
	for _, p := range r.parts {
		n += p.Held()
	}
	if r.spill != nil {
		n += r.spill.count
	}
	return n
}

// Each calls fn for every failure on the page, in order: those in Failures,
// then those spilled to disk.
func (r *Report) Each(fn func(Failure) error) error { return r.each(false, fn) }

// EachView is Each for a reader that keeps nothing of a failure past its
// call: the strings and lists of a failure read back from disk are views
// of a buffer the next one is read into, which spares allocating each.
// What fn keeps of one it must copy.
func (r *Report) EachView(fn func(Failure) error) error { return r.each(true, fn) }

// each is Each, and EachView with views.
func (r *Report) each(views bool, fn func(Failure) error) error {
	if r.changeOf != nil {
		inner := fn
		fn = func(f Failure) error {
			f.Change = r.changeOf(f)
			return inner(f)
		}
	}
	if len(r.flaky) > 0 {
		inner := fn
		fn = func(f Failure) error {
			f.Flaky = f.Flaky || r.isFlaky(f)
			return inner(f)
		}
	}
	for _, f := range r.Failures {
		if err := fn(f); err != nil {
			return err
		}
	}
	if err := r.spill.read(views, fn); err != nil {
		return err
	}
	for _, p := range r.parts {
		if err := p.each(views, fn); err != nil {
			return err
		}
	}
	return nil
}

// Close releases the temporary files of spilled failures, if any.
func (r *Report) Close() {
	if r == nil {
		return
	}
	r.spill.close()
	for _, p := range r.parts {
		p.Close()
	}
}

// SuitesFailedToRun is the number of suites that failed before any test ran.
func (r *Report) SuitesFailedToRun() int {
	if r.Suites == nil {
		return 0
	}
	return r.Suites.Errors
}

// OmittedCount returns the count recorded for what, or 0.
func (r *Report) OmittedCount(what string) int {
	for _, o := range r.Omitted {
		if o.What == what {
			return o.Count
		}
	}
	return 0
}

// isFlaky reports whether f is the failed attempt of a test the tool
// listed as flaky: the same place and name.
func (r *Report) isFlaky(f Failure) bool {
	return r.flaky[flakyKey{f.File, f.Line, f.Name}]
}

// markFlaky sets Flaky on the failures held in memory (the page's, and
// those named past it) that are flaky tests' failed attempts.
func (r *Report) markFlaky() {
	for _, list := range [][]Failure{r.Failures, r.Past} {
		for i := range list {
			list[i].Flaky = list[i].Flaky || r.isFlaky(list[i])
		}
	}
}
