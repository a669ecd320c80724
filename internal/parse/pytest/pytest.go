// Package pytest reads pytest's terminal output, in every traceback style,
// into a report: the failures with their location, message, diff, chained
// exceptions and captured output, and the counts of its final line.
package pytest

import (
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// Bounds that keep the pytest parser's memory independent of the input: per
// failure block, the frames, exception lines, plain lines and chained
// exceptions kept; what goes past them is counted.
const (
	pyMaxFrames   = 24  // innermost frames kept per exception (plus the outermost)
	pyMaxExcLines = 400 // exception and introspection lines kept per exception
	pyMaxPlain    = 20  // other lines kept per exception
	pyMaxSections = 6   // chained exceptions kept per failure (the last ones)
	pyMaxNotes    = 10  // unrecognised lines shown as notes before they are only counted
	pyMaxCaptures = 9   // captured-output sections kept per failure (stdout, stderr, log × 3 phases)
)

var (
	pyBangRe     = filters.Lazy(`^!+ (.+?) !+$`)
	pyFileLineRe = filters.Lazy(`^file (\S.*), line (\d+)$`)
	pyWhereRe    = filters.Lazy(`^\+(\s+)(where|and|or)\b`)
	pyHintRe     = filters.Lazy(`^(?:Use -v+ to get (?:more|the full) diff|Omitting \d+ identical items?, use -vv to show|\.\.\.Full output truncated \(\d+ lines? hidden\), use '-vv' to show|Full diff:)$`)
)

// pytest sections, from their "==== title ====" rules.
const (
	pySecNone = iota
	pySecHeader
	pySecErrors
	pySecFailures
	pySecPasses
	pySecWarnings
	pySecShort
	pySecOther
)

// parser is a line-driven state machine over pytest's terminal
// output, in every traceback style (auto, long, short, line, native, no),
// plain, -v, -q, -rA and coloured. Failures are held until the short test
// summary names them (it prints each one's node id, in the same order as the
// FAILURES and ERRORS sections), then given to the builder; only the blocks
// on the requested page are kept, so memory holds one page.
type parser struct {
	b   *report.Builder
	opt parse.Options

	section int
	rootdir string
	notes   int

	// the current run (a log may hold several)
	runStart  int // the builder's failure count when the run started
	nblocks   int // failure blocks seen in the run
	catSeen   [2]int
	sumSeen   [2]int
	kept      []*pyBlock // blocks on the page
	keptAt    []int      // their index in the run
	byCat     [2]map[int]*pyBlock
	suiteSeen int // collection errors off the page (counted as suites)
	block     *pyBlock
	collected int
	setupErrs int
	warnLines int
	// headerDone is set at the blank line that ends the session header.
	headerDone bool
	spare      pySpare
}

func newParser(b *report.Builder, opt parse.Options) *parser {
	p := &parser{b: b, opt: opt, collected: -1}
	p.byCat[0], p.byCat[1] = map[int]*pyBlock{}, map[int]*pyBlock{}
	return p
}

// Parse reads pytest's terminal output into b. It is a parse.TextParser.
func Parse(lr *filters.LineReader, b *report.Builder, opt parse.Options) error {
	p := newParser(b, opt)
	if err := parse.EachClean(lr, p.feed); err != nil {
		return err
	}
	p.endRun(false)
	return nil
}

func catIndex(c byte) int {
	if c == 'E' {
		return 1
	}
	return 0
}

// feed takes one cleaned line. Trailing blanks are trimmed for matching;
// the raw line is kept for the source listings, whose blank lines are
// indented.
func (p *parser) feed(raw string) {
	line := pyTrimBlankRight(raw)
	if p.ruleLine(line) {
		return
	}
	switch p.section {
	case pySecHeader:
		p.headerLine(line)
	case pySecErrors, pySecFailures:
		p.blockLine(line, raw)
	case pySecPasses:
		if line != "" {
			p.b.OmitKey(report.OmitPassedTestOutputLines, 1)
		}
	case pySecWarnings:
		p.warningLine(line)
	case pySecShort:
		p.shortLine(line)
	default:
		p.otherLine(line)
	}
}

// pyTrimBlankRight cuts the spaces and tabs s ends with. strings.TrimRight
// with a two-byte cutset builds a set on every call: it was a twentieth of
// the parser's time.
func pyTrimBlankRight(s string) string {
	n := len(s)
	for n > 0 && (s[n-1] == ' ' || s[n-1] == '\t') {
		n--
	}
	return s[:n]
}

// ruleLine reads the lines that end the block being read, whatever the
// section: the final counts, a "==== title ====" rule that opens a
// section, and a "!!!! reason !!!!" rule (an interrupted run). It reports
// whether the line was one of them.
func (p *parser) ruleLine(line string) bool {
	// The first byte guards each pattern: most lines match none, and the
	// regular expressions are the parser's main cost.
	c0 := byte(0)
	if line != "" {
		c0 = line[0]
	}
	if c0 == '=' || c0 == 'n' || (c0 >= '0' && c0 <= '9') {
		if counts, ok := pyFinalMatch(line); ok {
			p.endBlock()
			p.finalLine(counts)
			return true
		}
	}
	if c0 == '=' {
		if title, ok := pyRuleTitle(line, '='); ok && !strings.HasPrefix(title, "=") {
			p.endBlock()
			p.startSection(title)
			return true
		}
	}
	if c0 == '!' {
		if m := pyBangRe.FindStringSubmatch(line); m != nil {
			p.endBlock()
			p.note(m[1])
			return true
		}
	}
	return false
}

// pyFinalMatch reads the final line, "== 3 failed, 1 passed in 0.12s ==",
// and returns its counts. The literal " in " spares the scan the
// "==== title ====" rules that start with '=' too.
func pyFinalMatch(line string) (string, bool) {
	if !strings.Contains(line, " in ") {
		return "", false
	}
	return pyFinalCounts(line)
}

// pyRuleTitle reads a rule with a title, "==== title ====" (c '=') or
// "---- Captured stdout call ----" (c '-'): c from the margin, a space, the
// title, a space and c to the end. A byte scan: the expressions it replaced
// were among the parser's main costs.
func pyRuleTitle(line string, c byte) (string, bool) {
	i := 0
	for i < len(line) && line[i] == c {
		i++
	}
	if i == 0 || i == len(line) || line[i] != ' ' {
		return "", false
	}
	rest := line[i+1:]
	t := len(rest)
	for t > 0 && rest[t-1] == c {
		t--
	}
	// The title is what lies before the space that the closing run
	// follows, and is not empty.
	if t == len(rest) || t < 2 || rest[t-1] != ' ' {
		return "", false
	}
	title := rest[:t-1]
	if strings.IndexByte(title, '\n') >= 0 {
		return "", false
	}
	return title, true
}

// warningLine counts the warnings summary's lines at the margin (the tests
// that warned; the warning's text is indented): the count stands in for
// the final line's number of warnings when a run has no final line.
func (p *parser) warningLine(line string) {
	if line != "" && !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "-- Docs:") {
		p.warnLines++
	}
}

func (p *parser) startSection(title string) {
	switch {
	case title == "test session starts":
		p.section = pySecHeader
		p.headerDone = false
		p.b.OmitKey(report.OmitHeaderLines, 1)
	case title == "ERRORS":
		p.section = pySecErrors
	case title == "FAILURES":
		p.section = pySecFailures
	case title == "PASSES":
		p.section = pySecPasses
	case strings.HasPrefix(title, "warnings summary"):
		p.section = pySecWarnings
	case title == "short test summary info":
		p.section = pySecShort
	default:
		p.section = pySecOther
		p.otherLine(title)
	}
}

// headerLine reads the session header (up to its first blank line), then
// the progress lines that follow it.
func (p *parser) headerLine(line string) {
	if line == "" {
		p.headerDone = true
		return
	}
	if p.headerDone {
		p.otherLine(line)
		return
	}
	if strings.HasPrefix(line, "rootdir: ") {
		r := strings.TrimPrefix(line, "rootdir: ")
		if i := strings.Index(r, ", "); i > 0 {
			r = r[:i]
		}
		p.rootdir = r
	}
	if m, ok := pyCollected(line); ok {
		n, _ := strconv.Atoi(m[1])
		if m[4] != "" {
			n, _ = strconv.Atoi(m[4])
		} else if m[3] != "" {
			d, _ := strconv.Atoi(m[3])
			n -= d
		}
		p.collected = n
	}
	p.b.OmitKey(report.OmitHeaderLines, 1)
}

// pyIsCollected reports whether line reads "collected 12 items".
func pyIsCollected(line string) bool {
	_, ok := pyCollected(line)
	return ok
}

// otherLine handles a line outside the sections pytest's reports are made
// of: the progress lines, and anything else (a plugin's output, prints at
// import time), kept as notes up to a limit.
func (p *parser) otherLine(line string) {
	t := strings.TrimSpace(line)
	switch {
	case t == "":
	case pyIsVerbose(t): // a node id
		p.b.OmitKey(report.OmitPerTestLines, 1)
	case pyIsProgress(t):
		p.b.OmitKey(report.OmitHeaderLines, 1)
	case p.section == pySecNone && pyIsCollected(t):
		p.headerDone = false
		p.headerLine(t)
		p.headerDone = true
	default:
		p.note(t)
	}
}

// note keeps a line for the agent, up to a limit; the rest are counted.
func (p *parser) note(t string) {
	p.notes++
	if p.notes <= pyMaxNotes {
		p.b.Note(t)
	} else {
		p.b.OmitKey(report.OmitOtherLines, 1)
	}
}

// startBlock opens a failure block of the current section.
func (p *parser) startBlock(heading string) {
	p.endBlock()
	k := p.spare.block()
	k.cat, k.heading = 'F', heading
	if p.section == pySecErrors {
		k.cat = 'E'
		switch {
		case strings.HasPrefix(heading, "ERROR at setup of "):
			k.phase = "setup"
			p.setupErrs++
		case strings.HasPrefix(heading, "ERROR at teardown of "):
			k.phase = "teardown"
		case strings.HasPrefix(heading, "ERROR collecting "):
			k.phase = "collect"
		}
	}
	p.block = k
}

// endBlock files the block being read: kept when it is on the page.
func (p *parser) endBlock() {
	k := p.block
	if k == nil {
		return
	}
	p.block = nil
	idx := p.nblocks
	p.nblocks++
	c := catIndex(k.cat)
	ci := p.catSeen[c]
	p.catSeen[c]++
	if p.opt.Window.Keeps(p.runStart + idx) {
		p.kept = append(p.kept, k)
		p.keptAt = append(p.keptAt, idx)
		p.byCat[c][ci] = k
	} else {
		if k.phase == "collect" {
			p.suiteSeen++
		}
		p.spare.put(k) // off the page: nothing refers to it now
	}
}
