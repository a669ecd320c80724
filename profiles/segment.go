package profiles

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"unsafe"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
)

// spoolMem is how much of a text input is held in memory for the second
// pass; the rest goes to a temporary file.
const spoolMem = 8 << 20

// spoolBlock is the size of the blocks a spool holds in memory: filled
// one after the other, never copied to grow (a growing buffer holds its old
// and new copies at once, which a pipe's peak memory would show).
const spoolBlock = 1 << 20

// spool keeps a stream for reading again: in memory, then in a temporary
// file.
type spool struct {
	blocks [][]byte
	file   *os.File
	size   int64
}

func (s *spool) Write(p []byte) (int, error) {
	if s.file == nil && s.size+int64(len(p)) <= spoolMem {
		s.size += int64(len(p))
		s.keep(p)
		return len(p), nil
	}
	s.size += int64(len(p))
	if s.file == nil {
		f, err := os.CreateTemp("", "terse-input-*")
		if err != nil {
			return 0, fmt.Errorf("spooling input: %w", err)
		}
		s.file = f
		for _, b := range s.blocks {
			if _, err := f.Write(b); err != nil {
				return 0, fmt.Errorf("spooling input: %w", err)
			}
		}
		s.blocks = nil
	}
	if _, err := s.file.Write(p); err != nil {
		return 0, fmt.Errorf("spooling input: %w", err)
	}
	return len(p), nil
}

// keep copies p into the blocks in memory.
func (s *spool) keep(p []byte) {
	for len(p) > 0 {
		n := len(s.blocks)
		if n == 0 || len(s.blocks[n-1]) == cap(s.blocks[n-1]) {
			s.blocks = append(s.blocks, make([]byte, 0, spoolBlock))
			n++
		}
		b := s.blocks[n-1]
		k := min(len(p), cap(b)-len(b))
		s.blocks[n-1] = append(b, p[:k]...)
		p = p[k:]
	}
}

// Reread is section, for a spool that stands in for an input's own copy.
func (s *spool) Reread(from, to int64) (io.Reader, error) { return s.section(from, to), nil }

// section reads bytes [from, to) of what was written.
func (s *spool) section(from, to int64) io.Reader {
	if s.file != nil {
		return io.NewSectionReader(s.file, from, to-from)
	}
	var parts []io.Reader
	at := int64(0)
	for _, b := range s.blocks {
		lo, hi := max(from, at), min(to, at+int64(len(b)))
		if lo < hi {
			parts = append(parts, bytes.NewReader(b[lo-at:hi-at]))
		}
		at += int64(len(b))
	}
	return io.MultiReader(parts...)
}

func (s *spool) close() {
	if s.file != nil {
		s.file.Close()
		os.Remove(s.file.Name())
	}
}

// segment is a part of the input one profile claims: bytes [from, to).
type segment struct {
	prof     *Profile
	from, to int64
	// claimed counts the lines the profile's signatures matched; hits the
	// distinct signatures that matched.
	claimed int
	hits    map[int]bool
	sig     signals
	// blankAfter places the cut before the next tool: after the block
	// that holds this tool's last claimed line, at the start of the first
	// blank line after that line (-1: no blank line since).
	blankAfter int64
	// unsignalled is set when lines of the segment were not looked at
	// for failure signals (scanFed's red): sig does not hold them all.
	unsignalled bool
	// lead, when past from, is where the tool's own lines start in the
	// stream's first run: the lines before it no tool claims (a build's
	// log before its tests), in which leadN failure signals were seen
	// (splitLead).
	lead  int64
	leadN int
}

// strong reports whether the segment is a tool's run rather than a line of
// one tool's output that looks like another's: its profile's detection
// threshold met, by more than one line.
func (g *segment) strong() bool {
	return g.prof != nil && len(g.hits) >= g.prof.Detect.Min && g.claimed >= 2
}

// claimIndex finds which profiles' detection signatures a line matches
// without trying each: every signature has a gate (the bytes a matching
// the runs of the tools it holds, with the failure signals of each.
func (s *Set) scanSegments(in io.Reader, sp io.Writer) ([]*segment, error) {
	return s.scanFed(io.TeeReader(in, sp), nil, fedOwn, nil, false, nil, nil)
}

// indexAhead is a claim index being built on another goroutine.
type indexAhead struct {
	done     chan struct{}
	x        *claimIndex
	panicked *filters.Panicked
}

// buildIndexAhead starts building the claim index of all. A pipe needs it
// once its head is detected, and on a small input building it (about
// 1.4 ms: the gates of every signature) costs as much as the detection
// (compiling the signatures the head may hold): on the other core, the
// two take the time of one.
func buildIndexAhead(all []*Profile, plain plainPaths) *indexAhead {
	a := &indexAhead{done: make(chan struct{})}
	go func() {
		defer close(a.done)
		defer filters.Catch(&a.panicked)
		a.x = newClaimIndex(all, plain)
	}()
	return a
}

// index waits for the index, and raises a panic of its builder's here.
func (a *indexAhead) index() *claimIndex {
	<-a.done
	filters.Rethrow(a.panicked)
	return a.x
}

// scanFed is scanSegments on a stream that is copied where it needs to be
// already, handing its cleaned lines to feed when feed is not nil (views:
// its reader copies what it keeps, so they may be views). With
// ahead, claimers claim the lines ahead for spec, the profile the head was
// detected as (nil: none).
//
// idx, when not nil, is the claim index being built already (nil: the scan
// builds it). red, when not nil, is the Red of the report shaped from the
// same lines: the lines read once it is set are not looked at for failure
// signals (scanReader.red), and their segments say so (unsignalled).
func (s *Set) scanFed(in io.Reader, feed *filters.LineFeed, own fedLines, spec *Profile, ahead bool, idx *indexAhead, red *atomic.Bool) (segs []*segment, err error) {
	var sc *scanner
	if idx != nil {
		sc = newScannerOn(idx.index(), spec)
	} else {
		sc = newScanner(s, spec)
	}
	var claims *claimIndex
	if ahead {
		claims = sc.idx
	}
	rd := startScanRead(in, feed != nil, own, claims, spec, red)
	defer rd.stop()
	// The reader's counts are read once it is done: after its last
	// batch (the input's end, or the error that ended it).
	read := false
	if feed != nil {
		defer func() {
			if !read {
				feed.Close(errScanStopped, 0, 0)
				return
			}
			feed.Close(err, rd.lr.CutLines, rd.lr.CutBytes)
		}()
	}
	// The lines of the batches the scan cleans itself (the first, and
	// every one without claimers) are cut from its own blocks.
	var strs parse.LineStrings
	for b := range rd.out {
		if b.claimed != nil {
			b.waitClaimed()
		} else {
			b.clean(&strs)
			b.unsignalled = rd.isRed()
		}
		if feed != nil {
			feed.Send(b.lines, b.cut)
		}
		sc.signals = !b.unsignalled
		for i := range b.lines {
			var pre *lineClaim
			if b.claimed != nil {
				pre = &b.pre[i]
			}
			sc.take(b.line(i), b.ends[i], pre)
		}
		if b.err != nil {
			read = true
			return nil, b.err
		}
		rd.recycle(b)
	}
	read = true
	return sc.finish(), nil
}

// errScanStopped ends the feed when the scan stopped before the input did.
var errScanStopped = errors.New("the scan stopped before the end of the input")

// scanner splits a stream into segments, a line at a time.
type scanner struct {
	idx  *claimIndex
	spec *Profile // the profile the claimers claim for
	// done are the segments before cur, joined (joinSeg).
	done  []*segment
	cur   *segment
	start int64 // where the line being taken starts
	// signals says whether the lines taken are looked at for failure
	// signals (else their segments are unsignalled).
	signals bool
	// blank is where the last blank line before any claimed line starts
	// (-1: none yet), blankSig the failure signals seen before it, and
	// sinceBlank the lines taken since: a tool's output that starts with
	// a blank line and a line no signature claims (eslint's first file)
	// starts its run there (leadBack).
	blank      int64
	blankSig   int
	sinceBlank int
}

// leadBack is how many lines before the first claimed line a run after an
// unclaimed lead may start, at a blank line: eslint's first file's name
// went to the lead, and its problems had no file.
const leadBack = 3

func newScanner(s *Set, spec *Profile) *scanner {
	return newScannerOn(newClaimIndex(s.All(), s.plain), spec)
}

// newScannerOn is a scanner that claims with x, an index no other scanner
// uses.
func newScannerOn(x *claimIndex, spec *Profile) *scanner {
	cur := &segment{hits: map[int]bool{}, blankAfter: -1}
	return &scanner{idx: x, spec: spec, cur: cur, signals: true, blank: -1}
}

// take claims clean line l, which ends at byte end, for a tool, and starts
// a segment when the tool changes. pre, when not nil, is what the
// claimers found for l.
func (sc *scanner) take(l string, end int64, pre *lineClaim) {
	cur := sc.cur
	p, sig := sc.claimOwn(l, pre)
	switch {
	case p == nil:
		switch {
		case cur.prof != nil:
			if l == "" && cur.blankAfter < 0 {
				cur.blankAfter = sc.start
			}
		case l == "":
			sc.blank, sc.blankSig, sc.sinceBlank = sc.start, cur.sig.n, 0
		default:
			sc.sinceBlank++
		}
	case cur.prof == nil || p == cur.prof:
		if cur.prof == nil && sc.start > cur.from {
			cur.lead, cur.leadN = sc.start, cur.sig.n
			// Not over a failure signal: a lead that shows one is not
			// split off (splitLead), and a run's profile that drops
			// unmatched lines would count the signal's among them.
			if sc.blank > cur.from && sc.sinceBlank <= leadBack && sc.blankSig == cur.sig.n {
				cur.lead, cur.leadN = sc.blank, sc.blankSig
			}
		}
		cur.prof = p
		cur.claimed++
		cur.hits[sig] = true
		cur.blankAfter = -1
	default:
		cut := sc.start
		if cur.blankAfter >= 0 {
			cut = cur.blankAfter
		}
		cur.to = cut
		sc.done = joinSeg(sc.done, cur)
		next := &segment{prof: p, from: cut, claimed: 1, hits: map[int]bool{sig: true}, blankAfter: -1}
		sc.cur, cur = next, next
	}
	switch {
	case !sc.signals:
		cur.unsignalled = true
	case pre != nil:
		cur.sig.feedKnown(l, pre.fail)
	default:
		cur.sig.feed(l)
	}
	sc.start = end
}

// claimOwn is claim, but a line the current run's profile holds
// (Detect.Holds) stays the run's, whoever else claims it: nil.
func (sc *scanner) claimOwn(l string, pre *lineClaim) (*Profile, int) {
	p, sig := sc.claim(l, pre)
	if cur := sc.cur.prof; p != nil && cur != nil && p != cur && cur.held(l) {
		return nil, sig
	}
	return p, sig
}

// claim is the profile that claims l, and by which signature. The
// claimers' answer holds while the segment is the profile they claimed
// for: claim's always, claimSettled's while the segment is settled. (Where
// claim's gives the current profile, claimSettled's nil changes nothing:
// claimSettled says why.)
func (sc *scanner) claim(l string, pre *lineClaim) (*Profile, int) {
	cur := sc.cur
	settled := !sc.idx.plain.settleClaims && l != "" && cur.blankAfter < 0 && cur.strong()
	switch {
	case pre != nil && cur.prof == sc.spec && (pre.known || settled):
		return pre.prof, int(pre.sig)
	case settled:
		return sc.idx.claimSettled(l, cur.prof)
	}
	return sc.idx.claim(l, cur.prof)
}

// passes reports whether taking l, with the claimers' answer pre, would
// change nothing but where the next line starts: nobody claims it, it is
// not a blank line that places a cut, and signals are not looked for (the
// caller checks that). Most lines of a long run are such; a riding scan
// passes them by without a call (scanRide.take).
func (sc *scanner) passes(l string, pre *lineClaim) bool {
	cur := sc.cur
	if pre.prof != nil || cur.prof != sc.spec || cur.prof == nil {
		return false
	}
	if l == "" {
		return pre.known && cur.blankAfter >= 0
	}
	return pre.known || !sc.idx.plain.settleClaims && cur.blankAfter < 0 && cur.strong()
}

// finish ends the last segment at the end of the input and joins the
// segments that are not a tool's run to their neighbours.
func (sc *scanner) finish() []*segment {
	sc.cur.to = sc.start
	return joinSeg(sc.done, sc.cur)
}

// lineView is the clean text of raw, a line the reader holds in its
// buffer: raw itself, not a copy, when it needs no cleaning (most lines).
// It is valid until the next line is read: what keeps it copies it (the
// signals keep a few lines).
func lineView(raw []byte) string {
	if len(raw) == 0 {
		return ""
	}
	return filters.CleanLine(unsafe.String(&raw[0], len(raw)))
}

// joinSeg adds g, a segment the scan is done with, to out, the segments
// before it joined so far: a segment that is not a tool's run is folded
// into the one before it (or, at the start, the one after), and
// neighbours of one tool are joined. The scan joins each segment as it
// ends, so that a long run whose lines now and then look like another
// tool's (a pytest run's, a go test run's: thousands of one-line segments
// in 100 MB) holds a few segments, not one for each such line.
func joinSeg(out []*segment, g *segment) []*segment {
	if len(out) > 0 && (!g.strong() || g.prof == out[len(out)-1].prof) {
		out[len(out)-1].absorb(g)
		return out
	}
	if len(out) == 1 && !out[0].strong() {
		weak := out[0]
		// The weak run is the lead of the run that takes it in.
		g.lead, g.leadN = weak.to, weak.sig.n
		g.from = weak.from
		g.sig.merge(weak.sig)
		g.unsignalled = g.unsignalled || weak.unsignalled
		out[0] = g
		return out
	}
	return append(out, g)
}

func (g *segment) absorb(o *segment) {
	g.to = o.to
	g.sig.merge(o.sig)
	g.unsignalled = g.unsignalled || o.unsignalled
	if o.prof == g.prof {
		g.claimed += o.claimed
		for k := range o.hits {
			g.hits[k] = true
		}
	}
}

// headerLook is how many bytes before a run's first claimed line
// runHeader reads for the lines above it.
const headerLook = 16 << 10
