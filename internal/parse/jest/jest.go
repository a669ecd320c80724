// Package jest reads the output of the jest test runner: its default and
// --verbose reporters, and the per-file failure text its --json document
// carries.
package jest

import (
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

var (
	jestCountRe    = filters.Lazy(`(\d+) (failed|passed|skipped|todo|pending|total|obsolete|written|updated|removed|file removed|files removed)`)
	jestSyntaxRe   = filters.Lazy(`^(SyntaxError): (/\S+?|\S+?): (.*?) \((\d+):(\d+)\)$`)
	jestHookRe     = filters.Lazy(`\b(beforeAll|afterAll|beforeEach|afterEach)\(`)
	jestConsoleRe  = filters.Lazy(`^  console\.[a-z]+$`)
	jestTestCallRe = filters.Lazy(`\b(test|it)(\.each|\.only|\.skip)?[(\x60]`)
	// An exception printed at the margin, outside any ● block: what a
	// failing globalSetup or globalTeardown, or a crashed worker, leaves.
	jestLooseErrorRe = filters.Lazy(`^(?:[A-Z]\w*)?(?:Error|Exception)(?: \[\w+\])?: \S`)
	// Words that make an unrecognised line worth keeping past the note budget.
	jestErrorWordRe = filters.Lazy(`(?i)\b(?:error|exception|fatal|failed|failure|E[A-Z]{4,}|ERR_\w+)\b`)
	// The location line of a "Details:" section: "/abs/src/util.ts:11".
	jestDetailsLocRe = filters.Lazy(`^(\S+\.[cm]?[jt]sx?|\S+\.\w+):(\d+)$`)
)

// jestParser is a line-driven state machine over jest's default and
// --verbose reporter output. It is also fed the per-file failure text that
// jest's --json document carries, which is the same text.
type jestParser struct {
	b   *report.Builder
	opt parse.Options

	file     string   // the test file of the current FAIL/PASS line
	block    []string // lines of the failure block being read
	title    string
	inBlock  bool
	loose    bool // the block is an error printed outside any test file
	console  bool // inside a "● Console" block
	repeated bool // inside "Summary of all failing tests": repeats
	// emitted counts the failures shown per file and name, so that the
	// summary's copy of each is dropped and one only it has is kept.
	emitted  map[string]int
	notes    int
	suites   report.Counts // suites seen, used when no summary
	summary  bool
	fromJSON bool // fed from the --json document, whose counts are exact
}

func newJestParser(b *report.Builder, opt parse.Options) *jestParser {
	return &jestParser{b: b, opt: opt, emitted: map[string]int{}}
}

// Parse reads jest's text output into b.
func Parse(lr *filters.LineReader, b *report.Builder, opt parse.Options) error {
	p := newJestParser(b, opt)
	if err := lr.EachClean(p.feed); err != nil {
		return err
	}
	p.end()
	return nil
}

func (p *jestParser) end() {
	p.flush()
	if !p.summary && (p.suites.Total > 0) {
		p.b.AddSuites(p.suites)
	}
}

// suiteLine reads a suite's "PASS file (1.2 s)" or "FAIL file" line: the
// status and the file, without the duration. It is the pattern
// `^\s*(PASS|FAIL)\s+(\S.*?)(?:\s+\(\d[\d.]*\s*m?s\))?\s*$` (the test
// that checks the two agree holds it) written by hand: it runs on every
// line, and as a regexp it was the costliest test of jest's parser.
func suiteLine(line string) (status, file string, ok bool) {
	i := skipSpace(line, 0)
	status = line[i:min(i+4, len(line))]
	if status != "PASS" && status != "FAIL" {
		return "", "", false
	}
	j := skipSpace(line, i+4)
	if j == i+4 || j == len(line) {
		return "", "", false
	}
	file = trimSpaceRight(line[j:])
	// A duration ends the line: the last "(" opens it, and the name
	// before it (at least its first character) is the file.
	if k := strings.LastIndexByte(file, '('); k > 0 && file[len(file)-1] == ')' && isDuration(file[k+1:len(file)-1]) {
		if name := trimSpaceRight(file[:k]); len(name) < k {
			file = name
		}
	}
	return status, file, true
}

// isDuration recognises jest's "1.234 s" and "12 ms": \d[\d.]*\s*m?s.
func isDuration(d string) bool {
	if d == "" || d[0] < '0' || d[0] > '9' {
		return false
	}
	i := 1
	for i < len(d) && (d[i] == '.' || d[i] >= '0' && d[i] <= '9') {
		i++
	}
	i = skipSpace(d, i)
	return d[i:] == "s" || d[i:] == "ms"
}

// skipSpace skips what \s matches in Go's regexps: ASCII space, tab,
// newline, form feed, carriage return.
func skipSpace(l string, i int) int {
	for i < len(l) && isSpace(l[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// trimSpaceRight drops the \s characters that end l.
func trimSpaceRight(l string) string {
	n := len(l)
	for n > 0 && isSpace(l[n-1]) {
		n--
	}
	return l[:n]
}

// onSuiteLine starts a suite: its file names the failures that follow.
func (p *jestParser) onSuiteLine(status, file string) {
	p.flush()
	p.file = file
	if p.repeated {
		// The failure summary names each failing file again.
		return
	}
	p.suites.Total++
	if status == "PASS" {
		p.suites.Passed++
	} else {
		p.suites.Failed++
	}
}

// feed reads one line: a heading that starts or ends a block, a line of
// the block or console output being read, or a line at the report's
// margin.
func (p *jestParser) feed(line string) {
	if p.heading(line) {
		return
	}
	if (p.inBlock || p.console) && line != "" && !strings.HasPrefix(line, "  ") {
		// Blocks are indented; a line at the margin ends one.
		p.flush()
	}
	switch {
	case p.console:
		if t := filters.TrimSpace(line); strings.HasPrefix(t, "console.") && !strings.Contains(t, " ") {
			p.b.OmitKey(report.OmitConsoleBlocks, 1)
		}
	case p.inBlock:
		p.block = append(p.block, line)
	case p.repeated:
	default:
		p.margin(line)
	}
}

// heading reads the lines that end the block being read: a suite's
// PASS/FAIL line, the start of streamed console output, a "●" title and
// the closing tallies. It reports whether line was one.
func (p *jestParser) heading(line string) bool {
	if status, file, ok := suiteLine(line); ok {
		p.onSuiteLine(status, file)
		return true
	}
	if strings.HasPrefix(line, "  console.") && jestConsoleRe.MatchString(line) {
		// --verbose streams console output at the margin of the report,
		// outside any ● block.
		p.flush()
		p.console = true
		p.b.OmitKey(report.OmitConsoleBlocks, 1)
		return true
	}
	if title, ok := strings.CutPrefix(line, "  ● "); ok {
		p.flush()
		p.blockTitle(title)
		return true
	}
	if p.summaryLine(line) {
		p.flush()
		return true
	}
	return false
}

// blockTitle starts the block a "●" line names: a failure, a console
// block, or in the failure summary a repeat of a failure already shown,
// which is dropped and counted.
func (p *jestParser) blockTitle(title string) {
	key := p.file + "\x00" + title
	if p.repeated && p.emitted[key] > 0 {
		p.emitted[key]--
		p.b.OmitKey(report.OmitRepeatedSummaries, 1)
		p.inBlock, p.console = false, false
		return
	}
	if title == "Console" {
		p.console = true
		return
	}
	p.inBlock, p.title = true, title
}

// verboseMarks are the marks of --verbose's per-test lines.
var verboseMarks = []string{"✓ ", "✕ ", "○ ", "✎ ", "√ ", "× "}

// isVerboseLine reports whether line is a per-test line of --verbose,
// `^\s+(✓|✕|○|✎|√|×) ` (jestVerboseRe, kept in verbose_test.go): a
// margin of white bytes, a mark, a space. A byte scan: it runs on every
// line outside a failure block.
func isVerboseLine(line string) bool {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\n' || line[i] == '\f' || line[i] == '\r') {
		i++
	}
	if i == 0 {
		return false
	}
	for _, m := range verboseMarks {
		if strings.HasPrefix(line[i:], m) {
			return true
		}
	}
	return false
}

// margin reads a line outside any block: per-test lines and headings the
// tallies make redundant, notes, and an exception that no block holds.
func (p *jestParser) margin(line string) {
	t := filters.TrimSpace(line)
	switch {
	case t == "":
	case strings.HasPrefix(line, "  ") && isVerboseLine(line):
		// The per-test lines of --verbose: the counts say the same.
		p.b.OmitKey(report.OmitPerTestLines, 1)
	case strings.HasPrefix(t, "Summary of all failing tests"):
		p.repeated = true
	case strings.HasPrefix(t, "Time:"):
		// The run's duration: not a count the summary repeats, so counted.
		p.b.OmitKey(report.OmitTimingLines, 1)
	case t == "Snapshot Summary":
		// Ends the failure summary, if there was one.
		p.repeated = false
	case strings.HasPrefix(t, "Ran all test suites"), isSnapshotTally(t):
		// A heading, and per-file snapshot tallies the summary repeats.
	case strings.HasPrefix(t, "› "):
		p.b.Note(strings.TrimPrefix(t, "› "))
	case strings.HasPrefix(line, `{"numFailedTestSuites":`):
		// The --json document, merged into the stream by 2>&1: the text
		// report around it says the same, and a piece of it cut to a
		// note's width would be noise.
		p.b.OmitKey(report.OmitJSONDocumentLines, 1)
	case jestLooseErrorRe.MatchString(line):
		// An exception at the margin is a failure of the run (jest exits
		// non-zero), whatever the tallies above it said.
		p.flush()
		p.inBlock, p.loose, p.block = true, true, append(p.block, line)
	case isJestDescribeLine(line):
		p.b.OmitKey(report.OmitPerTestLines, 1)
	default:
		p.note(t)
	}
}

// isSnapshotTally recognises a per-file snapshot tally ("› 1 snapshot
// written."), which the Snapshots line repeats; a line that says where
// something comes from ("from") is not one.
func isSnapshotTally(t string) bool {
	return strings.HasPrefix(t, "› ") && strings.Contains(t, "snapshot") && !strings.Contains(t, "from")
}

// note keeps an unrecognised line, up to a budget (none in verbose mode,
// which the "more:" hint promises brings them back); a line that reads like
// an error is kept past it, as it may be the only sign of what went wrong.
func (p *jestParser) note(t string) {
	p.notes++
	if p.notes <= 10 || p.opt.Verbose || jestErrorWordRe.MatchString(t) {
		p.b.Note(t)
		return
	}
	p.b.OmitKey(report.OmitOtherLines, 1)
}

// isJestDescribeLine recognises the describe-group headings --verbose prints
// under a suite line: indented plain text with no punctuation of an error.
func isJestDescribeLine(line string) bool {
	return strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "   ●") && !strings.Contains(line, ":")
}

// summaryLine reads jest's closing tallies. Several runs concatenated (a
// multi-project run, a log of repeated runs) add up.
func (p *jestParser) summaryLine(line string) bool {
	var kind string
	switch {
	case strings.HasPrefix(line, "Tests:"):
		kind = "tests"
	case strings.HasPrefix(line, "Test Suites:"):
		kind = "suites"
	case strings.HasPrefix(line, "Snapshots:"):
		kind = "snapshots"
	default:
		return false
	}
	var c report.Counts
	failedSnap := 0
	for _, m := range jestCountRe.FindAllStringSubmatch(line, -1) {
		n, _ := strconv.Atoi(m[1])
		switch m[2] {
		case "failed":
			c.Failed = n
			failedSnap = n
		case "passed":
			c.Passed = n
		case "skipped", "pending":
			c.Skipped += n
		case "todo":
			c.Todo = n
		case "total":
			c.Total = n
		}
	}
	switch kind {
	case "tests":
		p.b.AddTests(c)
		p.b.OmitKey(report.OmitPassedTests, c.Passed)
		p.summary = true
	case "suites":
		p.b.AddSuites(c)
		p.summary = true
	case "snapshots":
		if failedSnap > 0 {
			p.b.Note(strings.Join(strings.Fields(line), " "))
		}
	}
	p.repeated = false
	return true
}

// isCodeFrameLine recognises the lines of jest's code-frame windows, trimmed:
// "> 13 |   expect(x)", "12 |", and the caret line "|     ^".
func isCodeFrameLine(t string) bool {
	if strings.HasPrefix(t, ">") {
		t = strings.TrimLeft(t[1:], " ")
	}
	n := 0
	for n < len(t) && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	rest := t[n:]
	if n > 0 {
		return rest == " |" || strings.HasPrefix(rest, " | ")
	}
	if !strings.HasPrefix(rest, "|") {
		return false
	}
	return strings.Trim(rest[1:], " ^") == ""
}

// flush turns the block read so far into a failure.
func (p *jestParser) flush() {
	if p.inBlock {
		p.emit(p.title, p.block)
	}
	p.inBlock, p.console, p.loose = false, false, false
	p.block = p.block[:0]
	p.title = ""
}

func (p *jestParser) emit(title string, lines []string) {
	if p.loose {
		// Outside any test file: the frames place it, if any is the user's.
		f := report.Failure{Kind: report.KindError}
		analyzeBlock(&f, lines, p.b, p.opt)
		p.b.AddFailure(f)
		return
	}
	p.emitted[p.file+"\x00"+title]++
	f := report.Failure{Kind: report.KindAssertion, File: p.file, Name: title}
	if title == "Test suite failed to run" {
		f.Kind = report.KindSuite
		if !p.fromJSON {
			p.b.AddSuites(report.Counts{Errors: 1})
		}
	}
	analyzeBlock(&f, dedent(lines, 4), p.b, p.opt)
	p.b.AddFailure(f)
}

func dedent(lines []string, n int) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		k := 0
		for k < n && k < len(l) && l[k] == ' ' {
			k++
		}
		out[i] = l[k:]
	}
	return out
}
