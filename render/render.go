// Package render turns a report into what the reader gets: flat llm text in
// the --llm RFC's format, or compact JSON. Rendering never reads input.
package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/report"
)

// Hints tell the reader how to get back what was left out.
type Hints struct {
	// Next is the exact command that shows the next page of failures.
	Next string
	// More is how to get more context per failure (verbose mode).
	More string
	// Raw is how to get the tool's raw output.
	Raw string
	// Verbose is --llm=verbose: the page keeps what the compact page says
	// once or leaves to the way back (the omitted line's every count and
	// the raw command beside the verbose one, diff legends and hunk
	// headers, an expected/received pair its message already states).
	Verbose bool
	// Fit, when set, cuts the page of llm text to a character budget.
	Fit *Fit
	// Group writes failures that share a cause (report.CauseKey) as one
	// block (see writeGroup).
	Group bool
	// Shown, when set, is given each failure the llm text shows in full
	// (or, unchanged, as the line that stands for what its reader read
	// before), once the page is decided: not one cut from the page, nor
	// one only named at its end. `terse run` records them: the next run
	// of the command shortens only what this reader read.
	Shown func(report.Failure)
}

// MaxLine caps one rendered line; the rest is replaced by a marker that says
// how much was cut. It keeps a minified blob from flooding the context.
const MaxLine = filters.MaxOutputLine

// LLM writes r as flat text: a summary line, then one block per failure;
// lint problems instead share one block per run of problems in a file, one
// line each. It streams: a page of any size costs a buffer, not the page.
// With h.Fit set, the page is cut to the reader's character budget instead
// (see fitLLM).
//
// The characters that reorder text are escaped (filters.Reordering), as in
// all of terse's shaped output.
func LLM(w io.Writer, r *report.Report, h Hints) error {
	ew := &filters.ReorderingWriter{W: w}
	if err := writeLLM(ew, r, h); err != nil {
		return err
	}
	return ew.Flush()
}

func writeLLM(w io.Writer, r *report.Report, h Hints) error {
	if h.Fit != nil && h.Fit.budget(r) > 0 {
		return fitLLM(w, r, h)
	}
	b := bufio.NewWriterSize(w, 64<<10)
	writeHead(b, r)
	shown := 0
	var prev *report.Failure
	err := eachEntry(r, h.Group, func(e []report.Failure) error {
		shown += entryCount(r, e)
		writeEntry(b, e, prev, r.Delta, h.Verbose)
		if h.Shown != nil {
			for _, f := range e {
				h.Shown(f)
			}
		}
		prev = &e[len(e)-1]
		return nil
	})
	if err != nil {
		return err
	}
	b.WriteString(linesAfter(r))
	// The problem blocks of a paged list of lines count as shown items,
	// a merged part's too.
	shown += r.LinesShown()
	writeTail(b, r, h, pageEnd{shown: shown, hasMore: r.Page.HasMore, next: h.Next})
	if err := b.Flush(); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// textWriter is where llm text is written: the output's buffer, or a
// block's own builder when a page is fitted to a budget.
type textWriter interface {
	WriteString(string) (int, error)
	WriteByte(byte) error
}

func writeLine(b textWriter, s string) {
	b.WriteString(clip(s))
	b.WriteByte('\n')
}

// writeHead writes the status line and the cleaned lines of a text report,
// but for those that go after its failures (linesAfter).
func writeHead(b textWriter, r *report.Report) {
	if s := StatusLine(r); s != "" {
		writeLine(b, s)
	}
	head, _ := r.SplitLines()
	for _, l := range head {
		writeLine(b, marginSafe(l))
	}
}

// linesAfter is the text of the lines of a merged report that its page
// lists after the failures (report.LinesAfter: a build's log split off
// the run behind it), after a blank line; "" for none. Before the
// failures, a log of 200 lines came first on the page, and the reader
// met the failures below it.
func linesAfter(r *report.Report) string {
	_, after := r.SplitLines()
	if len(after) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteByte('\n')
	for _, l := range after {
		writeLine(&b, marginSafe(l))
	}
	return b.String()
}

// writeBlock writes one failure; prev is the failure before it on the
// page, if any.
func writeBlock(b textWriter, f report.Failure, prev *report.Failure, d *report.Delta, verbose bool) {
	if d != nil && f.Change == report.ChangeUnchanged {
		writeUnchanged(b, f, prev, d)
		return
	}
	if f.Kind == report.KindLint {
		// Lint problems come many to a file: one header per run of
		// problems in the same file, then one line per problem.
		if prev == nil || prev.Kind != report.KindLint || prev.File != f.File {
			b.WriteByte('\n')
			writeLine(b, lintHeader(f))
		}
		writeLine(b, marginSafe(LintLine(f)))
		for _, d := range f.Details {
			writeLine(b, "  "+d)
		}
		return
	}
	b.WriteByte('\n')
	writeLine(b, header(f))
	if f.Message != "" {
		writeLine(b, marginSafe(f.Message))
	}
	if (f.Expected != "" || f.Received != "") && (verbose || !saidInMessage(f)) {
		writeLine(b, "expected: "+f.Expected)
		writeLine(b, "received: "+f.Received)
	}
	diff := f.Diff
	if !verbose {
		diff = compactDiff(diff)
	}
	for _, d := range diff {
		writeLine(b, marginSafe(d))
	}
	for _, d := range f.Details {
		if !verbose && atHeader(f, d) {
			continue
		}
		writeLine(b, marginSafe(d))
	}
	for _, fr := range f.Frames {
		writeLine(b, "  at "+fr.String())
	}
}

// pageEnd is what the end of the output says about the page: how many
// failures it showed, whether more follow, the command for the next page,
// and why the page was cut short of its limit, if it was.
type pageEnd struct {
	shown   int
	hasMore bool
	next    string
	cutWhy  string
	// off names the failures the page leaves out.
	off offPage
}

// writeTail writes the notes, the omitted line and the page's last line.
func writeTail(b textWriter, r *report.Report, h Hints, end pageEnd) {
	tail := false
	sep := func() {
		if !tail && end.shown > 0 {
			b.WriteByte('\n')
		}
		tail = true
	}
	if fl := fixedLine(r.Delta); fl != "" {
		sep()
		writeLine(b, fl)
	}
	for _, n := range r.Notes {
		sep()
		writeLine(b, n)
	}
	if om := OmittedLine(r, h); om != "" && ShowsOmitted(r) {
		sep()
		writeLine(b, om)
	}
	if end.hasMore {
		sep()
		rest := r.Page.Total - r.Page.Offset - end.shown
		b.WriteString(offPageLines(r, end.off, rest))
		one, many := pageNoun(r)
		msg := fmt.Sprintf("… %d more %s (shown %d-%d of %d", rest, plural(rest, one, many),
			r.Page.Offset+1, r.Page.Offset+end.shown, r.Page.Total)
		if end.cutWhy != "" {
			msg += "; " + end.cutWhy
		}
		msg += ")"
		if end.next != "" {
			msg += "; next page: " + end.next
		}
		writeLine(b, msg)
	} else if r.Page.Offset > 0 && end.shown == 0 && r.Page.Total > 0 {
		sep()
		_, many := pageNoun(r)
		writeLine(b, fmt.Sprintf("no %s at offset %d (%d in all)", many, r.Page.Offset, r.Page.Total))
	}
}

// pageNoun is what the items of r's page are called, one and many.
func pageNoun(r *report.Report) (one, many string) {
	switch {
	case r.Page.Grouped || r.MixesEntries():
		// A group of failures of one cause is one entry of the page,
		// and so is a block of lines of a merged run no profile claims.
		return "entry", "entries"
	case r.LineItems > 0, r.Lint != nil:
		return "problem", "problems"
	}
	return "failure", "failures"
}

// ShowsOmitted reports whether the llm text of r has an omitted line: a
// passing run is its one status line, unless it has lines or problems to show.
func ShowsOmitted(r *report.Report) bool {
	return len(r.Omitted) > 0 && (r.Status != report.StatusPass || len(r.Lines) > 0 || r.Shown() > 0)
}

// StatusLine is the first line: FAIL failed/total or PASS passed/total, with
// suites that failed to run and skipped or todo tests, and the change since
// the previous run of the command when the report has a delta.
func StatusLine(r *report.Report) string {
	s := statusLine(r)
	if s == "" {
		return ""
	}
	return s + deltaSuffix(r.Delta)
}

func statusLine(r *report.Report) string {
	if len(r.Parts) > 0 {
		return partsStatus(r)
	}
	if r.Unexplained > 0 && r.Status == report.StatusFail {
		// The tool's summary said PASS (or nothing ran); lines in the
		// output say otherwise.
		said := *r
		said.Status, said.Unexplained = report.StatusPass, 0
		if r.Said != "" {
			said.Status = r.Said
		}
		signals := fmt.Sprintf("%d %s unexplained", r.Unexplained, plural(r.Unexplained, "failure signal", "failure signals"))
		if s := statusLine(&said); s != "" {
			return fmt.Sprintf("FAIL status unknown: %s by the summary, %s", s, signals)
		}
		return "FAIL status unknown: no summary, " + signals
	}
	if r.Lint != nil && (r.Status == report.StatusPass || r.Status == report.StatusFail) {
		return string(r.Status) + " " + lintSummary(r.Lint)
	}
	if r.TestsPartial && r.Suites != nil && (r.Status == report.StatusPass || r.Status == report.StatusFail) {
		return partialStatus(r)
	}
	t := r.Tests
	var s string
	switch r.Status {
	case report.StatusPass:
		if t.Total == 0 {
			// The tool said it passed and counted nothing (prettier
			// --check names no file on a clean run): "0/0" would read
			// as a run that checked nothing.
			return "PASS"
		}
		s = fmt.Sprintf("PASS %d/%d", t.Passed, t.Total)
	case report.StatusFail:
		s = fmt.Sprintf("FAIL %d/%d", t.Failed, t.Total)
	case report.StatusNone:
		if !r.NoTestsRan {
			return ""
		}
		return noTestsStatus(r)
	default:
		return ""
	}
	return s + countsSuffix(r)
}

// countsSuffix is what the status line adds to the tests' count: suites
// that failed to run, tests that errored outside their body (pytest's setup
// and teardown errors, collection errors), then skipped and todo tests.
func countsSuffix(r *report.Report) string {
	t := r.Tests
	var s string
	if n := r.SuitesFailedToRun(); n > 0 {
		noun := "suite"
		if r.SuiteNoun != "" {
			noun = r.SuiteNoun
		}
		s += fmt.Sprintf(", %d %s failed to run", n, plural(n, noun, noun+"s"))
	}
	if n := silentSuites(r); n > 0 {
		s += fmt.Sprintf(", %d %s failed with no failure in the output", n, plural(n, "suite", "suites"))
	}
	if n := t.Errors; n > 0 {
		s += fmt.Sprintf(", %d %s", n, plural(n, "error", "errors"))
	}
	if n := outsideTests(r); n > 0 {
		s += fmt.Sprintf(", %d %s outside the tests", n, plural(n, "error", "errors"))
	}
	var extra []string
	if t.Flaky > 0 {
		extra = append(extra, fmt.Sprintf("%d flaky", t.Flaky))
	}
	if t.Skipped > 0 {
		extra = append(extra, fmt.Sprintf("%d skipped", t.Skipped))
	}
	if t.Todo > 0 {
		extra = append(extra, fmt.Sprintf("%d todo", t.Todo))
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

// silentSuites is how many suites the tool marked failed in a failed run
// that shows no failure, no failed test and no suite that failed to run
// (jest's "FAIL file" with the rest of its output cut off): nothing else on
// the status line says why it failed.
func silentSuites(r *report.Report) int {
	if r.Status != report.StatusFail || r.Suites == nil || r.Tests.Failed > 0 || r.SuitesFailedToRun() > 0 || r.Shown() > 0 || r.Page.Total > 0 {
		return 0
	}
	return r.Suites.Failed
}

// outsideTests is how many failures a failed run lists that no count of
// the status line accounts for: with no test failed, no error and no suite
// that failed to run, a run that failed in a global teardown would read
// "FAIL 0/2" and nothing more.
func outsideTests(r *report.Report) int {
	if r.Status != report.StatusFail || r.Tests.Failed > 0 || r.Tests.Errors > 0 || r.SuitesFailedToRun() > 0 {
		return 0
	}
	return r.Page.Total
}

// noTestsStatus is the first line of a run where no test matched:
// "NO TESTS RAN (3 packages, 1 without tests)".
func noTestsStatus(r *report.Report) string {
	if r.Suites == nil || r.Suites.Total == 0 {
		return "NO TESTS RAN"
	}
	noun := "suite"
	if r.SuiteNoun != "" {
		noun = r.SuiteNoun
	}
	s := fmt.Sprintf("NO TESTS RAN (%d %s", r.Suites.Total, plural(r.Suites.Total, noun, noun+"s"))
	if n := r.Suites.Skipped; n > 0 {
		s += fmt.Sprintf(", %d without tests", n)
	}
	return s + ")"
}

// partsStatus is the status line of a stream of several tools' runs: the
// merged status, then each tool's own.
// "FAIL pytest: PASS 11/14 (2 skipped); jest: FAIL 8/20".
func partsStatus(r *report.Report) string {
	each := make([]string, 0, len(r.Parts))
	for _, p := range r.Parts {
		s := statusLine(p.Report())
		if s == "" {
			s = strings.ToLower(string(p.Status))
		}
		each = append(each, p.Tool+": "+s)
	}
	return string(r.Status) + " " + strings.Join(each, "; ")
}

// OmittedLine counts everything left out, in one line, with the way back.
// The compact page adds its counts of lines into one and names one way
// back, the verbose page (its More): a reader of a pipe knows the command
// without terse, and `terse run` names its raw log on a line of its own.
// --llm=verbose (h.Verbose) says every count and the raw command.
func OmittedLine(r *report.Report, h Hints) string {
	if len(r.Omitted) == 0 {
		return ""
	}
	counts := r.Omitted
	if !h.Verbose {
		counts = compactCounts(counts)
	}
	parts := make([]string, 0, len(counts))
	for _, o := range counts {
		parts = append(parts, fmt.Sprintf("%d %s", o.Count, countNoun(o.Count, o.What)))
	}
	s := "omitted: " + strings.Join(parts, ", ")
	var back []string
	if h.More != "" {
		back = append(back, "more: "+h.More)
	}
	if h.Raw != "" && (h.Verbose || h.More == "") {
		back = append(back, "raw: "+h.Raw)
	}
	if len(back) > 0 {
		s += " (" + strings.Join(back, "; ") + ")"
	}
	return s
}

func header(f report.Failure) string {
	loc := f.File
	if loc == "" {
		loc = "(unknown file)"
	}
	if f.Line > 0 {
		loc += ":" + strconv.Itoa(f.Line)
	}
	if f.Name != "" {
		loc += " " + strconv.Quote(f.Name)
	}
	if f.Flaky {
		loc += FlakyMark
	}
	return "--- " + loc
}

// FlakyMark ends the header of a flaky test's failure (report.Failure.Flaky):
// the tool lists it with the failures, and the status line counts it passed.
const FlakyMark = " (flaky: passed on retry)"

// partialStatus is the first line when only failing tests are known (go
// test without -v): failures and suites, never a made-up total.
// "FAIL 6 failed tests in 3/5 packages, 1 package failed to run".
func partialStatus(r *report.Report) string {
	noun := "suite"
	if r.SuiteNoun != "" {
		noun = r.SuiteNoun
	}
	nouns := noun + "s"
	su := r.Suites
	var parts []string
	if r.Status == report.StatusPass {
		parts = append(parts, fmt.Sprintf("%d %s", su.Total, plural(su.Total, noun, nouns)))
	}
	if n := r.Tests.Failed; n > 0 {
		parts = append(parts, fmt.Sprintf("%d failed %s in %d/%d %s", n, plural(n, "test", "tests"),
			su.Failed-su.Errors, su.Total, plural(su.Total, noun, nouns)))
	}
	if n := su.Errors; n > 0 {
		if r.Tests.Failed > 0 {
			parts = append(parts, fmt.Sprintf("%d %s failed to run", n, plural(n, noun, nouns)))
		} else {
			parts = append(parts, fmt.Sprintf("%d/%d %s failed to run", n, su.Total, plural(su.Total, noun, nouns)))
		}
	}
	if len(parts) == 0 {
		parts = append(parts, fmt.Sprintf("%d %s", su.Total, plural(su.Total, noun, nouns)))
	}
	s := string(r.Status) + " " + strings.Join(parts, ", ")
	if su.Skipped > 0 {
		s += fmt.Sprintf(" (%d without tests)", su.Skipped)
	}
	return s
}

// lintSummary says a lint run's counts the way eslint does: "5 problems
// (3 errors, 2 warnings) in 2 files".
func lintSummary(l *report.Lint) string {
	n := l.Errors + l.Warnings + l.Notes
	s := fmt.Sprintf("%d %s", n, plural(n, "problem", "problems"))
	if n > 0 {
		s += fmt.Sprintf(" (%d %s, %d %s", l.Errors, plural(l.Errors, "error", "errors"),
			l.Warnings, plural(l.Warnings, "warning", "warnings"))
		if l.Notes > 0 {
			s += fmt.Sprintf(", %d %s", l.Notes, plural(l.Notes, "note", "notes"))
		}
		s += ")"
	}
	switch {
	case n > 0 && l.FilesWithProblems > 0:
		s += fmt.Sprintf(" in %d %s", l.FilesWithProblems, plural(l.FilesWithProblems, "file", "files"))
		if l.Files > 0 {
			s += fmt.Sprintf(" of %d", l.Files)
		}
	case l.Files > 0:
		s += fmt.Sprintf(" in %d %s", l.Files, plural(l.Files, "file", "files"))
	}
	return s
}

func lintHeader(f report.Failure) string {
	if f.File == "" {
		return "--- (unknown file)"
	}
	return "--- " + f.File
}

// LintLine is one lint problem under its file's header:
// "12:5 error no-unused-vars 'x' is defined but never used". The rule id,
// when there is one, is a single word, so the message follows it unquoted.
func LintLine(f report.Failure) string {
	var parts []string
	if f.Line > 0 {
		loc := strconv.Itoa(f.Line)
		if f.Column > 0 {
			loc += ":" + strconv.Itoa(f.Column)
		}
		parts = append(parts, loc)
	}
	if f.Severity != "" {
		parts = append(parts, f.Severity)
	}
	if f.Name != "" {
		parts = append(parts, f.Name)
	}
	if f.Message != "" {
		parts = append(parts, f.Message)
	}
	return strings.Join(parts, " ")
}

// clip is the one rule for long and invalid lines in all of terse's output.
func clip(s string) string { return filters.ClipLine(s) }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// JSON writes r as compact JSON without null or empty fields (indented when
// pretty), followed by a newline. Compact output streams the failures, so a
// page of any size costs a buffer; pretty output (for people) is built whole.
// With h.Group, failures of one cause share one entry of "groups" (see
// writeGroup); with a token budget (h.Fit from TokenFit), the page holds the
// entries that fit (see fitJSON).
//
// The characters that reorder text are escaped (filters.Reordering).
func JSON(w io.Writer, r *report.Report, h Hints, pretty bool) error {
	ew := &filters.ReorderingWriter{W: w}
	if err := writeJSON(ew, r, h, pretty); err != nil {
		return err
	}
	return ew.Flush()
}

func writeJSON(w io.Writer, r *report.Report, h Hints, pretty bool) error {
	if pretty {
		// For people reading: the compact document, indented.
		var compact, out bytes.Buffer
		if err := JSON(&compact, r, h, false); err != nil {
			return err
		}
		if err := json.Indent(&out, bytes.TrimRight(compact.Bytes(), "\n"), "", "  "); err != nil {
			return fmt.Errorf("indenting report: %w", err)
		}
		out.WriteByte('\n')
		if _, err := w.Write(out.Bytes()); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
		return nil
	}
	if h.Fit != nil && h.Fit.Measure != nil && h.Fit.budget(r) > 0 {
		return fitJSON(w, r, h)
	}
	b := bufio.NewWriterSize(w, 64<<10)
	hd, err := marshal(jsonHead{Report: r}, false)
	if err != nil {
		return fmt.Errorf("encoding report: %w", err)
	}
	b.Write(hd[:len(hd)-1]) // without its closing brace
	var groups []jsonGroup
	n := 0
	err = eachJSONEntry(r, h.Group, func(e []report.Failure) error {
		items, g, err := jsonEntry(e, len(groups)+1)
		if err != nil {
			return err
		}
		if g != nil {
			groups = append(groups, *g)
		}
		for _, item := range items {
			if n == 0 {
				b.WriteString(`,"failures":[`)
			} else {
				b.WriteByte(',')
			}
			n++
			b.Write(item)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if n > 0 {
		b.WriteByte(']')
	}
	tail := newJSONTail(r, h)
	tail.Groups = groups
	if err := writeJSONTail(b, tail); err != nil {
		return err
	}
	if err := b.Flush(); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// newJSONTail is the part of the document after the failures.
func newJSONTail(r *report.Report, h Hints) jsonTail {
	tail := jsonTail{Notes: r.Notes, Lines: r.Lines}
	if r.Status != report.StatusPass {
		// A passing run is its counts; the passed tests are implied.
		tail.Omitted = orderedCounts(r.Omitted)
	}
	if r.Page.Total > 0 {
		p := r.Page
		tail.Pagination = &p
		if p.HasMore {
			tail.Next = h.Next
		}
	}
	if len(tail.Omitted) > 0 {
		tail.Raw = h.Raw
	}
	return tail
}

// writeJSONTail closes the document with the tail's fields.
func writeJSONTail(b *bufio.Writer, tail jsonTail) error {
	tl, err := marshal(tail, false)
	if err != nil {
		return fmt.Errorf("encoding report: %w", err)
	}
	if len(tl) > 2 { // not {}
		b.WriteByte(',')
		b.Write(tl[1:]) // without its opening brace
	} else {
		b.WriteByte('}')
	}
	b.WriteByte('\n')
	return nil
}

// jsonHead and jsonTail are the parts of the JSON report before and after
// the failures, which are streamed between them. The head is the report
// itself with the fields the tail writes hidden (a nil field of the same JSON
// name at a shallower depth wins and is omitted), so every other field of the
// report, present or added later, is written.
type jsonHead struct {
	*report.Report
	Failures *struct{} `json:"failures,omitempty"`
	Notes    *struct{} `json:"notes,omitempty"`
	Lines    *struct{} `json:"lines,omitempty"`
	Omitted  *struct{} `json:"omitted,omitempty"`
	Page     *struct{} `json:"pagination,omitempty"`
}

type jsonTail struct {
	// Groups are the causes that several failures share; each of those
	// failures names its group by id.
	Groups     []jsonGroup   `json:"groups,omitempty"`
	Notes      []string      `json:"notes,omitempty"`
	Lines      []string      `json:"lines,omitempty"`
	Pagination *report.Page  `json:"pagination,omitempty"`
	Omitted    orderedCounts `json:"omitted,omitempty"`
	Next       string        `json:"next,omitempty"`
	// Cut says why the page holds fewer failures than it could (a token
	// budget).
	Cut string `json:"cut,omitempty"`
	Raw string `json:"raw,omitempty"`
}

// marshal encodes without HTML escaping (an agent reads "<" better than "\u003c").
func marshal(v any, pretty bool) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if pretty {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// orderedCounts is a JSON object whose keys keep their order.
type orderedCounts []report.Omission

// MarshalJSON writes {"what":count,...} in order.
func (o orderedCounts) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshal(e.What, false)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(e.Count))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// countNoun puts an omission's plural name ("timing lines", "NUL bytes")
// in the singular for a count of one, as the report's key says it.
func countNoun(n int, what string) string { return report.OmissionKey(what).Noun(n) }
