package generic

import (
	"sort"
	"strings"

	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// Ranks of a problem line: what the agent must see first.
const (
	rankNone    = 0
	rankNote    = 1
	rankWarning = 2
	rankError   = 3
)

// classify ranks a cleaned line and says whether it starts a problem (a
// head: a new block) rather than adding to one. Lines that report a pass
// rank below every problem, whatever words their test's name holds. The
// order matters: a test runner's verdict line is read before the located
// forms, since a test name may hold "file:1: error"; words count last.
func classify(l string) (rank int, head bool) {
	t := l[indentOf(l):]
	if t == "" || parse.PassingLine(t) {
		return rankNone, false
	}
	if rank, ok := testVerdict(l, t); ok {
		return rank, rank > rankNone
	}
	if rank, ok := locatedProblem(l); ok {
		return rank, true
	}
	return bodyRank(l, t), false
}

// testVerdict reads the lines test runners open a failure with (TAP's "not
// ok", FAIL/ERROR words, unittest's "... FAIL", failure glyphs, cargo's
// "---- name stdout ----"). A TAP "not ok" excused by TODO or SKIP is a
// verdict too, of no problem: ok with rankNone.
func testVerdict(l, t string) (rank int, ok bool) {
	switch {
	case strings.HasPrefix(t, "not ok "):
		if parse.TAPDirective(t) {
			return rankNone, true
		}
		return rankError, true
	case t == l && (parse.HasWordPrefix(l, "FAIL") || parse.HasWordPrefix(l, "FAILED") || parse.HasWordPrefix(l, "ERROR")):
		return rankError, true
	case strings.HasSuffix(t, " ... FAIL") || strings.HasSuffix(t, " ... ERROR") || strings.HasSuffix(t, " ... FAILED"):
		return rankError, true
	case failMark(t):
		return rankError, true
	case strings.HasPrefix(t, "---- ") && strings.HasSuffix(t, " stdout ----"):
		return rankError, true // cargo test's failure header
	}
	return rankNone, false
}

// locatedProblem reads the heads compilers and linters print: a location
// and a severity or code (gcc, tsc, pylint, flake8, RuboCop, MSBuild), a severity at
// the margin (rustc), shellcheck's "In file line N:", mocha's "1) name".
// Their rank comes from the severity word or the lint code's letter.
func locatedProblem(l string) (rank int, ok bool) {
	// Byte scans (located.go), in the order the regexps they replaced were
	// tried: a line may fit more than one form.
	if rest, ok := afterLoc(l); ok {
		// The three located forms share their start: read once.
		if letter, ok := lintCode(rest); ok {
			return lintRank(letter), true
		}
		if word, ok := locSeverity(rest); ok {
			return severityRank(word), true
		}
		if letters, ok := codeFirst(rest); ok {
			// pyflakes' F codes are real mistakes, style codes notes.
			return lintRank(letters), true
		}
		if letter, ok := letterSeverity(rest); ok {
			return lintRank(letter), true
		}
	}
	if word, ok := msbuild(l); ok {
		return severityRank(word), true
	}
	if word, ok := severityHead(l); ok {
		return severityRank(word), true
	}
	if shellcheckHead(l) || numberedHead(l) {
		return rankError, true
	}
	return rankNone, false
}

// reSpace reports whether c is in the regexp class \s ([\t\n\f\r ]).
func reSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// trimReSpace drops the leading bytes the regexps' "^\s*" skips.
func trimReSpace(l string) string {
	i := 0
	for i < len(l) && reSpace(l[i]) {
		i++
	}
	return l[i:]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// bodyRank ranks a line that starts no problem but belongs to one: a panic,
// a traceback, rustc's "--> file:line:col", a line with a problem word. A
// line whose only problem word is "warning" ranks as a warning.
func bodyRank(l, t string) int {
	switch {
	case strings.Contains(t, "panicked at"), strings.HasPrefix(t, "Traceback (most recent call last)"):
		return rankError
	case arrowLoc(l):
		return rankNote
	case looksLikeProblem(l):
		if onlyWarning(l) {
			return rankWarning
		}
		return rankError
	}
	return rankNone
}

// failMark: a line that starts with a failure glyph (jest's "●", the
// crosses of spec reporters: "✕", "✖", "×", "✗", "✘").
func failMark(t string) bool {
	if t == "" || t[0] < 0xc0 {
		return false // every glyph is a multi-byte rune
	}
	for _, m := range []string{"● ", "✕ ", "✖ ", "× ", "✗ ", "✘ "} {
		if strings.HasPrefix(t, m) {
			return true
		}
	}
	return false
}

func severityRank(w string) int {
	switch w {
	case "error", "fatal error":
		return rankError
	case "warning":
		return rankWarning
	}
	return rankNote
}

func lintRank(letter string) int {
	switch letter {
	case "E", "F":
		return rankError
	case "W":
		return rankWarning
	}
	return rankNote
}

// onlyWarning: a problem line whose only problem word is "warning".
func onlyWarning(l string) bool {
	i := indexFold(l, "warning")
	if i < 0 {
		return false
	}
	return !looksLikeProblem(l[:i] + strings.Repeat(" ", len("warning")) + l[i+len("warning"):])
}

// Block sizes: a block keeps its problem lines and up to this many other
// lines (detail, context); a block holds at most blockProblems problem
// lines before the next one starts a block of its own.
const (
	blockDetail        = 8
	blockDetailVerbose = 40
	blockProblems      = 10
	contextAfter       = 2
)

// block is one problem in the middle of a long output: its head line, the
// lines that belong to it, and the heading it sits under when its lines
// are indented (a file name above lint rows).
type block struct {
	pos, end int // middle-line indexes [pos, end)
	rank     int
	heading  string
	lines    []string
	indent   int
	problems int
	detail   int
	cut      int
	lastProb int
}

// blockPager splits the middle of a long output into problem blocks and
// keeps those of one page of the list ordered by rank (errors, warnings,
// notes), then input order. It keeps at most offset+limit blocks of each
// rank: enough to pick the page once all counts are known.
type blockPager struct {
	win     report.Window
	detail  int
	n       int // middle lines seen
	cur     *block
	counts  [rankError + 1]int
	kept    [rankError + 1][]*block
	lastTop string // the last unindented plain line: a heading candidate
	topAt   int
	prev    string // the line before, when it was in no block
	prevAt  int
	cut     int    // detail lines beyond a block's budget
	spare   *block // a closed block off the page, for start to reuse
}

func newBlockPager(win report.Window, verbose bool) *blockPager {
	d := blockDetail
	if verbose {
		d = blockDetailVerbose
	}
	return &blockPager{win: win, detail: d, prevAt: -1, topAt: -1}
}

// indentOf is the count of leading spaces and tabs.
func indentOf(l string) int {
	i := 0
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	return i
}

// line takes the next middle line.
func (p *blockPager) line(l string) {
	idx := p.n
	p.n++
	rank, head := classify(l)
	c := p.cur
	switch {
	case rank > rankNone && (head || c == nil || idx-c.lastProb > contextAfter && indentOf(l) <= c.indent ||
		c.problems >= blockProblems):
		p.start(idx, l, rank)
	case rank > rankNone:
		c.add(l, idx)
		c.problems++
		c.lastProb = idx
		c.rank = max(c.rank, rank)
	case c != nil && (l == "" || indentOf(l) > c.indent || idx-c.lastProb <= contextAfter):
		if c.detail >= p.detail {
			p.cut++
			c.cut++
			c.end = idx + 1
		} else {
			c.add(l, idx)
			c.detail++
		}
	default:
		p.close()
		p.prev, p.prevAt = l, idx
	}
	if l != "" && indentOf(l) == 0 && rank == rankNone {
		p.lastTop, p.topAt = l, idx
	}
}

func (b *block) add(l string, idx int) {
	b.lines = append(b.lines, l)
	b.end = idx + 1
}

// start opens a block at a problem line. Its first lines are the line
// before it when that one names where the problem is (gcc's "In function
// 'f':"), and its heading the last unindented line when the block is
// indented under one.
func (p *blockPager) start(idx int, l string, rank int) {
	p.close()
	b := p.spare
	if b == nil {
		b = &block{}
	}
	p.spare = nil
	*b = block{pos: idx, end: idx + 1, rank: rank, indent: indentOf(l), problems: 1, lastProb: idx, lines: b.lines[:0]}
	if p.prevAt == idx-1 && p.prev != "" && !parse.PassingLine(strings.TrimSpace(p.prev)) && indentOf(p.prev) <= b.indent {
		b.pos = idx - 1
		b.lines = append(b.lines, p.prev)
	}
	if b.indent > 0 && p.topAt >= 0 && p.topAt < b.pos {
		b.heading = p.lastTop
	}
	b.lines = append(b.lines, l)
	p.cur = b
}

// close files the open block under its rank, kept when it can fall on the
// page.
func (p *blockPager) close() {
	b := p.cur
	if b == nil {
		return
	}
	p.cur = nil
	for len(b.lines) > 1 && b.lines[len(b.lines)-1] == "" {
		// A trailing blank line is decoration: dropped, and, like the
		// blank lines folded away, not worth a "1 line omitted" marker.
		b.lines = b.lines[:len(b.lines)-1]
	}
	i := p.counts[b.rank]
	p.counts[b.rank]++
	if p.win.Limit == 0 || i < p.win.Offset+p.win.Limit {
		p.kept[b.rank] = append(p.kept[b.rank], b)
		return
	}
	// Past the page: nothing refers to it, and the next block reuses it
	// and its lines, where a long log made and dropped one per problem.
	p.spare = b
}

// headingBefore is the heading of the lines that follow the middle, when
// they start indented under one that fell in the middle.
func (p *blockPager) headingBefore(after []string) string {
	if p.n == 0 || len(after) == 0 || indentOf(after[0]) == 0 || after[0] == "" {
		return ""
	}
	return p.lastTop
}

// linePage is the page of problem blocks, as lines to show.
type linePage struct {
	lines    []string
	total    int
	shown    int
	gapLines int // middle lines in no block: left out, counted
	cutLines int // detail lines beyond a block's budget
	// tailGap: lines between the page's last block and the tail are left
	// out, so the tail does not continue what is shown above it.
	tailGap bool
}

func (p *blockPager) finish() linePage {
	p.close()
	total := 0
	for _, n := range p.counts {
		total += n
	}
	// kept holds, per rank, a prefix of that rank's blocks; a block's
	// index in the list is the count of more severe blocks before it plus
	// its index in its rank.
	var page []*block
	before := 0
	for r := rankError; r > rankNone; r-- {
		for i, b := range p.kept[r] {
			if p.win.Keeps(before + i) {
				page = append(page, b)
			}
		}
		before += p.counts[r]
	}
	sort.Slice(page, func(i, j int) bool { return page[i].pos < page[j].pos })
	out := linePage{total: total, shown: len(page), cutLines: p.cut}
	shownLines := 0
	at := 0
	var prevHeading string
	prevEnd := -1
	for _, b := range page {
		if gap := b.pos - at; gap > 0 {
			out.lines = append(out.lines, omittedMarker(gap))
		}
		if b.heading != "" && !(b.heading == prevHeading && prevEnd == b.pos) {
			out.lines = append(out.lines, b.heading)
		}
		out.lines = append(out.lines, b.lines...)
		shownLines += b.end - b.pos - b.cut
		prevHeading, prevEnd = b.heading, b.end
		at = b.end
	}
	if gap := p.n - at; gap > 0 && p.n > 0 {
		out.lines = append(out.lines, omittedMarker(gap))
		out.tailGap = true
	}
	out.gapLines = max(0, p.n-shownLines-p.cut)
	return out
}
