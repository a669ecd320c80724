package profiles

// What the reader and matchers of a rules profile (ruleahead.go) hand the
// parser (rules.go) for each line, a batch at a time, with the test of a
// blank line both of them use. It is below both, so that neither needs
// the other's file to say what a line read ahead is.

import (
	"strings"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/filters"
)

// aheadLine is one non-blank cleaned line and the first top-level rule that
// matches it (-1: none), with its groups' places at caps[off:off+n] of the
// batch.
//
// Its fields are ordered and sized so that it takes 64 bytes, a cache line:
// the reader writes one for every line, on one core, and the matchers and
// the parser read it on the other (a rule's index fits 16 bits: maxRules).
// Short lines (mocha's) make the per-line record the cost that shows.
type aheadLine struct {
	line string
	// may, known and hit are, of the block rules of the failure rule
	// whose block the matcher guessed is open at line (open), those its
	// dispatch passes, those the matcher ran, and those of them that
	// matched, their groups in the batch's caps from boff on (a count,
	// then the places) (blockahead.go).
	may, known, hit uint64
	off, n          int32
	boff            int32
	// indent and wsBits are lineIndent's answer for line: the reader
	// measures it, and the dispatches read it.
	indent int32
	rule   int16
	open   int16
	wsBits uint8
	// owned is set when line is a string of its own, not a view of the
	// batch's text: the worker copies the line of a failure, which the
	// report keeps, so that the parser need not (see emit).
	owned bool
	// starts is set when the matcher, guessing the line is inside a
	// block, ran only the failure rules on it (the others would only
	// matter if the block ended there): rule is then the first of them
	// that matches, and the parser runs the other rules before it
	// itself (see apply).
	starts bool
}

// lineBatch is a batch of lines worked out ahead, and the error that ended
// the input after them (nil while there is more).
type lineBatch struct {
	lines []aheadLine
	// panicked is a panic of the matcher's on this batch, which the
	// parser raises again (filters.Catch).
	panicked *filters.Panicked
	caps     []int
	// text holds the input as the reader read it (LineReader.NextIn),
	// and the lines that needed no cleaning are views of it: a batch is
	// recycled once the parser has read past it, and what the parser
	// keeps of a line it copies (see rulesParser), so a line costs no
	// allocation or copy of its own.
	text []byte
	err  error
	// size is the bytes of the lines.
	size int
	// matched is closed once a matcher has found the rules of lines.
	matched chan struct{}
	// rideBatch is a pipe's scan's part when it rides on the reader
	// (scanRide).
	rideBatch
	// The batch fills whole cache lines (192 bytes: the allocator's
	// objects of that size start on a line's boundary): the reader reads
	// unsignalled on every line it fills this batch with, while a
	// matcher writes the caps and pre of another batch, whose last bytes
	// shared that cache line when a batch was 176 bytes.
	_ [16]byte
}

// lineAhead runs the reader and the matchers, and hands their batches to
// the parser in the order of the input. The reader reads and cleans a
// batch, then gives it both to the parser's queue (out) and to the
// matchers' (todo); the parser waits for a batch's matched before reading
// it. Matching is most of the work, and two matchers keep both cores busy
// when the parser has little to do (a linter's problem lines).
type lineAhead struct {
	// The reader and the matchers read these on every line; they are
	// never written once those run.
	p    *Profile
	lr   *filters.LineReader
	out  chan *lineBatch
	todo chan *lineBatch
	free chan *lineBatch
	done chan struct{}
	// ride, when not nil, is a pipe's scan, fed every line read.
	ride *scanRide
	// The parser's place, which it writes on every line it reads, lies
	// a cache line away from the fields above and from whatever follows
	// the struct: on the same line, every write took the line from the
	// other core, and the reader and the matchers waited for it back.
	_   [cacheLine]byte
	cur *lineBatch
	i   int
	// stopped is set once stop has run.
	stopped bool
	_       [cacheLine]byte
}

// cacheLine is the size of a cache line on the machines terse runs on (64
// bytes on x86-64 and most arm64; 128 on Apple's, which the pad covers
// at worst by halves).
const cacheLine = 64

// ruleOf is the rule the matcher found to take line ahead of b (-1: none)
// and the line's length, for a riding scan's claims (scanRide.claim).
func (b *lineBatch) ruleOf(ahead int32) (rule, n int) {
	a := &b.lines[ahead]
	return int(a.rule), len(a.line)
}

// groups sets *g to the groups of l's rule, read from b.
func (l *aheadLine) groups(r *compiledRule, b *lineBatch, g *groups) {
	if !r.named {
		g.plain(l.line)
		return
	}
	g.of(r, l.line, b.caps[l.off:l.off+l.n])
}

// blank says whether line is empty or all white space, as
// strings.TrimSpace(line) == "" does, without trimming a line that starts
// with a printable ASCII byte (nearly every line).
func blank(line string) bool {
	n, _ := lineIndent(line)
	return blankPast(line, n)
}

// blankPast is blank for a line whose leading run of ASCII white space is
// its first n bytes (lineIndent): the byte after the run, if any, is other
// than ASCII white space, so only one past ASCII may start more white
// space. (Small enough to inline: the reader asks it of every line.)
func blankPast(line string, n int) bool {
	return n >= len(line) || line[n] >= utf8.RuneSelf && strings.TrimSpace(line[n:]) == ""
}
