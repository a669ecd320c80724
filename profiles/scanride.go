package profiles

import (
	"sync/atomic"

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
// reader on that feed: 1.2 times the CPU of this on mocha's 100 MB.

// rideScan turns the ride off: the scan then reads for itself and feeds
// the shaper (tests compare the two).
var rideScan = true

// rideBatchLines is the most lines, blank ones included, a batch of a
// reader with a scan riding on it holds (tests make it small): a stream
// of blank lines, which the parser skips, still ends its batches.
var rideBatchLines = aheadLines

// scanLine is a line as a riding scan takes it: clean, without a cut
// mark or trailing blanks, and the input's bytes up to its end, line end
// included; ahead is its place in the batch's lines (-1: a blank line,
// which the parser skips).
type scanLine struct {
	text  string
	end   int64
	ahead int32
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
	if claimAhead {
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

// rideLine notes line, as the reader cleaned it (cut at the reader's limit
// when cut), for the scan, with end, the input's bytes read up to its end;
// it returns the line the parser reads: a cut one ends in filters.CutMark,
// as a fed shaper's does.
func (b *lineBatch) rideLine(line string, cut bool, end int64) string {
	b.scan = append(b.scan, scanLine{text: trimEnd(line), end: end, ahead: -1})
	if cut {
		return line + filters.CutMark
	}
	return line
}

// claim claims b's lines for spec with x, a matcher's copy of the claim
// index, looking at each for a failure signal until the report is sure to
// fail. The matcher has found the batch's rules: a line of a settled
// segment that a rule of spec's took, where that rule matches no line
// none of spec's signatures does (Profile.ruleImplies), is spec's, which
// is claimSettled's nil, without running a signature on it (a lint
// run's problem lines, a third of its lines, each ran one).
func (r *scanRide) claim(x *claimIndex, b *lineBatch) {
	b.unsignalled = r.isRed()
	c := lineClaimer{x: x, spec: r.spec, signals: !b.unsignalled}
	x.beginBatch()
	defer x.endBatch(len(b.scan))
	var implies []bool
	if impliedClaims && x.trial.lines >= impliedAfterLines {
		implies = r.spec.ruleImplies()
	}
	for i := range b.scan {
		l := &b.scan[i]
		if c.settled && implies != nil && takenBy(b, l, implies) {
			b.pre = append(b.pre, c.mine(l.text))
			continue
		}
		b.pre = append(b.pre, c.claim(l.text))
	}
}

// impliedClaims turns the shortcut of claim off (tests compare the two);
// impliedAfterLines is how many lines a claimer claims before it takes it:
// working out which rules imply a signature costs a few milliseconds,
// which a short pipe would feel (tests make it 0).
var (
	impliedClaims     = true
	impliedAfterLines = unionAfterLines
)

// takenBy reports whether a rule whose implies is set took l, as the
// matcher found: on the same text, which a line the reader cut or that
// ends in blanks is not (the scan's is trimmed).
func takenBy(b *lineBatch, l *scanLine, implies []bool) bool {
	if l.ahead < 0 {
		return false
	}
	a := &b.lines[l.ahead]
	return a.rule >= 0 && int(a.rule) < len(implies) && implies[a.rule] && len(a.line) == len(l.text)
}

// isRed reports whether the report being shaped is sure to fail.
func (r *scanRide) isRed() bool { return r.red != nil && r.red.Load() }

// take hands b's lines to the scan, on the parser's goroutine, before the
// parser reads them (a batch is recycled once it has).
func (r *scanRide) take(b *lineBatch) {
	if r == nil {
		return
	}
	sc := r.sc
	claimed := len(b.pre) == len(b.scan)
	if !claimed {
		b.unsignalled = r.isRed()
	}
	sc.signals = !b.unsignalled
	if !sc.signals && len(b.scan) > 0 {
		sc.cur.unsignalled = true
	}
	for i := range b.scan {
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
