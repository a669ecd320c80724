// Package vitest reads the output of the vitest test runner: its default
// and verbose reporters, and the error stacks its JSON report records.
package vitest

import (
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

var (
	// The heading of one unhandled error: "⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯".
	vitestUnhandledRe = filters.Lazy(`^⎯+ ((?:Unhandled|Uncaught) [A-Za-z ]+?) ⎯+$`)
)

// Sections of vitest's error summary.
const (
	vitestNone = iota
	vitestSuites
	vitestTests
	vitestUnhandled
)

// vitestParser is a line-driven state machine over vitest's default and
// verbose reporters. The error summary after the per-file list holds one
// block per error: its " FAIL  file > name" lines (several when vitest
// merged identical errors), the error, a diff, frames and code frames, then
// a "⎯⎯⎯[n/m]⎯" separator.
type vitestParser struct {
	b   *report.Builder
	opt parse.Options

	section int
	names   []string // FAIL lines of the block being read
	block   []string // its body
	trimmed []string // its body's lines trimmed, read once by feed
	inBlock bool
	console bool // inside a "stdout | ..." block
	arrow   bool // after a verbose "→ message" line: its continuation
	notes   int
	files   report.Counts // per-file lines, used when there is no summary
	summary bool
}

// Parse reads vitest's text output into b.
func Parse(lr *filters.LineReader, b *report.Builder, opt parse.Options) error {
	p := &vitestParser{b: b, opt: opt}
	if err := lr.EachClean(p.feed); err != nil {
		return err
	}
	p.flush()
	if !p.summary && p.files.Total > 0 {
		b.AddSuites(p.files)
	}
	return nil
}

// feed reads one line: a separator, a FAIL line that opens a block, the
// closing tallies, a line of the block or console output being read, or a
// line outside both.
func (p *vitestParser) feed(line string) {
	t := filters.TrimSpace(line)
	switch {
	case strings.HasPrefix(t, "⎯"):
		p.separator(t)
	case strings.HasPrefix(t, "FAIL ") && (p.section != vitestNone || isVitestFailLine(t)):
		p.failLine(t)
	case p.summaryLine(line, t):
		p.flush()
	case p.inBlock:
		p.block = append(p.block, line)
		p.trimmed = append(p.trimmed, t)
	case p.console:
		if t == "" {
			p.console = false
		}
	default:
		p.outside(line, t)
	}
}

// failLine reads a " FAIL  file > name" line: it opens a block, or names
// one more test whose error vitest merged into the block being read.
func (p *vitestParser) failLine(t string) {
	if p.inBlock && len(p.block) > 0 {
		p.flush()
	}
	if p.section == vitestNone {
		// A log that starts inside the error summary.
		p.section = vitestTests
		if strings.HasSuffix(t, " ]") {
			p.section = vitestSuites
		}
	}
	p.inBlock = true
	p.names = append(p.names, strings.TrimSpace(strings.TrimPrefix(t, "FAIL")))
}

// outside reads a line outside any error block: the banner, console
// output, the per-file and per-test list, and notes.
func (p *vitestParser) outside(line, t string) {
	switch {
	case t == "":
		p.arrow = false
	case strings.HasPrefix(t, "stdout | "), strings.HasPrefix(t, "stderr | "):
		// Console output of a test, printed as it runs.
		p.console = true
		p.b.OmitKey(report.OmitConsoleBlocks, 1)
	case strings.HasPrefix(t, "RUN "):
		// " RUN  v4.1.12 /root": the root the reporter's paths are
		// relative to, which makes vite's absolute ones relative too.
		if i := strings.LastIndex(t, " /"); i > 0 {
			p.opt.Cwd = t[i+1:]
		}
		p.b.OmitKey(report.OmitBannerLines, 1)
	case strings.HasPrefix(t, "→ "):
		// verbose repeats each failure's message under its test line.
		p.arrow = true
		p.b.OmitKey(report.OmitPerTestLines, 1)
	case isVitestListLine(t):
		p.arrow = false
		p.listLine(line, t)
	case p.arrow:
		p.b.OmitKey(report.OmitPerTestLines, 1)
	case isCodeLine(line):
		// A code frame cut from its block (a log that starts mid-block).
		p.b.OmitKey(report.OmitCodeFrameLines, 1)
	case p.section == vitestUnhandled:
		// "Vitest caught 1 unhandled error ...": the blocks say it.
		p.b.OmitKey(report.OmitVitestHintLines, 1)
	default:
		p.note(t)
	}
}

// note keeps an unrecognised line, up to a budget.
func (p *vitestParser) note(t string) {
	p.notes++
	if p.notes <= 10 {
		p.b.Note(t)
	} else {
		p.b.OmitKey(report.OmitOtherLines, 1)
	}
}

// isVitestFailLine recognises " FAIL  file > name" and " FAIL  file [ file ]"
// outside the error summary's sections.
func isVitestFailLine(t string) bool {
	return strings.Contains(t, " > ") || strings.HasSuffix(t, " ]")
}

// isVitestListLine recognises the lines of the per-file and per-test list.
func isVitestListLine(t string) bool {
	for _, m := range []string{"✓ ", "× ", "❯ ", "↓ ", "□ ", "✗ ", "√ "} {
		if strings.HasPrefix(t, m) {
			return true
		}
	}
	return false
}

// listLine counts a file line (the summary repeats it) or drops a test line.
func (p *vitestParser) listLine(line, t string) {
	// " test" is in every file line ("(7 tests | 4 failed)"): most test
	// lines fail on it before the scan runs.
	if !strings.Contains(line, " test") || !isVitestFileLine(line) || strings.Contains(t, " > ") {
		p.b.OmitKey(report.OmitPerTestLines, 1)
		return
	}
	p.files.Total++
	switch {
	case strings.HasPrefix(t, "✓ "):
		p.files.Passed++
	case strings.HasPrefix(t, "↓ "):
		p.files.Skipped++
	default:
		p.files.Failed++
	}
}

// separator reads a "⎯" line: a section banner, the heading of an unhandled
// error, or the rule that ends a block.
func (p *vitestParser) separator(t string) {
	if p.inBlock && len(p.names) > 0 && isBareRule(t) &&
		(p.section == vitestTests || p.section == vitestSuites) {
		// A bare rule inside a test's block (those end with "[n/m]"):
		// verbose prints the error's own properties ("Serialized Error:
		// {...}") below it, part of the same failure. An unhandled
		// error's block does end with a bare rule.
		return
	}
	p.flush()
	p.arrow = false
	if strings.IndexByte(t, ' ') < 0 {
		// A rule ("⎯⎯⎯[1/3]⎯"): every banner and heading below holds a
		// space, and rules are one per block.
		return
	}
	switch {
	case strings.Contains(t, " Failed Suites "):
		p.section = vitestSuites
	case strings.Contains(t, " Failed Tests "):
		p.section = vitestTests
	case strings.Contains(t, " Unhandled Errors "):
		p.section = vitestUnhandled
	default:
		if m := unhandledHeading(t); m != nil {
			p.section = vitestUnhandled
			p.inBlock = true
			p.names = append(p.names, m[1])
		}
	}
}

// isBareRule reports whether t is "⎯" repeated and nothing else. It is
// strings.Trim(t, "⎯") == "" without the cost of a cutset outside ASCII,
// on a line every block ends with.
func isBareRule(t string) bool {
	const rule = "⎯" // three bytes, compared as such: a call a rune cost more
	for ; t != ""; t = t[len(rule):] {
		if len(t) < len(rule) || t[0] != rule[0] || t[1] != rule[1] || t[2] != rule[2] {
			return false
		}
	}
	return true
}

// unhandledHeading matches vitestUnhandledRe, whose literal words a
// separator line must hold first: block-ending rules are many, headings
// few.
func unhandledHeading(t string) []string {
	if !strings.Contains(t, "Unhandled ") && !strings.Contains(t, "Uncaught ") {
		return nil
	}
	return vitestUnhandledRe.FindStringSubmatch(t)
}

// summaryLine reads the closing tallies ("Test Files  2 failed | 1 passed
// (3)", "Tests  ...", "Errors  1 error", "Start at", "Duration").
func (p *vitestParser) summaryLine(line, t string) bool {
	if !strings.HasPrefix(line, " ") {
		return false
	}
	kind := summaryKind(t)
	if kind == "" {
		return false
	}
	rest := filters.TrimSpace(t[len(kind)+len("  "):])
	switch kind {
	case "Test Files", "Tests":
		total, ok := tallyTotal(rest)
		if !ok {
			return false
		}
		var c report.Counts
		c.Total, _ = strconv.Atoi(total)
		eachTally(rest, func(digits, word string) {
			n, _ := strconv.Atoi(digits)
			addTally(&c, n, word)
		})
		if kind == "Tests" {
			p.b.AddTests(c)
			p.b.OmitKey(report.OmitPassedTests, c.Passed)
		} else {
			p.b.AddSuites(c)
		}
		p.summary = true
	case "Errors":
		// The count of unhandled errors: each is a failure block.
		if !eachTally(rest, nil) {
			return false
		}
	case "Start at", "Duration":
		p.b.OmitKey(report.OmitTimingLines, 1)
	case "Snapshots", "Type Errors":
		p.b.Note(kind + " " + rest)
	default:
		return false
	}
	p.section = vitestNone
	return true
}

// summaryKinds are the labels of the closing tallies summaryLine reads.
var summaryKinds = []string{"Test Files", "Tests", "Errors", "Start at", "Duration", "Snapshots", "Type Errors"}

// summaryInitial holds the first bytes of summaryKinds.
var summaryInitial = func() (t [256]bool) {
	for _, k := range summaryKinds {
		t[k[0]] = true
	}
	return t
}()

// summaryKind is the label t starts with, followed by two spaces, or "".
// No label holds two spaces in a row or ends with one, so this is the
// label strings.Cut(t, "  ") finds, without a search for two spaces
// through every line (which stops at every word).
func summaryKind(t string) string {
	if t == "" || !summaryInitial[t[0]] {
		return "" // most lines: no label starts with their first byte
	}
	for _, k := range summaryKinds {
		if len(t) >= len(k)+2 && t[:len(k)] == k && t[len(k)] == ' ' && t[len(k)+1] == ' ' {
			return k
		}
	}
	return ""
}

// flush turns the block read so far into one failure per FAIL line.
func (p *vitestParser) flush() {
	if p.inBlock && len(p.names) > 0 {
		for i, name := range p.names {
			f := report.Failure{Kind: report.KindAssertion}
			switch p.section {
			case vitestSuites:
				f.Kind = report.KindSuite
			case vitestUnhandled:
				f.Kind = report.KindError
			}
			if p.section == vitestUnhandled {
				f.Name = name
			} else {
				f.File, f.Name = splitVitestName(name)
			}
			if f.Kind == report.KindSuite {
				p.b.AddSuites(report.Counts{Errors: 1})
			}
			// Merged errors share one body: count what is dropped once.
			b := p.b
			if i > 0 {
				b = report.NewBuilder("", report.Window{})
			}
			analyzeBody(&f, p.block, p.trimmed, b, p.opt)
			p.b.AddFailure(f)
		}
	}
	p.inBlock = false
	p.names = p.names[:0]
	p.block = p.block[:0]
	p.trimmed = p.trimmed[:0]
}

// splitVitestName splits the name a FAIL line prints: an optional
// "|project| " prefix, the file, the suites and test joined by " > ", and
// for a file that failed to load the path again in "[ ... ]".
func splitVitestName(s string) (file, name string) {
	if strings.HasPrefix(s, "|") {
		if i := strings.Index(s[1:], "| "); i >= 0 {
			s = s[i+3:]
		}
	}
	if strings.HasSuffix(s, " ]") {
		if i := strings.LastIndex(s, " [ "); i >= 0 {
			file = s[i+3 : len(s)-2]
			s = s[:i]
		}
	}
	head, rest, ok := strings.Cut(s, " > ")
	if !ok {
		if file == "" {
			file = s
		}
		return file, s
	}
	if file == "" {
		file = head
	}
	return file, rest
}
