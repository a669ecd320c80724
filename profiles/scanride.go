package profiles

import (
	"slices"
	"sync/atomic"

	"github.com/terse-dev/terse/internal/claim"
	"github.com/terse-dev/terse/internal/filters"
)

// A pipe whose head is a rules profile's tool (mocha's, TAP's, cargo's,
// a linter's) is read once, by that profile's shaper: its reader cuts and
// cleans the lines into batches (lineAhead), and the scan rides on it. The
// reader also notes every line as the scan takes it (blank ones, which the
// parser skips, too); the matchers, having found a batch's rules, claim its
// lines for the profile and look for failure signals, on the same core and
// the same memory; and the parser's goroutine hands each batch to the scan
// as it takes it, before it reads the batch's lines. Without it the scan
// had a reader, claimers and a feed of its own, and the shaper a second
// reader on that feed: each line was cut, cleaned and handed over twice.

// rideBatchLines is the most lines, blank ones included, a batch of a
// reader with a scan riding on it holds (tests make it small): a stream
// of blank lines, which the parser skips, still ends its batches.
var rideBatchLines = aheadLines

// scanLine is a line as a riding scan takes it: clean, without a cut
// mark or trailing blanks, and the input's bytes before its start and up
// to its end, line end included; ahead is its place in the batch's lines
// (-1: a blank line, which the parser skips), and indent the place of its
// first byte other than whitespace as the reader measured it (-1: not
// measured, for a blank line).
type scanLine struct {
	text          string
	from, end     int64
	ahead, indent int32
}

// rideBatch is a riding scan's part of a batch its reader read (lineAhead's
// lineBatch, which holds it): every line read, blank ones too, as the scan
// takes it; a matcher's claim of each (none: the scan claims them);
// whether they went unlooked-at for failure signals; and scanEnd, the
// input's bytes up to the end of the batch's last line, blank or left out
// of scan (scanLine.from: the line after's start).
type rideBatch struct {
	scan        []scanLine
	pre         []lineClaim
	unsignalled bool
	scanEnd     int64
}

// scanRide is a pipe's scan riding on a rules profile's reader.
type scanRide struct {
	sc   *scanner
	spec *Profile
	// red is scanReader.red: the lines the matchers claim once it is set
	// are not looked at for failure signals.
	red *atomic.Bool
	// claimers are the matchers' copies of the scan's claim index (none:
	// the scan claims every line itself).
	claimers []*claimIndex
	// ended is set once the parser has read to the end of the input:
	// the scan has taken every line.
	ended bool
}

// newScanRide is a scan that claims with x (an index no other scan uses)
// for spec, the profile the head was detected as, riding on its shaper's
// reader; red is the Red of the report that shaper builds.
func newScanRide(x *claimIndex, spec *Profile, red *atomic.Bool) *scanRide {
	r := &scanRide{sc: newScannerOn(x, spec), spec: spec, red: red}
	if !x.plain.claimAhead {
		// Copied here, before the scan uses its own.
		for range aheadMatchers {
			r.claimers = append(r.claimers, x.clone())
		}
	}
	return r
}

// claimer is matcher i's copy of the claim index (nil: none, or no ride).
func (r *scanRide) claimer(i int) *claimIndex {
	if r == nil || i >= len(r.claimers) {
		return nil
	}
	return r.claimers[i]
}

// rideLine is line, as the reader cleaned it (cut at the reader's limit
// when cut), as the parser reads it (a cut one ends in filters.CutMark,
// as a fed shaper's does), and as the scan takes it (text).
func rideLine(line string, cut bool) (parsed, text string) {
	text = trimEnd(line)
	if cut {
		line += filters.CutMark
	}
	return line, text
}

// rideScan notes text, a line as the scan takes it, with end, the input's
// bytes read up to its end, unless out (leavesOut); indent is the place of
// its first byte other than whitespace, ahead its place in the parser's
// lines, and blank says whether the parser skips the line.
func (b *rideBatch) rideScan(text string, end int64, indent int, ahead int32, blank, out bool) {
	from := b.scanEnd
	b.scanEnd = end
	if out {
		return
	}
	if blank {
		ahead, indent = -1, -1
	}
	// Set in place, as the reader's lines are (lineAhead.read).
	b.scan = append(b.scan, scanLine{})
	l := &b.scan[len(b.scan)-1]
	l.text, l.from, l.end, l.ahead, l.indent = text, from, end, ahead, int32(indent)
}

// leavesOut reports whether the scan goes without text, a line of b whose
// first byte other than whitespace is at n: in a batch whose lines are
// not looked at for failure signals, a line no signature may match
// (x.inert). Taking it would only move where the next line starts, which
// the next line's from says. Most lines of a failing run are such, and
// each cost the reader, a claimer and the scan a step. (A blank line
// stays: the scan places cuts at blank lines, and the reader sends a
// batch only once it holds a line.)
func (b *rideBatch) leavesOut(x *claimIndex, text string, n int, blank bool) bool {
	return b.unsignalled && !blank && x.inert(text, n)
}

// claim claims b's lines for spec with x, a matcher's copy of the claim
// index, looking at each for a failure signal until the report is sure to
// fail. The matcher has found the batch's rules: a line of a settled
// segment that a rule of spec's took, where that rule matches no line
// none of spec's signatures does (Profile.ruleImplies), is spec's, which
// is claimSettled's nil, without running a signature on it (a lint
// run's problem lines, a third of its lines, each ran one). ruleOf gives
// the rule the matcher found to take a line of the parser's, and the
// line's length.
func (r *scanRide) claim(x *claimIndex, b *rideBatch, ruleOf func(ahead int32) (rule, n int)) {
	c := lineClaimer{x: x, spec: r.spec, signals: !b.unsignalled}
	x.x.BeginBatch()
	defer x.x.EndBatch(len(b.scan))
	var implies []bool
	if !x.plain.impliedClaims && x.x.Lines() >= impliedAfterLines {
		implies = r.spec.ruleImplies()
	}
	b.pre = slices.Grow(b.pre[:0], len(b.scan))[:len(b.scan)]
	for i := range b.scan {
		l, p := &b.scan[i], &b.pre[i]
		switch {
		case !b.unsignalled && x.inert(l.text, int(l.indent)):
			// (The reader left such lines out of a batch whose
			// lines are not looked at for signals: see leavesOut.)
			*p = c.inert(l.text)
		case c.settled && implies != nil && takenBy(l, implies, ruleOf):
			*p = c.mine(l.text)
		default:
			*p = c.claim(l.text)
		}
	}
}

// impliedAfterLines is how many lines a claimer claims before it takes
// the shortcut of claim (plainPaths.impliedClaims): working out which rules
// imply a signature costs a few milliseconds, which a short pipe would
// feel (tests make it 0).
var impliedAfterLines = claim.UnionAfterLines

// takenBy reports whether a rule whose implies is set took l, as the
// matcher found: on the same text, which a line the reader cut or that
// ends in blanks is not (the scan's is trimmed).
func takenBy(l *scanLine, implies []bool, ruleOf func(ahead int32) (rule, n int)) bool {
	if l.ahead < 0 {
		return false
	}
	rule, n := ruleOf(l.ahead)
	return rule >= 0 && rule < len(implies) && implies[rule] && n == len(l.text)
}

// isRed reports whether the report being shaped is sure to fail.
func (r *scanRide) isRed() bool { return r != nil && r.red != nil && r.red.Load() }

// take hands b's lines to the scan, on the parser's goroutine, before the
// parser reads them (a batch is recycled once it has); lines is how many
// lines the parser reads of the batch.
func (r *scanRide) take(b *rideBatch, lines int) {
	if r == nil {
		return
	}
	sc := r.sc
	claimed := len(b.pre) == len(b.scan)
	sc.signals = !b.unsignalled
	if !sc.signals && (len(b.scan) > 0 || lines > 0) {
		sc.cur.unsignalled = true
	}
	for i := range b.scan {
		sc.start = b.scan[i].from
		if !claimed {
			sc.take(b.scan[i].text, b.scan[i].end, nil)
			continue
		}
		if !sc.signals && sc.passes(b.scan[i].text, &b.pre[i]) {
			sc.start = b.scan[i].end
			continue
		}
		sc.take(b.scan[i].text, b.scan[i].end, &b.pre[i])
	}
	// The lines the reader left out after the last taken.
	sc.start = b.scanEnd
}

// end notes that the parser has read to the end of the input.
func (r *scanRide) end() {
	if r != nil {
		r.ended = true
	}
}

// segments is the runs the scan found, once the shaping, which ended with
// err, is done.
func (r *scanRide) segments(err error) ([]*segment, error) {
	switch {
	case err != nil:
		return nil, err
	case !r.ended:
		return nil, errScanStopped
	}
	return r.sc.finish(), nil
}
