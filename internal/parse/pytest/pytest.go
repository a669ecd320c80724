// Package pytest reads pytest's terminal output, in every traceback style,
// into a report: the failures with their location, message, diff, chained
// exceptions and captured output, and the counts of its final line.
package pytest

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/terse-dev/terse/filters"
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
	pySectionRe   = filters.Lazy(`^=+ (.+?) =+$`)
	pyFinalRe     = filters.Lazy(`^=*\s*(no tests ran|\d+ [a-z]+(?:, \d+ [a-z]+)*) in [0-9.]+s(?: \([0-9:.]+\))?\s*=*$`)
	pyCountRe     = filters.Lazy(`(\d+) ([a-z]+)`)
	pyBangRe      = filters.Lazy(`^!+ (.+?) !+$`)
	pyCaptureRe   = filters.Lazy(`^-+ (Captured .+?) -+$`)
	pyNativeRe    = filters.Lazy(`^\s*File "(.+)", line (\d+)(?:, in (.+))?$`)
	pyFileLineRe  = filters.Lazy(`^file (\S.*), line (\d+)$`)
	pyFuncargRe   = filters.Lazy(`^[\w.]+ = `)
	pyCollectedRe = filters.Lazy(`collected (\d+) items?(?: / (\d+) errors?)?(?: / (\d+) deselected)?(?: / (\d+) selected)?`)
	// pyProgressRe is a progress line: "tests/t.py .F.s [ 40%]", or with -q
	// ".F.s [ 40%]", or ".F" when -x stopped the run before the percentage.
	pyProgressRe = filters.Lazy(`^(?:\S+\.py [.FEsxXfR]+\s*(?:\[\s*\d+%\])?|[.FEsxXfR]+\s+\[\s*\d+%\]|[.FEsxX]+)$`)
	pyVerboseRe  = filters.Lazy(`^(?:\[gw\d+\] )?(?:\[\s*\d+%\] )?(?:\S+::\S.*? (?:PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR)|(?:PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR) \S+::\S.*?)(?: \(.*\))?\s*(?:\[\s*\d+%\])?$`)
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

type pyFrame struct {
	file string
	line int
	fn   string
	// off is, in a long traceback, how many source lines the failing
	// line (">") is below the function's def line; -1 when unknown.
	off int
}

// pySection is one exception of a failure: pytest prints a chain of them
// ("The above exception was the direct cause ...") oldest first.
type pySection struct {
	relation string // how the previous exception leads to this one: "cause" or "context"
	first    *pyFrame
	frames   []pyFrame // the innermost frames
	nframes  int
	exc      []string // exception text without the E column, indentation kept
	excCut   int
	plain    []string // lines that are neither code, frames nor exception text
	plainCut int
	native   bool // inside a --tb=native traceback
	inExc    bool // the native traceback's exception text has started
	// The long-style entry being read: its function, and the positions of
	// its def line and failing line among its source lines.
	fn      string
	code    int
	defAt   int
	arrowAt int
}

// resetEntry starts a new traceback entry.
func (s *pySection) resetEntry() {
	s.fn, s.code, s.defAt, s.arrowAt = "", 0, -1, -1
}

// entryOff is the failing line's distance below the def line, or -1.
func (s *pySection) entryOff() int {
	if s.defAt >= 0 && s.arrowAt > s.defAt {
		return s.arrowAt - s.defAt
	}
	return -1
}

func (s *pySection) addFrame(f pyFrame) {
	s.nframes++
	if s.first == nil {
		c := f
		s.first = &c
	}
	if len(s.frames) == pyMaxFrames {
		copy(s.frames, s.frames[1:])
		s.frames = s.frames[:pyMaxFrames-1]
	}
	s.frames = append(s.frames, f)
}

func (s *pySection) addExc(l string) {
	if len(s.exc) < pyMaxExcLines {
		s.exc = append(s.exc, l)
	} else {
		s.excCut++
	}
}

func (s *pySection) addPlain(l string) {
	if len(s.plain) < pyMaxPlain {
		s.plain = append(s.plain, l)
	} else {
		s.plainCut++
	}
}

func (s *pySection) empty() bool {
	return s.nframes == 0 && len(s.exc) == 0 && len(s.plain) == 0
}

// pyCapture is a "Captured stdout call" section of a failure: its last lines.
type pyCapture struct {
	title string
	tail  []string
	total int
	lost  bool // past pyMaxCaptures: its lines are only counted
}

// pyBlock is one entry of the FAILURES or ERRORS section.
type pyBlock struct {
	cat      byte   // 'F' failure, 'E' error
	heading  string // the name between the ____ rules
	phase    string // setup, teardown, collect or empty
	sections []*pySection
	secCut   int
	captures []*pyCapture
	capture  *pyCapture // the capture being read
	capLost  int        // lines of the captured-output sections past pyMaxCaptures
	lineLoc  *pyFrame   // --tb=line: the crash location
	lineMsg  string
	nodeid   string // from the short test summary
	sumMsg   string
	code     int // source, argument and separator lines
	fromSum  bool
}

func (k *pyBlock) cur() *pySection {
	if len(k.sections) == 0 {
		s := &pySection{}
		s.resetEntry()
		k.sections = append(k.sections, s)
	}
	return k.sections[len(k.sections)-1]
}

func (k *pyBlock) newSection(relation string) *pySection {
	if len(k.sections) == pyMaxSections {
		k.sections = k.sections[1:]
		k.secCut++
	}
	s := &pySection{relation: relation}
	s.resetEntry()
	k.sections = append(k.sections, s)
	return s
}

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
}

func newParser(b *report.Builder, opt parse.Options) *parser {
	p := &parser{b: b, opt: opt, collected: -1}
	p.byCat[0], p.byCat[1] = map[int]*pyBlock{}, map[int]*pyBlock{}
	return p
}

// Parse reads pytest's terminal output into b. It is a parse.TextParser.
func Parse(lr *filters.LineReader, b *report.Builder, opt parse.Options) error {
	p := newParser(b, opt)
	if err := lr.EachClean(p.feed); err != nil {
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
	line := strings.TrimRight(raw, " \t")
	// The first byte guards each pattern: most lines match none, and the
	// regular expressions are the parser's main cost.
	c0 := byte(0)
	if line != "" {
		c0 = line[0]
	}
	if c0 == '=' || c0 == 'n' || (c0 >= '0' && c0 <= '9') {
		if m := pyFinalRe.FindStringSubmatch(line); m != nil {
			p.endBlock()
			p.finalLine(m[1])
			return
		}
	}
	if c0 == '=' {
		if m := pySectionRe.FindStringSubmatch(line); m != nil && !strings.HasPrefix(m[1], "=") {
			p.endBlock()
			p.startSection(m[1])
			return
		}
	}
	if c0 == '!' {
		if m := pyBangRe.FindStringSubmatch(line); m != nil {
			p.endBlock()
			p.note(m[1])
			return
		}
	}
	switch p.section {
	case pySecHeader:
		p.headerLine(line)
	case pySecErrors, pySecFailures:
		p.blockLine(line, raw)
	case pySecPasses:
		if line != "" {
			p.b.Omit("passed-test output lines", 1)
		}
	case pySecWarnings:
		if line != "" && !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "-- Docs:") {
			p.warnLines++
		}
	case pySecShort:
		p.shortLine(line)
	default:
		p.otherLine(line)
	}
}

func (p *parser) startSection(title string) {
	switch {
	case title == "test session starts":
		p.section = pySecHeader
		p.headerDone = false
		p.b.Omit("header and progress lines", 1)
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
	if m := pyCollectedRe.FindStringSubmatch(line); m != nil {
		n, _ := strconv.Atoi(m[1])
		if m[4] != "" {
			n, _ = strconv.Atoi(m[4])
		} else if m[3] != "" {
			d, _ := strconv.Atoi(m[3])
			n -= d
		}
		p.collected = n
	}
	p.b.Omit("header and progress lines", 1)
}

// otherLine handles a line outside the sections pytest's reports are made
// of: the progress lines, and anything else (a plugin's output, prints at
// import time), kept as notes up to a limit.
func (p *parser) otherLine(line string) {
	t := strings.TrimSpace(line)
	switch {
	case t == "":
	case pyVerboseRe.MatchString(t):
		p.b.Omit("per-test lines", 1)
	case pyProgressRe.MatchString(t):
		p.b.Omit("header and progress lines", 1)
	case pyCollectedRe.MatchString(t) && p.section == pySecNone:
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
		p.b.Omit("other lines", 1)
	}
}

// startBlock opens a failure block of the current section.
func (p *parser) startBlock(heading string) {
	p.endBlock()
	k := &pyBlock{cat: 'F', heading: heading}
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
	} else if k.phase == "collect" {
		p.suiteSeen++
	}
}

func (p *parser) blockLine(line, raw string) {
	c0 := byte(0)
	if line != "" {
		c0 = line[0]
	}
	sep := c0 == '_' && pyIsEntrySep(line)
	if c0 == '_' && !sep {
		if h, ok := pyHeading(line); ok {
			p.startBlock(h)
			return
		}
	}
	k := p.block
	if k == nil {
		// --tb=line prints one line per failure, without a heading.
		if line == "" {
			return
		}
		p.startBlock("")
		k = p.block
		if file, n, rest, ok := pyLoc(line); ok {
			k.lineLoc = &pyFrame{file: file, line: n, off: -1}
			k.lineMsg = rest
		} else {
			k.lineMsg = line
		}
		p.endBlock()
		return
	}
	if m := pyCaptureMatch(c0, line); m != nil {
		if len(k.captures) < pyMaxCaptures {
			k.capture = &pyCapture{title: strings.ToLower(strings.TrimPrefix(m[1], "Captured "))}
			k.captures = append(k.captures, k.capture)
		} else {
			k.capture = &pyCapture{lost: true}
		}
		return
	}
	if c := k.capture; c != nil {
		if c.lost {
			k.capLost++
			return
		}
		c.total++
		limit := p.captureLimit()
		if len(c.tail) == limit {
			copy(c.tail, c.tail[1:])
			c.tail = c.tail[:limit-1]
		}
		c.tail = append(c.tail, line)
		return
	}
	s := k.cur()
	switch line {
	case "The above exception was the direct cause of the following exception:":
		k.newSection("cause")
		return
	case "During handling of the above exception, another exception occurred:":
		k.newSection("context")
		return
	case "Traceback (most recent call last):":
		if !s.empty() {
			s = k.newSection("")
		}
		s.native = true
		return
	}
	if s.native && !s.inExc {
		p.nativeLine(k, s, line)
		return
	}
	if s.inExc {
		if line == "" {
			s.native, s.inExc = false, false
			return
		}
		s.addExc(line)
		return
	}
	if line == "E" || strings.HasPrefix(line, "E ") {
		e := strings.TrimPrefix(line, "E")
		if m := pyNativeMatch(e); m != nil {
			// A SyntaxError names the file and line of the bad code.
			n, _ := strconv.Atoi(m[2])
			s.addFrame(pyFrame{file: m[1], line: n, fn: m[3], off: -1})
		}
		s.addExc(e)
		return
	}
	if sep {
		k.code++
		s.resetEntry()
		return
	}
	if file, n, rest, ok := pyLoc(line); ok {
		f := pyFrame{file: file, line: n, fn: s.fn, off: s.entryOff()}
		if fn, ok := strings.CutPrefix(rest, "in "); ok {
			f.fn, f.off = fn, -1
		}
		s.addFrame(f)
		s.resetEntry()
		return
	}
	if c0 == 'f' && strings.HasPrefix(line, "file ") {
		if m := pyFileLineRe.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[2])
			s.addFrame(pyFrame{file: m[1], line: n, off: -1})
			return
		}
	}
	t := strings.TrimSpace(line)
	switch {
	case strings.HasPrefix(raw, ">") || strings.HasPrefix(raw, "    ") || strings.HasPrefix(line, "  ") || t == "???":
		if s.defAt < 0 {
			if fn, ok := pyDefName(line); ok {
				s.fn, s.defAt = fn, s.code
			}
		}
		if strings.HasPrefix(raw, ">") && s.arrowAt < 0 {
			s.arrowAt = s.code
		}
		s.code++
		if t != "" {
			k.code++
		}
	case t == "":
	case strings.Contains(line, " = ") && pyFuncargRe.MatchString(line):
		k.code++
	default:
		s.addPlain(t)
	}
}

// pyLoc reads a traceback location line: "tests/test_x.py:45: AssertionError"
// (long), "src/x.py:12: in helper" (short), "/abs/x.py:45: msg" (--tb=line),
// "/abs/x.py:23" (a fixture that is not found), "<frozen x>:12: in f". The
// path holds no space. Hand-written: it runs on most lines of a traceback.
func pyLoc(line string) (file string, n int, rest string, ok bool) {
	if line == "" || line[0] == ' ' || line[0] == '>' {
		return "", 0, "", false
	}
	end := -1
	if line[0] == '<' {
		if i := strings.Index(line, ">:"); i > 0 {
			end = i + 1
		}
	} else {
		for i := 0; i+3 < len(line) && line[i] != ' '; i++ {
			if line[i] == '.' && line[i+1] == 'p' && line[i+2] == 'y' {
				j := i + 3
				if j < len(line) && line[j] == 'x' {
					j++
				}
				if j < len(line) && line[j] == ':' {
					end = j
					break
				}
			}
		}
	}
	if end < 0 {
		return "", 0, "", false
	}
	d := end + 1
	for d < len(line) && line[d] >= '0' && line[d] <= '9' {
		d++
	}
	if d == end+1 || d-end > 10 {
		return "", 0, "", false
	}
	n, _ = strconv.Atoi(line[end+1 : d])
	switch {
	case d == len(line):
	case line[d] == ':':
		rest = strings.TrimPrefix(line[d+1:], " ")
	default:
		return "", 0, "", false
	}
	return line[:end], n, rest, true
}

// pyHeading reads a block heading "_____ name _____".
func pyHeading(line string) (string, bool) {
	if !strings.HasPrefix(line, "_ ") && !strings.HasPrefix(line, "__") || !strings.HasSuffix(line, "_") || pyIsEntrySep(line) {
		return "", false
	}
	inner := strings.TrimRight(strings.TrimLeft(line, "_"), "_")
	if len(inner) < 3 || inner[0] != ' ' || inner[len(inner)-1] != ' ' {
		return "", false
	}
	return strings.TrimSpace(inner), true
}

// pyIsEntrySep reports whether line is the "_ _ _ _" rule between entries.
func pyIsEntrySep(line string) bool {
	if len(line) < 3 {
		return false
	}
	for i := 0; i < len(line); i++ {
		if want := "_ "[i%2]; line[i] != want {
			return false
		}
	}
	return true
}

// pyDefName returns the function a source line defines ("    def f(").
func pyDefName(line string) (string, bool) {
	t := strings.TrimLeft(line, " ")
	if len(t) == len(line) {
		return "", false
	}
	t = strings.TrimPrefix(t, "async ")
	t, ok := strings.CutPrefix(t, "def ")
	if !ok {
		return "", false
	}
	i := strings.IndexByte(t, '(')
	if i <= 0 {
		return "", false
	}
	for _, r := range t[:i] {
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return "", false
		}
	}
	return t[:i], true
}

// pyNativeMatch matches a `File "path", line N, in fn` line.
func pyNativeMatch(line string) []string {
	if !strings.Contains(line, `File "`) {
		return nil
	}
	return pyNativeRe.FindStringSubmatch(line)
}

func pyCaptureMatch(c0 byte, line string) []string {
	if c0 != '-' {
		return nil
	}
	return pyCaptureRe.FindStringSubmatch(line)
}

// nativeLine reads a --tb=native traceback: frames with their source lines,
// then the exception text.
func (p *parser) nativeLine(k *pyBlock, s *pySection, line string) {
	if m := pyNativeMatch(line); m != nil {
		n, _ := strconv.Atoi(m[2])
		s.addFrame(pyFrame{file: m[1], line: n, fn: m[3], off: -1})
		return
	}
	if line == "" {
		return
	}
	if strings.HasPrefix(line, "    ") {
		k.code++ // the frame's source line and its ^^^ markers
		return
	}
	s.inExc = true
	s.addExc(line)
}

func (p *parser) captureLimit() int {
	if p.opt.Verbose {
		return 20
	}
	return 3
}

// shortLine reads the short test summary: the node ids of the failures and
// errors, in the order of their blocks.
func (p *parser) shortLine(line string) {
	if line == "" {
		return
	}
	p.b.Omit("short summary lines", 1)
	var cat byte
	var rest string
	switch {
	case strings.HasPrefix(line, "FAILED "):
		cat, rest = 'F', strings.TrimPrefix(line, "FAILED ")
	case strings.HasPrefix(line, "ERROR "):
		cat, rest = 'E', strings.TrimPrefix(line, "ERROR ")
	default:
		return
	}
	nodeid, msg := splitSummaryEntry(rest)
	c := catIndex(cat)
	i := p.sumSeen[c]
	p.sumSeen[c]++
	if i < p.catSeen[c] {
		if k := p.byCat[c][i]; k != nil && pyNamesAgree(k, nodeid) {
			k.nodeid, k.sumMsg = nodeid, msg
		}
		return
	}
	// No block for it (--tb=no): the summary line is all there is.
	idx := p.nblocks
	p.nblocks++
	if p.opt.Window.Keeps(p.runStart + idx) {
		k := &pyBlock{cat: cat, nodeid: nodeid, sumMsg: msg, fromSum: true}
		if !strings.Contains(nodeid, "::") && cat == 'E' {
			k.phase = "collect"
		}
		p.kept = append(p.kept, k)
		p.keptAt = append(p.keptAt, idx)
	}
}

// splitSummaryEntry splits "tests/t.py::test_x[a - b] - AssertionError: ..."
// into the node id and the message. A parameter id may hold " - ", so the
// node id runs to the "]" that closes its parameters; the "[" that opens
// them follows the test name directly, so one after a space (a message
// "assert [(2, 1)] == ...") is the message's.
func splitSummaryEntry(s string) (nodeid, msg string) {
	from := 0
	if i := strings.Index(s, "::"); i >= 0 {
		if j := strings.IndexAny(s[i:], " ["); j >= 0 && s[i+j] == '[' {
			if k := strings.LastIndex(s, "]"); k > i+j {
				for e := i + j; e < len(s); e++ {
					if s[e] == ']' && (e+1 == len(s) || strings.HasPrefix(s[e+1:], " - ") || s[e+1] == ' ') {
						from = e + 1
						break
					}
				}
			}
		}
	}
	if i := strings.Index(s[from:], " - "); i >= 0 {
		return s[:from+i], s[from+i+3:]
	}
	if i := strings.IndexByte(s[from:], ' '); i >= 0 {
		// XPASS and -rA lines put the reason after a space.
		return s[:from+i], strings.TrimSpace(s[from+i:])
	}
	return s, ""
}

// pyNamesAgree checks that a summary node id belongs to a block: the
// heading ("TestX.test_y[p]", "ERROR at setup of test_y", "ERROR collecting
// tests/t.py") names the same item.
func pyNamesAgree(k *pyBlock, nodeid string) bool {
	h := pyHeadingName(k.heading)
	if h == "" {
		return true // --tb=line: no heading to compare
	}
	if k.phase == "collect" {
		return strings.TrimPrefix(k.heading, "ERROR collecting ") == nodeid
	}
	norm := func(s string) string { return strings.ReplaceAll(s, "::", ".") }
	tail := nodeid
	if _, t, ok := strings.Cut(nodeid, "::"); ok {
		tail = t
	}
	a, b := norm(h), norm(tail)
	return a == b || strings.HasSuffix(a, "."+b) || strings.HasSuffix(b, "."+a) || strings.HasSuffix(a, " "+b)
}

// pyHeadingName turns a block heading into the node id's name part:
// "TestRates.test_rate_limit[2]" becomes "TestRates::test_rate_limit[2]".
func pyHeadingName(h string) string {
	h = strings.TrimPrefix(h, "ERROR at setup of ")
	h = strings.TrimPrefix(h, "ERROR at teardown of ")
	if i := strings.Index(h, ".py::"); i >= 0 {
		return h[i+len(".py::"):]
	}
	base, param := h, ""
	if i := strings.IndexByte(h, '['); i >= 0 {
		base, param = h[:i], h[i:]
	}
	if strings.Contains(base, " ") {
		return h // "[doctest] mod.func" and other non-Python items
	}
	return strings.ReplaceAll(base, ".", "::") + param
}

// finalLine reads "== 3 failed, 34 passed, 2 warnings in 2.41s ==" and
// closes the run.
func (p *parser) finalLine(s string) {
	if s == "no tests ran" {
		p.b.Note("no tests ran")
		p.endRun(true)
		return
	}
	var c report.Counts
	xfailed, xpassed, warnings := 0, 0, 0
	for _, m := range pyCountRe.FindAllStringSubmatch(s, -1) {
		n, _ := strconv.Atoi(m[1])
		switch m[2] {
		case "failed":
			c.Failed += n
		case "passed":
			c.Passed += n
		case "skipped":
			c.Skipped += n
		case "xfailed":
			xfailed += n
		case "xpassed":
			xpassed += n
		case "error", "errors":
			c.Errors += n
		case "warning", "warnings":
			warnings += n
		case "deselected":
			p.b.Omit("deselected tests", n)
		case "rerun":
			p.b.Omit("reruns", n)
		}
	}
	// As in pytest's JUnit XML, an xfailed test counts as skipped and an
	// xpassed one as passed; the omitted line keeps them apart.
	c.Skipped += xfailed
	c.Passed += xpassed
	// The total is the tests collected; -q does not print that number, so
	// it is also the sum of the outcomes, where a test that errored at
	// setup has no other outcome (one that errored at teardown has).
	c.Total = c.Passed + c.Failed + c.Skipped + p.setupErrs
	if p.collected > c.Total {
		c.Total = p.collected
	}
	p.b.AddTests(c)
	p.b.Omit("passed tests", c.Passed-xpassed)
	p.b.Omit("xfailed tests", xfailed)
	p.b.Omit("xpassed tests", xpassed)
	p.warnLines = 0
	p.b.Omit("warnings", warnings)
	p.endRun(true)
}

// endRun gives the run's failures to the builder, in order, and resets the
// run state (a log may hold several runs).
func (p *parser) endRun(final bool) {
	p.endBlock()
	if !final && p.warnLines > 0 {
		p.b.Omit("warnings", p.warnLines)
	}
	root := p.rootdir
	if root == "" {
		root = p.guessRoot()
	}
	next := 0
	suites := p.suiteSeen
	for i := 0; i < p.nblocks; i++ {
		if next < len(p.keptAt) && p.keptAt[next] == i {
			p.b.AddFailure(p.failure(p.kept[next], root))
			next++
			continue
		}
		// Off the page: the builder only counts it.
		f := report.Failure{Kind: report.KindAssertion}
		if suites > 0 {
			f.Kind = report.KindSuite
			suites--
		}
		p.b.AddFailure(f)
	}
	p.runStart = p.b.FailuresSeen()
	p.nblocks, p.catSeen, p.sumSeen = 0, [2]int{}, [2]int{}
	p.kept, p.keptAt = nil, nil
	p.byCat[0], p.byCat[1] = map[int]*pyBlock{}, map[int]*pyBlock{}
	p.suiteSeen, p.collected, p.setupErrs, p.warnLines = 0, -1, 0, 0
	p.rootdir = ""
	p.section = pySecNone
}

// guessRoot finds the directory pytest ran in when no rootdir line was
// printed (-q): the prefix that turns an absolute frame path into a node
// id's file.
func (p *parser) guessRoot() string {
	for _, k := range p.kept {
		file, _, _ := strings.Cut(k.nodeid, "::")
		if file == "" {
			continue
		}
		var cands []pyFrame
		if k.lineLoc != nil {
			cands = append(cands, *k.lineLoc)
		}
		for _, s := range k.sections {
			cands = append(cands, s.frames...)
		}
		for _, f := range cands {
			if filepath.IsAbs(f.file) && strings.HasSuffix(f.file, "/"+file) {
				return strings.TrimSuffix(f.file, "/"+file)
			}
		}
	}
	return ""
}

func (p *parser) rel(root, path string) string {
	if root != "" && strings.HasPrefix(path, root+"/") {
		return strings.TrimPrefix(path, root+"/")
	}
	return p.opt.Rel(path)
}

// failure builds the report failure of a block.
func (p *parser) failure(k *pyBlock, root string) report.Failure {
	f := report.Failure{Kind: report.KindAssertion}
	omit := func(what string, n int) { p.b.Omit(what, n) }
	omit("traceback lines", k.code)
	omit("chained exceptions", k.secCut)

	// Name and file: from the summary's node id, else from the heading.
	switch {
	case k.phase == "collect":
		file := k.nodeid
		if file == "" {
			file = strings.TrimPrefix(k.heading, "ERROR collecting ")
		}
		f.File, f.Name = file, "ERROR collecting "+file
		f.Kind = report.KindSuite
	case k.nodeid != "":
		file, name, _ := strings.Cut(k.nodeid, "::")
		f.File, f.Name = file, name
	default:
		f.Name = pyHeadingName(k.heading)
		if i := strings.Index(k.heading, ".py::"); i >= 0 {
			f.File = k.heading[:i+len(".py")]
		}
	}
	if k.phase == "setup" || k.phase == "teardown" {
		f.Kind = report.KindHook
	}

	pyPlaceOrphans(k)
	var last *pySection
	if n := len(k.sections); n > 0 {
		last = k.sections[n-1]
	}
	if f.File == "" && last != nil && last.first != nil {
		// No node id: a test's traceback starts in the test's own file.
		f.File = p.rel(root, last.first.file)
	}

	// Message, details and diff of the final exception.
	var msg string
	var details, diff []string
	if last != nil {
		msg, details, diff = p.excParts(last)
	}
	if k.lineLoc != nil || (msg == "" && k.lineMsg != "") {
		msg = k.lineMsg
	}
	if msg == "" {
		msg = k.sumMsg
	}
	if k.fromSum {
		p.b.Note("no traceback printed for some failures (--tb=no?): their messages come from the short test summary, cut to the terminal's width")
	}
	f.Message = msg
	switch {
	case strings.HasPrefix(msg, "Failed: Timeout"):
		f.Kind = report.KindTimeout
	case f.Kind != report.KindAssertion:
	case strings.HasPrefix(msg, "assert "), strings.HasPrefix(msg, "AssertionError"),
		strings.HasPrefix(msg, "Failed: "), strings.HasPrefix(msg, "[XPASS(strict)]"):
	default:
		f.Kind = report.KindError
	}
	switch {
	case k.phase == "setup" || k.phase == "teardown":
		f.Message = "ERROR at " + k.phase + ": " + msg
	case k.cat == 'E' && k.phase == "":
		// An error known only from the summary: setup or teardown.
		f.Kind = report.KindHook
		f.Message = strings.TrimSuffix("ERROR: "+msg, " ")
	}
	if limit := p.opt.DetailLimit(); len(details) > limit {
		omit("message lines", len(details)-limit)
		details = details[:limit]
	}

	// Location: the deepest frame in the test's own file; other frames in
	// user code, innermost first.
	var frames []pyFrame
	if last != nil {
		frames = append(frames, last.frames...)
		omit("stack frames", last.nframes-len(frames))
	}
	if k.lineLoc != nil {
		frames = append(frames, *k.lineLoc)
		if f.File == "" {
			f.File = p.rel(root, k.lineLoc.file)
		}
	}
	at := -1
	for i := len(frames) - 1; i >= 0; i-- {
		if f.File != "" && p.rel(root, frames[i].file) == f.File {
			at = i
			break
		}
	}
	if at >= 0 {
		f.Line = frames[at].line
	}
	dropped := 0
	for i := len(frames) - 1; i >= 0; i-- {
		if i == at {
			continue
		}
		fr := report.Frame{Func: frames[i].fn, File: p.rel(root, frames[i].file), Line: frames[i].line}
		if filters.Classify(fr) != filters.User || len(f.Frames) >= p.opt.FrameLimit() {
			dropped++
			continue
		}
		if fr.Func == "<module>" {
			fr.Func = ""
		}
		if (fr.File == f.File && fr.Line == f.Line) || (len(f.Frames) > 0 && f.Frames[len(f.Frames)-1].File == fr.File && f.Frames[len(f.Frames)-1].Line == fr.Line) {
			continue // the location says it already
		}
		f.Frames = append(f.Frames, fr)
	}
	omit("stack frames", dropped)

	// Earlier exceptions of the chain, oldest first.
	for i := 0; last != nil && i < len(k.sections)-1; i++ {
		s := k.sections[i]
		m, d, _ := p.excParts(s)
		if m == "" {
			continue
		}
		word := "while handling: "
		if k.sections[i+1].relation == "cause" {
			word = "caused by: "
		}
		shown := 0
		if loc := p.crashSite(s, root); loc != "" {
			m += " (" + loc + ")"
			shown = 1
		}
		details = append(details, word+m)
		for j, l := range d {
			if j == 2 {
				omit("message lines", len(d)-j)
				break
			}
			details = append(details, "  "+l)
		}
		omit("stack frames", s.nframes-shown)
	}

	// Captured output: the last lines of each section.
	omit("captured output lines", k.capLost)
	for _, c := range k.captures {
		if c.total == 0 {
			continue
		}
		head := "captured " + c.title + ":"
		if c.total > len(c.tail) {
			head = fmt.Sprintf("captured %s (last %d of %d lines):", c.title, len(c.tail), c.total)
			omit("captured output lines", c.total-len(c.tail))
		}
		details = append(details, head)
		for _, l := range c.tail {
			details = append(details, "  "+l)
		}
	}
	f.Details = details

	if !hasChange(diff) {
		// pytest cut the diff before its first change (-v on a long
		// sequence): only unchanged lines are left.
		omit("unchanged diff lines", len(diff))
	} else {
		kept, dropped := filters.TrimDiff(diff, p.opt.DiffContext())
		f.Diff = kept
		omit("unchanged diff lines", dropped)
	}
	return f
}

// pyPlaceOrphans gives a line to a chained exception whose long traceback
// lost its location line (a hand-edited or cut log): when another exception
// of the chain shows the same function with a known line, the two failing
// lines are the same distance apart as in their source listings, which
// both start at the function's def line.
func pyPlaceOrphans(k *pyBlock) {
	for _, s := range k.sections {
		off := s.entryOff()
		if s.nframes > 0 || off < 0 || s.fn == "" {
			continue
		}
		for _, o := range k.sections {
			for _, fr := range o.frames {
				if fr.fn == s.fn && fr.off >= 0 {
					s.addFrame(pyFrame{file: fr.file, line: fr.line - fr.off + off, fn: s.fn, off: off})
					break
				}
			}
			if s.nframes > 0 {
				break
			}
		}
	}
}

func hasChange(diff []string) bool {
	for _, l := range diff {
		if strings.HasPrefix(l, "-") || strings.HasPrefix(l, "+") {
			return true
		}
	}
	return false
}

// crashSite is where an exception of a chain was raised, in user code.
func (p *parser) crashSite(s *pySection, root string) string {
	for i := len(s.frames) - 1; i >= 0; i-- {
		fr := report.Frame{File: p.rel(root, s.frames[i].file), Line: s.frames[i].line}
		if filters.Classify(fr) == filters.User {
			return fr.String()
		}
	}
	return ""
}

// excParts splits an exception's text into its first line (the message),
// the introspection and message lines worth keeping, and the diff. The
// hints pytest adds (use -v, omitting identical items) are counted.
func (p *parser) excParts(s *pySection) (msg string, details, diff []string) {
	base := -1
	for _, l := range s.exc {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if n := len(l) - len(strings.TrimLeft(l, " ")); base < 0 || n < base {
			base = n
		}
	}
	hints, repeats := 0, 0
	seen := map[string]bool{}
	inDiff := false
	for _, l := range s.exc {
		if strings.TrimSpace(l) == "" {
			continue
		}
		rel := l[base:]
		if msg == "" {
			if rel[0] == ' ' {
				continue // the lines a SyntaxError prints before its message
			}
			msg = rel
			continue
		}
		t := strings.TrimSpace(rel)
		if pyHintRe.MatchString(t) {
			hints++
			if t == "Full diff:" {
				inDiff = true
			}
			continue
		}
		d := strings.TrimPrefix(rel, "  ")
		if m := pyWhereRe.FindStringSubmatch(t); m != nil && !inDiff {
			t = strings.Repeat("  ", max(0, len(m[1])-2)/2) + strings.TrimSpace(t[1:])
		} else if inDiff || strings.HasPrefix(d, "- ") || strings.HasPrefix(d, "+ ") || strings.HasPrefix(d, "? ") {
			inDiff = true
			diff = append(diff, d)
			continue
		}
		if seen[t] {
			repeats++
			continue
		}
		seen[t] = true
		details = append(details, t)
	}
	if len(s.exc) == 0 && len(s.plain) > 0 {
		msg, details = s.plain[0], append(details, s.plain[1:]...)
	} else {
		hints += len(s.plain)
	}
	p.b.Omit("pytest hint lines", hints+s.plainCut)
	p.b.Omit("repeated lines", repeats)
	p.b.Omit("message lines", s.excCut)
	return msg, details, diff
}
