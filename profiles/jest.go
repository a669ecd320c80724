package profiles

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/terse-dev/terse/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

var (
	jestSuiteRe    = filters.Lazy(`^\s*(PASS|FAIL)\s+(\S.*?)(?:\s+\(\d[\d.]*\s*m?s\))?\s*$`)
	jestCountRe    = filters.Lazy(`(\d+) (failed|passed|skipped|todo|pending|total|obsolete|written|updated|removed|file removed|files removed)`)
	jestVerboseRe  = filters.Lazy(`^\s+(✓|✕|○|✎|√|×) `)
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

func parseJestText(lr *filters.LineReader, b *report.Builder, opt parse.Options) error {
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

// looksLikeSuiteLine is a cheap test before the regexp: most lines are not.
func looksLikeSuiteLine(line string) bool {
	t := strings.TrimLeft(line, " ")
	return strings.HasPrefix(t, "PASS") || strings.HasPrefix(t, "FAIL")
}

func (p *jestParser) suiteLine(m []string) {
	p.flush()
	p.file = m[2]
	if p.repeated {
		// The failure summary names each failing file again.
		return
	}
	p.suites.Total++
	if m[1] == "PASS" {
		p.suites.Passed++
	} else {
		p.suites.Failed++
	}
}

func (p *jestParser) feed(line string) {
	if looksLikeSuiteLine(line) {
		if m := jestSuiteRe.FindStringSubmatch(line); m != nil {
			p.suiteLine(m)
			return
		}
	}
	if strings.HasPrefix(line, "  console.") && jestConsoleRe.MatchString(line) {

		// --verbose streams console output at the margin of the report,
		// outside any ● block.
		p.flush()
		p.console = true
		p.b.Omit("console blocks", 1)
		return
	}
	if strings.HasPrefix(line, "  ● ") {
		m := []string{line, line[len("  ● "):]}
		p.flush()
		if p.repeated && p.emitted[p.file+"\x00"+m[1]] > 0 {
			p.emitted[p.file+"\x00"+m[1]]--
			p.b.Omit("repeated failure summaries", 1)
			p.inBlock, p.console = false, false
			return
		}
		if m[1] == "Console" {
			p.console = true
			return
		}
		p.inBlock, p.title = true, m[1]
		return
	}
	if p.summaryLine(line) {
		p.flush()
		return
	}
	if (p.inBlock || p.console) && line != "" && !strings.HasPrefix(line, "  ") {
		// Blocks are indented; a line at the margin ends one.
		p.flush()
	}
	if p.console {
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "console.") && !strings.Contains(t, " ") {
			p.b.Omit("console blocks", 1)
		}
		return
	}
	if p.inBlock {
		p.block = append(p.block, line)
		return
	}
	if p.repeated {
		return
	}
	t := strings.TrimSpace(line)
	switch {
	case t == "":
	case strings.HasPrefix(line, "  ") && jestVerboseRe.MatchString(line):
		// The per-test lines of --verbose: the counts say the same.
		p.b.Omit("per-test lines", 1)
	case strings.HasPrefix(t, "Summary of all failing tests"):
		p.repeated = true
	case strings.HasPrefix(t, "Time:"):
		// The run's duration: not a count the summary repeats, so counted.
		p.b.Omit("timing lines", 1)
	case t == "Snapshot Summary":
		// Ends the failure summary, if there was one.
		p.repeated = false
	case strings.HasPrefix(t, "Ran all test suites"),
		strings.HasPrefix(t, "› ") && strings.Contains(t, "snapshot") && !strings.Contains(t, "from"):
		// A heading, and per-file snapshot tallies the summary repeats.
	case strings.HasPrefix(t, "› "):
		p.b.Note(strings.TrimPrefix(t, "› "))
	case strings.HasPrefix(line, `{"numFailedTestSuites":`):
		// The --json document, merged into the stream by 2>&1: the text
		// report around it says the same, and a piece of it cut to a
		// note's width would be noise.
		p.b.Omit("--json document lines", 1)
	case jestLooseErrorRe.MatchString(line):
		// An exception at the margin is a failure of the run (jest exits
		// non-zero), whatever the tallies above it said.
		p.flush()
		p.inBlock, p.loose, p.block = true, true, append(p.block, line)
	default:
		if isJestDescribeLine(line) {
			p.b.Omit("per-test lines", 1)
			return
		}
		p.note(t)
	}
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
	p.b.Omit("other lines", 1)
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
		p.b.Omit("passed tests", c.Passed)
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
		analyzeJestBlock(&f, lines, p.b, p.opt)
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
	analyzeJestBlock(&f, dedent(lines, 4), p.b, p.opt)
	p.b.AddFailure(f)
}

// analyzeJestMessages parses the per-file failure text of jest's --json
// document. The document names files absolutely and the text relative to
// jest's root directory; the root is found from any file whose text has a
// frame in it, and applied to all.
func analyzeJestMessages(items []parse.JSONFailure, b *report.Builder, opt parse.Options) {
	root := ""
	for _, it := range items {
		if r := jestRoot(it.File, it.Text); r != "" {
			root = r
			break
		}
	}
	for _, it := range items {
		if it.Text == "" {
			b.AddFailure(it.Failure)
			continue
		}
		p := newJestParser(b, opt)
		p.summary, p.fromJSON = true, true
		p.file = opt.Rel(it.File)
		if root != "" && strings.HasPrefix(it.File, root) {
			p.file = strings.TrimPrefix(it.File, root)
		}
		for _, l := range strings.Split(it.Text, "\n") {
			p.feed(filters.CleanLine(l))
		}
		p.flush()
	}
}

// jestRoot returns the directory that makes the absolute test file name the
// relative path the text's frames use ("/x/proj/" for "/x/proj/a.test.js"
// and a frame in "a.test.js").
func jestRoot(file, text string) string {
	if !filepath.IsAbs(file) {
		return ""
	}
	for _, l := range strings.Split(text, "\n") {
		if fr, ok := filters.ParseJSFrame(l); ok && fr.File != "" && !filepath.IsAbs(fr.File) &&
			strings.HasSuffix(file, "/"+fr.File) {
			return strings.TrimSuffix(file, fr.File)
		}
	}
	return ""
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

// analyzeJestBlock fills f from the lines of one "●" block: the message,
// Expected/Received, the diff, details, and the frames in user code.
func analyzeJestBlock(f *report.Failure, lines []string, b *report.Builder, opt parse.Options) {
	var (
		frames   []report.Frame
		diff     []string
		inDiff   bool
		details  []string
		code     int
		hook     bool
		call     string // the last test or hook call seen in a code window
		boiler   int
		seenText = map[string]bool{}
	)
	if loc, rest, hint, src, ok := jestDetails(lines, opt); ok {
		// The cause's location comes first: the frames below it are the
		// require chain that reached the file.
		frames = append(frames, loc)
		lines, boiler, code = rest, hint, src
	}
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if isCodeFrameLine(t) {
			code++
			// Cheap substring tests first: code lines are many.
			if strings.Contains(l, "All(") || strings.Contains(l, "Each(") {
				if jestHookRe.MatchString(l) {
					call = "hook"
				}
			}
			// A test call after a hook call means the marked line is in
			// the test, not the hook; only worth checking after a hook.
			if call == "hook" && (strings.Contains(l, "test") || strings.Contains(l, "it(") || strings.Contains(l, "it.")) &&
				jestTestCallRe.MatchString(l) {
				call = "test"
			}
			if strings.HasPrefix(t, ">") && call == "hook" {
				hook = true
			}
			continue
		}
		call = ""
		if fr, ok := filters.ParseJSFrame(l); ok {
			inDiff = false
			frames = append(frames, fr)
			continue
		}
		if inDiff {
			if t == "" {
				// A blank line follows the header; the next one ends the diff.
				if len(diff) > 0 && !isDiffHeader(diff[len(diff)-1]) {
					inDiff = false
				}
				continue
			}
			diff = append(diff, strings.TrimRight(l, " "))
			continue
		}
		if t == "" {
			continue
		}
		if ok, starts := matcherLine(l, t, f, &diff); ok {
			inDiff = inDiff || starts
			continue
		}
		switch {
		case t == "Cause:":
			continue
		case strings.HasPrefix(t, "Add a timeout value to this test"),
			strings.HasPrefix(t, "Jest encountered an unexpected token"),
			strings.HasPrefix(t, "Require stack:"):
			boiler++
			continue
		}
		if f.Message == "" {
			f.Message = jestMessage(t, f, opt)
			seenText[t] = true
			continue
		}
		if seenText[t] || jestMessage(t, &report.Failure{}, opt) == f.Message {
			continue // the Cause: section repeats the message
		}
		seenText[t] = true
		details = append(details, t)
	}
	if code > 0 {
		b.Omit("code-frame lines", code)
	}
	if boiler > 0 {
		b.Omit("jest hint lines", boiler)
	}
	if hook {
		f.Kind = report.KindHook
	}
	if limit := opt.DetailLimit(); len(details) > limit {
		b.Omit("message lines", len(details)-limit)
		details = details[:limit]
	}
	f.Details = details
	if len(diff) > 0 {
		kept, dropped := filters.TrimDiff(diff, opt.DiffContext())
		f.Diff = kept
		b.Omit("unchanged diff lines", dropped)
		if strings.HasPrefix(diff[0], "- Snapshot") && f.Kind == report.KindAssertion {
			f.Kind = report.KindSnapshot
		}
	}
	parse.PlaceFailure(f, frames, b, opt, true)
}

// jestDetails reads the "Jest encountered an unexpected token" form of a
// suite that failed to run: nine or more lines of advice, then "Details:"
// with the location of the cause ("/abs/src/util.ts:11"), the source line
// and a caret, and the error. It returns the location as a frame, the lines
// from the error on, and the number of advice and source lines it dropped.
func jestDetails(lines []string, opt parse.Options) (loc report.Frame, rest []string, hint, src int, ok bool) {
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i == len(lines) || strings.TrimSpace(lines[i]) != "Jest encountered an unexpected token" {
		return loc, nil, 0, 0, false
	}
	for ; i < len(lines) && strings.TrimSpace(lines[i]) != "Details:"; i++ {
		if strings.TrimSpace(lines[i]) != "" {
			hint++
		}
	}
	if i == len(lines) {
		return loc, nil, 0, 0, false
	}
	for i++; i < len(lines) && strings.TrimSpace(lines[i]) == ""; i++ {
	}
	if i < len(lines) {
		if m := jestDetailsLocRe.FindStringSubmatch(strings.TrimSpace(lines[i])); m != nil {
			n, _ := strconv.Atoi(m[2])
			loc = report.Frame{File: opt.Rel(m[1]), Line: n}
			// The source line and its caret, up to the blank line
			// before the error.
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
				src++
			}
		}
	}
	return loc, lines[i:], hint, src, loc.File != ""
}

// diffLegend keeps the sign and side of a diff header ("- Expected  - 2"
// becomes "- Expected"): the counts repeat what the lines show.
func diffLegend(t string) string {
	if i := strings.Index(t, "  "); i > 0 {
		return t[:i]
	}
	return t
}

func isDiffHeader(l string) bool {
	return strings.HasPrefix(l, "- Expected") || strings.HasPrefix(l, "- Snapshot") || strings.HasPrefix(l, "+ Received")
}

// jestMessage normalises the first line of a failure: the matcher comment
// (// deep equality) and a timeout's quoting are noise.
// matcherLine takes the lines jest and vitest print alike under a failed
// assertion: the diff legend ("- Expected", "- Snapshot", "+ Received", after
// which the diff begins) and the one-line "Expected: " and "Received: "
// values. It reports whether l was one of them, and whether a diff starts.
func matcherLine(l, t string, f *report.Failure, diff *[]string) (ok, diffStarts bool) {
	switch {
	case strings.HasPrefix(l, "- Expected") || strings.HasPrefix(l, "- Snapshot"):
		*diff = append(*diff, diffLegend(t))
		return true, false
	case strings.HasPrefix(l, "+ Received"):
		*diff = append(*diff, diffLegend(t))
		return true, true
	case strings.HasPrefix(l, "Expected: ") && f.Expected == "":
		f.Expected = strings.TrimSpace(strings.TrimPrefix(l, "Expected: "))
		return true, false
	case strings.HasPrefix(l, "Snapshot: ") && f.Expected == "":
		// toThrowErrorMatchingInlineSnapshot and the other inline
		// snapshot matchers print the stored value as "Snapshot:".
		f.Expected = strings.TrimSpace(strings.TrimPrefix(l, "Snapshot: "))
		return true, false
	case strings.HasPrefix(l, "Received: ") && f.Received == "":
		f.Received = strings.TrimSpace(strings.TrimPrefix(l, "Received: "))
		return true, false
	}
	return false, false
}

func jestMessage(t string, f *report.Failure, opt parse.Options) string {
	if strings.HasPrefix(t, "expect(") {
		if i := strings.Index(t, " // "); i > 0 {
			t = t[:i]
		}
		if strings.Contains(t, "Snapshot") && f.Kind == report.KindAssertion {
			f.Kind = report.KindSnapshot
		}
		return t
	}
	if strings.HasPrefix(t, `thrown: "Exceeded timeout`) {
		f.Kind = report.KindTimeout
		return strings.TrimPrefix(t, `thrown: "`)
	}
	if m := jestSyntaxRe.FindStringSubmatch(t); m != nil {
		if f.Kind != report.KindSuite {
			f.Kind = report.KindError
		}
		file := opt.Rel(m[2])
		if f.File != "" && strings.HasSuffix(m[2], "/"+f.File) {
			file = f.File
		}
		if f.File == "" || file == f.File {
			f.File = file
			f.Line, _ = strconv.Atoi(m[4])
		}
		return fmt.Sprintf("%s: %s (%s:%s)", m[1], m[3], m[4], m[5])
	}
	if f.Kind == report.KindAssertion {
		f.Kind = report.KindError
	}
	return t
}
