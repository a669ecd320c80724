package pytest

import (
	"strconv"
	"strings"
	"unicode"
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
	spare    *pySpare // the parser's, for section records
}

func (k *pyBlock) cur() *pySection {
	if len(k.sections) == 0 {
		s := k.spare.section()
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
	s := k.spare.section()
	s.relation = relation
	s.resetEntry()
	k.sections = append(k.sections, s)
	return s
}

// blockLine reads a line of the FAILURES or ERRORS section. A block is read
// in layers: its heading, its captured-output sections, then the chain of
// exceptions, each a traceback in one of pytest's styles.
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
		p.tbLine(line)
		return
	}
	if p.captureLine(k, c0, line) {
		return
	}
	s, chained := k.chainLine(line)
	switch {
	case chained:
	case s.native && !s.inExc:
		p.nativeLine(k, s, line)
	case s.inExc:
		s.nativeExcLine(line)
	case line == "E" || strings.HasPrefix(line, "E "):
		s.excLine(strings.TrimPrefix(line, "E"))
	case sep:
		k.code++
		s.resetEntry()
	default:
		k.entryLine(s, c0, line, raw)
	}
}

// tbLine reads a failure of --tb=line, which prints one line per failure
// without a heading: its location and message, or only a message.
func (p *parser) tbLine(line string) {
	if line == "" {
		return
	}
	p.startBlock("")
	k := p.block
	if file, n, rest, ok := pyLoc(line); ok {
		k.lineLoc = &pyFrame{file: file, line: n, off: -1}
		k.lineMsg = rest
	} else {
		k.lineMsg = line
	}
	p.endBlock()
}

// captureLine reads the "---- Captured stdout call ----" sections that
// follow a traceback, keeping each one's last lines (a ring, so a test that
// prints a lot costs no memory). It reports whether the line was theirs.
func (p *parser) captureLine(k *pyBlock, c0 byte, line string) bool {
	if title, ok := pyCaptureTitle(c0, line); ok {
		if len(k.captures) < pyMaxCaptures {
			k.capture = &pyCapture{title: strings.ToLower(title)}
			k.captures = append(k.captures, k.capture)
		} else {
			k.capture = &pyCapture{lost: true}
		}
		return true
	}
	c := k.capture
	if c == nil {
		return false
	}
	if c.lost {
		k.capLost++
		return true
	}
	c.total++
	limit := p.captureLimit()
	if len(c.tail) == limit {
		copy(c.tail, c.tail[1:])
		c.tail = c.tail[:limit-1]
	}
	c.tail = append(c.tail, line)
	return true
}

// chainLine reads the lines that open a new exception of the chain: the
// two sentences that link exceptions, and a native traceback's first line.
// It returns the exception the line belongs to and whether it was one of them.
func (k *pyBlock) chainLine(line string) (*pySection, bool) {
	s := k.cur()
	switch line {
	case "The above exception was the direct cause of the following exception:":
		k.newSection("cause")
	case "During handling of the above exception, another exception occurred:":
		k.newSection("context")
	case "Traceback (most recent call last):":
		if !s.empty() {
			s = k.newSection("")
		}
		s.native = true
	default:
		return s, false
	}
	return s, true
}

// nativeExcLine reads the exception text of a native traceback, which runs
// to the first blank line.
func (s *pySection) nativeExcLine(line string) {
	if line == "" {
		s.native, s.inExc = false, false
		return
	}
	s.addExc(line)
}

// excLine reads a line of the "E" column, the exception's text. A
// SyntaxError names the file and line of the bad code in it: that is a frame.
func (s *pySection) excLine(e string) {
	if f, ok := pyNativeLoc(e); ok {
		s.addFrame(f)
	}
	s.addExc(e)
}

// entryLine reads a line of a long or short traceback entry: its location
// line, a missing fixture's "file x, line n", or its source listing and
// plain text.
func (k *pyBlock) entryLine(s *pySection, c0 byte, line, raw string) {
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
	case pyIsSource(line, raw, t):
		k.sourceLine(s, line, raw, t)
	case t == "":
	case pyIsFuncarg(line):
		k.code++ // a test's arguments, printed above its source
	default:
		s.addPlain(t)
	}
}

// pyIsSource reports whether a line is of a source listing: indented, the
// failing line (">"), or "???" where the source is not available. The raw
// line is asked, since a listing's blank lines keep their indentation.
func pyIsSource(line, raw, t string) bool {
	return strings.HasPrefix(raw, ">") || strings.HasPrefix(raw, "    ") || strings.HasPrefix(line, "  ") || t == "???"
}

// sourceLine counts a source line, and notes where the entry's def line
// and failing line are: their distance places a chained exception whose
// location line was lost (pyPlaceOrphans).
func (k *pyBlock) sourceLine(s *pySection, line, raw, t string) {
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
}

// pyLoc reads a traceback location line: "tests/test_x.py:45: AssertionError"
// (long), "src/x.py:12: in helper" (short), "/abs/x.py:45: msg" (--tb=line),
// "/abs/x.py:23" (a fixture that is not found), "<frozen x>:12: in f". The
// path holds no space. Hand-written: it runs on most lines of a traceback.
func pyLoc(line string) (file string, n int, rest string, ok bool) {
	if line == "" || line[0] == ' ' || line[0] == '>' {
		return "", 0, "", false
	}
	end := pyPathEnd(line)
	if end < 0 {
		return "", 0, "", false
	}
	n, rest, ok = pyLineNumber(line[end+1:])
	if !ok {
		return "", 0, "", false
	}
	return line[:end], n, rest, true
}

// pyPathEnd is the index of the colon after a location's path, or -1: the
// path is a "<frozen x>" module or a .py or .pyx file.
func pyPathEnd(line string) int {
	if line[0] == '<' {
		if i := strings.Index(line, ">:"); i > 0 {
			return i + 1
		}
		return -1
	}
	for i := 0; i+3 < len(line) && line[i] != ' '; i++ {
		if line[i] == '.' && line[i+1] == 'p' && line[i+2] == 'y' {
			if j := pyExtColon(line, i+3); j >= 0 {
				return j
			}
		}
	}
	return -1
}

// pyExtColon is the index of the colon that ends a ".py" or ".pyx" path
// whose "py" ends before j, or -1 when something else follows.
func pyExtColon(line string, j int) int {
	if j < len(line) && line[j] == 'x' {
		j++
	}
	if j < len(line) && line[j] == ':' {
		return j
	}
	return -1
}

// pyLineNumber reads what follows a location's path: the line number (at
// most nine digits), then nothing or ":" and the rest of the line.
func pyLineNumber(s string) (n int, rest string, ok bool) {
	d := 0
	for d < len(s) && s[d] >= '0' && s[d] <= '9' {
		d++
	}
	if d == 0 || d > 9 {
		return 0, "", false
	}
	n, _ = strconv.Atoi(s[:d])
	switch {
	case d == len(s):
	case s[d] == ':':
		rest = strings.TrimPrefix(s[d+1:], " ")
	default:
		return 0, "", false
	}
	return n, rest, true
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

// pyNativeLoc reads a native traceback's frame line, `  File "path", line
// N, in fn` (a SyntaxError's line has no ", in fn"). A byte scan rather
// than a regular expression: it is asked of every line of a native
// traceback, where the expression was the parser's main cost. As the
// greedy expression did, the path runs to the last `", line ` that a line
// number and then the end or ", in fn" follow.
func pyNativeLoc(line string) (pyFrame, bool) {
	i := 0
	for i < len(line) && pyIsSpace(line[i]) {
		i++
	}
	rest, ok := strings.CutPrefix(line[i:], `File "`)
	if !ok || strings.IndexByte(rest, '\n') >= 0 {
		return pyFrame{}, false
	}
	const sep = `", line `
	for end := strings.LastIndex(rest, sep); end > 0; end = strings.LastIndex(rest[:end], sep) {
		if n, fn, ok := pyNativeTail(rest[end+len(sep):]); ok {
			return pyFrame{file: rest[:end], line: n, fn: fn, off: -1}, true
		}
	}
	return pyFrame{}, false
}

// pyNativeTail reads what follows `", line ` in a native frame line: the
// line number, then the end or ", in " and the function's name.
func pyNativeTail(s string) (n int, fn string, ok bool) {
	d := 0
	for d < len(s) && s[d] >= '0' && s[d] <= '9' {
		d++
	}
	if d == 0 {
		return 0, "", false
	}
	n, _ = strconv.Atoi(s[:d])
	if d == len(s) {
		return n, "", true
	}
	fn, ok = strings.CutPrefix(s[d:], ", in ")
	if !ok || fn == "" {
		return 0, "", false
	}
	return n, fn, true
}

// pyIsSpace is the white space of regular expressions' \s.
func pyIsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// pyCaptureTitle reads a "---- Captured stdout call ----" rule: it
// returns what follows "Captured " ("stdout call").
func pyCaptureTitle(c0 byte, line string) (string, bool) {
	if c0 != '-' {
		return "", false
	}
	title, ok := pyRuleTitle(line, '-')
	if !ok {
		return "", false
	}
	what, ok := strings.CutPrefix(title, "Captured ")
	return what, ok && what != ""
}

// pyIsFuncarg reports whether a line is a test's argument as a long
// traceback prints it above the source, "name = value": a name of word
// characters and dots at the margin, then " = ".
func pyIsFuncarg(line string) bool {
	i := 0
	for i < len(line) && pyIsWordOrDot(line[i]) {
		i++
	}
	return i > 0 && strings.HasPrefix(line[i:], " = ")
}

// pyIsWordOrDot is the class [\w.] of regular expressions: ASCII only.
func pyIsWordOrDot(c byte) bool {
	return c == '_' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

// nativeLine reads a --tb=native traceback: frames with their source lines,
// then the exception text.
func (p *parser) nativeLine(k *pyBlock, s *pySection, line string) {
	if f, ok := pyNativeLoc(line); ok {
		s.addFrame(f)
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
