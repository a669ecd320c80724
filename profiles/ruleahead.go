package profiles

import (
	"errors"
	"io"
	"strings"
	"unsafe"

	"github.com/terse-dev/terse/internal/filters"
)

// Reading a rules profile's input is in two parts that can run at once on
// the two cores of a small machine: what a line is on its own (cleaned, and
// which of the profile's rules takes it first, with its groups) and what it
// means after the lines before it (open failures, blocks, details). The
// first part is most of the cost (the regexps) and needs no state, so a
// goroutine works it out a batch of lines ahead of the parser, which then
// runs no top-level regexp itself. The answer is the one apply would find:
// the first rule in order whose line filter passes and whose regexp
// matches (the filters only ever turn away lines the regexp would).

// newLineAhead starts the reader and the matchers on lr; with ride, a
// pipe's scan rides on them (scanRide).
func newLineAhead(p *Profile, lr *filters.LineReader, ride *scanRide) *lineAhead {
	a := &lineAhead{
		p: p, lr: lr, ride: ride,
		out:  make(chan *lineBatch, 2*aheadDepth),
		todo: make(chan *lineBatch, aheadDepth),
		free: make(chan *lineBatch, 2*aheadDepth+aheadMatchers+2),
		done: make(chan struct{}),
	}
	go a.read()
	for i := range aheadMatchers {
		go a.matcher(ride.claimer(i))
	}
	return a
}

// stop tells the reader the parser reads no more (it may be blocked
// handing over a batch); the matchers end when the reader has.
func (a *lineAhead) stop() {
	if !a.stopped {
		a.stopped = true
		close(a.done)
	}
}

// next is the next line and its rule, io.EOF after the last, or the error
// that ended the input.
func (a *lineAhead) next() (*aheadLine, *lineBatch, error) {
	for a.cur == nil || a.i >= len(a.cur.lines) {
		if a.cur != nil {
			if a.cur.err != nil {
				return nil, nil, a.cur.err
			}
			a.recycle(a.cur)
		}
		b, ok := <-a.out
		if !ok {
			a.ride.end()
			return nil, nil, io.EOF
		}
		<-b.matched
		if b.panicked != nil {
			a.stop()
			filters.Rethrow(b.panicked)
		}
		// The scan riding on the reader (scanride.go, a floor below)
		// takes each batch the parser reads, so that a line is read and
		// cleaned once for both, then the parser goes on here.
		a.ride.take(&b.rideBatch, len(b.lines))
		a.cur, a.i = b, 0
	}
	l := &a.cur.lines[a.i]
	a.i++
	return l, a.cur, nil
}

// recycle gives a read batch back to the reader.
func (a *lineAhead) recycle(b *lineBatch) {
	select {
	case a.free <- b:
	default:
	}
}

// batch is an empty batch, recycled when one is free.
func (a *lineAhead) batch() (b *lineBatch) {
	select {
	case b = <-a.free:
		b.lines, b.caps, b.text, b.size = b.lines[:0], b.caps[:0], b.text[:0], 0
		b.scan, b.pre = b.scan[:0], b.pre[:0]
		b.matched = make(chan struct{})
	default:
		b = &lineBatch{lines: make([]aheadLine, 0, aheadBatch), matched: make(chan struct{})}
	}
	// A riding scan looks at a batch's lines for failure signals unless
	// the report is sure to fail as the reader starts it: the reader then
	// leaves lines out, and the claimers and the scan go by the same
	// answer.
	b.unsignalled = a.ride.isRed()
	b.scanEnd = a.lr.Bytes
	return b
}

// send hands b to the parser and to the matchers, and says false when the
// parser has stopped.
func (a *lineAhead) send(b *lineBatch) bool {
	for _, ch := range []chan *lineBatch{a.out, a.todo} {
		select {
		case ch <- b:
		case <-a.done:
			return false
		}
	}
	return true
}

// read reads and cleans the input, a batch at a time.
func (a *lineAhead) read() {
	defer close(a.todo)
	defer close(a.out)
	b := a.batch()
	fed := a.lr.Fed()
	watch := a.lr.Watched()
	// The scan's index, read once: the scanner's other fields share its
	// cache line and the parser writes them on every line it takes, so a
	// read of it on every line waited for that line to come back from
	// the other core.
	var rideIdx *claimIndex
	if a.ride != nil {
		rideIdx = a.ride.sc.idx
	}
	for {
		var raw []byte
		var cut bool
		var err error
		if fed || a.p.plain.viewLines {
			raw, cut, err = a.lr.Next()
		} else {
			// Read into the batch's text, where its lines stay.
			raw, cut, err = a.lr.NextIn(&b.text)
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				b.err = err
			}
			// A riding scan takes the blank lines at the end too.
			if len(b.lines) > 0 || len(b.scan) > 0 || b.err != nil {
				a.send(b)
			}
			return
		}
		var line string
		switch {
		case fed:
			// A pipe's scan cleaned it, into a string of its own.
			line = unsafe.String(unsafe.SliceData(raw), len(raw))
		case a.p.plain.viewLines:
			line = filters.CleanLine(string(raw))
		default:
			// A view of the batch's text, or the cleaned copy.
			line = lineView(raw)
		}
		if watch != nil {
			watch(line)
		}
		var text string
		if a.ride != nil {
			line, text = rideLine(line, cut)
		}
		// Its indentation, measured once: blank reads it, and so do
		// the matcher's dispatch and the parser's.
		n, bits := lineIndent(line)
		blank := blankPast(line, n)
		if a.ride != nil {
			b.rideScan(text, a.lr.Bytes, n, int32(len(b.lines)), blank, b.leavesOut(rideIdx, text, n, blank))
		}
		if !blank {
			// Set in place: a literal appended was built on the
			// stack and copied 16 bytes at a time, each copy waiting
			// on the stores just made (a fifth of the reader's time).
			b.lines = append(b.lines, aheadLine{})
			l := &b.lines[len(b.lines)-1]
			l.line, l.indent, l.wsBits, l.open = line, int32(n), bits, -1
			b.size += len(line)
		}
		if full(len(b.lines), b.size, fed) || len(b.scan) >= rideBatchLines {
			if !a.send(b) {
				return
			}
			b = a.batch()
		}
	}
}

// matcher finds the rules of the batches' lines, batch after batch.
func (a *lineAhead) matcher(x *claimIndex) {
	var scratch []int
	for b := range a.todo {
		a.matchBatch(b, &scratch, x)
	}
}

// matchBatch finds the rules of b's lines, and with x, the matcher's copy
// of a riding scan's claim index, claims them; then it closes b.matched.
// A panic is handed to the parser with the batch.
func (a *lineAhead) matchBatch(b *lineBatch, scratch *[]int, x *claimIndex) {
	defer close(b.matched)
	defer filters.Catch(&b.panicked)
	guess := a.p.firstGuess()
	for i := range b.lines {
		l := &b.lines[i]
		if !a.p.plain.blockAhead && guess.inBlock() {
			a.matchStarts(l, b, scratch)
		} else {
			a.match(l, b, scratch)
		}
		if !a.p.plain.blockAhead {
			a.matchBlock(l, b, &guess, scratch)
		}
	}
	// After the rules: the claims read which rule took a line (a line
	// a rule of the profile took needs no signature run: impliedClaims),
	// through b.ruleOf.
	if x != nil {
		a.ride.claim(x, &b.rideBatch, b.ruleOf)
	}
}

// match finds the first top-level rule that takes l's line, as apply
// would, and files its groups' places in b; scratch is the matcher's groups
// buffer.
func (a *lineAhead) match(l *aheadLine, b *lineBatch, scratch *[]int) {
	a.matchUpTo(l, b, scratch, len(a.p.rules))
}

// matchUpTo is match for the rules before limit, and says whether one
// matched.
func (a *lineAhead) matchUpTo(l *aheadLine, b *lineBatch, scratch *[]int, limit int) bool {
	rules, line := a.p.rules[:limit], l.line
	l.rule = -1
	// The rules' indent filters, and the dispatch by indentation, turn
	// away the indented lines that the literal filters would scan for
	// mocha's '^\s+✔ ' and '^ {4,}\d+\) ' (blockdispatch.go).
	n, bits := int(l.indent), l.wsBits
	may := a.p.top.rules(line, n, bits)
	var g groups
	for i := nextRule(may, 0, len(rules)); i < len(rules); i = nextRule(may, i+1, len(rules)) {
		r := &rules[i]
		if r.takeIndented(line, n, bits, scratch, &g) {
			a.file(l, b, r, &g, i)
			return true
		}
	}
	return false
}

// takeIndented is take for a line whose leading run of whitespace
// (lineIndent) is n bytes of the wsBits bits: a rule with an indent filter
// is tried by it and its literals (blockMay) instead of the line filter.
func (r *compiledRule) takeIndented(line string, n int, bits uint8, buf *[]int, g *groups) bool {
	if !r.indent.on {
		return r.take(line, buf, g)
	}
	return r.blockMay(line, n, bits) && r.blockFind(line, buf, g)
}

// file records that rule i, r, takes l's line with groups g.
func (a *lineAhead) file(l *aheadLine, b *lineBatch, r *compiledRule, g *groups, i int) {
	off := len(b.caps)
	b.caps = append(b.caps, g.idx...)
	if r.Emit == EmitFailure {
		l.line, l.owned = strings.Clone(l.line), true
	}
	l.rule, l.off, l.n = int16(i), int32(off), int32(len(g.idx))
}

// matchStarts is match for the profile's failure rules alone (starts).
func (a *lineAhead) matchStarts(l *aheadLine, b *lineBatch, scratch *[]int) {
	starts, line := a.p.starts, l.line
	l.rule, l.starts = -1, true
	n, bits := int(l.indent), l.wsBits
	may := a.p.startLead.Rules(line)
	for i := nextRule(may, 0, len(starts)); i < len(starts); i = nextRule(may, i+1, len(starts)) {
		r := starts[i]
		var g groups
		if !r.takeIndented(line, n, bits, scratch, &g) {
			continue
		}
		// A failure starts here (its block ends first): the parser
		// applies the line's first rule, so the rules before this one
		// are run as match runs them.
		// (Its groups are filed first: the other rules' runs reuse
		// scratch.)
		l.starts = false
		a.file(l, b, r, &g, int(a.p.startAt[i]))
		// A rule before it that matches files itself over it; none
		// only sets rule (the line a copy of l would keep waited on
		// the stores file just made).
		rule := l.rule
		if !a.matchUpTo(l, b, scratch, int(a.p.startAt[i])) {
			l.rule = rule
		}
		return
	}
}
