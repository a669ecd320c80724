package profiles

import (
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
)

// A pipe's scan claims every line for a tool and looks for failure
// signals, on lines read and cleaned. The work is split over goroutines:
// a reader cuts the input into batches of lines (copies of the bytes);
// claimers clean and claim the batches ahead, on the other core (see
// claimAhead); the scan takes the batches in order, and hands the cleaned
// lines to the shaper beside it when its parser takes them
// (fedParsers, filters.LineFeed), so that the stream is read and cleaned
// once for both. A pipe whose head is a rules profile's tool is read by
// that profile's shaper instead, and its scan rides on it (scanride.go).

// scanBatch is a batch of lines as the scan's reader read them.
type scanBatch struct {
	// raw are the lines as read (views of text), cut at the reader's
	// limit where cut says; ends the input's bytes up to each line's end,
	// line end included.
	raw  []string
	cut  []bool
	ends []int64
	text []byte
	// lines are the clean lines once cleaned (clean): when the batch is
	// fed to a shaper, strings of their own (the shaper may keep them),
	// a cut one ending in filters.CutMark; else views where they can be.
	// With views, a fed batch's lines are views of text too, as its
	// arrays are never written again (see viewParsers); with slab, they
	// are cut from the cleaner's shared blocks (see slabParsers).
	lines []string
	fed   bool
	views bool
	slab  bool
	// err ended the input after these lines (nil: there is more, or the
	// input ended).
	err error
	// pre is what the claimers found for each line, once claimed is
	// closed (claimed nil: the scan cleans and claims the batch itself).
	pre     []lineClaim
	claimed chan struct{}
	// panicked is a panic of the claimer's on this batch, which the scan
	// raises again (filters.Catch).
	panicked *filters.Panicked
	// unsignalled is set when the lines were not looked at for failure
	// signals: the report being shaped beside the scan was sure to fail
	// before the batch was (see scanReader.red).
	unsignalled bool
}

// lineClaim is a line's claim for the profile a pipe's head was detected
// as, spec: claimIndex.claim's answer with spec current when known is set,
// else claimSettled's (which differs only in giving nil for a line of
// spec's, and holds only while spec's segment is settled). fail says
// whether the line is a failure signal.
type lineClaim struct {
	prof  *Profile
	sig   int32
	fail  bool
	known bool
}

// clean fills lines with the clean text of raw; strs are the cleaning
// goroutine's own blocks, for a batch whose lines are cut from them.
func (b *scanBatch) clean(strs *parse.LineStrings) {
	for i, r := range b.raw {
		l := filters.CleanLine(r)
		if b.fed {
			if b.cut[i] {
				l += filters.CutMark
			} else if !b.views && len(l) > 0 && unsafe.StringData(l) == unsafe.StringData(r) {
				// r is a view of text, which is reused.
				if b.slab {
					l = strs.Clone(l)
				} else {
					l = strings.Clone(l)
				}
			}
		}
		b.lines = append(b.lines, l)
	}
}

// line is line i as the scan takes it: without the cut mark the shaper
// gets, and without trailing blanks.
func (b *scanBatch) line(i int) string {
	l := b.lines[i]
	if b.fed && b.cut[i] {
		l = l[:len(l)-len(filters.CutMark)]
	}
	return trimEnd(l)
}

// scanDepth is the batches the reader may run ahead of the scan.
const scanDepth = 4

// Claiming lines is most of the scan, and a line's claim depends on the
// scan's state only through the current segment's profile, which in
// nearly every pipe is the one its head was detected as, from the first
// claimed line to the end. So claimers claim the batches for that profile
// ahead, on the other core, and the scan takes their answers while its
// segment is that profile's; for a line of any other segment (a second
// tool's run, the lines before the first claim) it claims the line itself.
var (
	// claimAheadFrom is the first batch the claimers take: an input of
	// one batch is scanned before they would have started.
	claimAheadFrom = 1
	// scanBatchLines is the most lines a batch holds (tests make it small).
	scanBatchLines = aheadBatch
)

// scanReader reads the input a batch at a time for the scan.
type scanReader struct {
	lr  *filters.LineReader
	fed bool
	// views: the fed lines may be views of the batches' text; slab:
	// they may be cut from shared blocks.
	views, slab bool
	out         chan *scanBatch
	free        chan *scanBatch
	done        chan struct{}
	// claims, when not nil, are the claimers' copies of the scan's claim
	// index, to claim the batches on todo for spec.
	claims []*claimIndex
	spec   *Profile
	todo   chan *scanBatch
	sent   int
	// red, when set, is the Red of the report shaped beside the scan
	// from the same lines: once it is set, the report accounts for every
	// failure signal (reconcile leaves a failing report as it is), and
	// the batches claimed after are not looked at for them. A stream of
	// more than one tool is shaped again, a part at a time, and a part
	// with such lines then looks for them as it is shaped (shapeSegments).
	red *atomic.Bool
	// lines and from are scanBatchLines and claimAheadFrom, read once on
	// the scan's goroutine (tests set them).
	lines, from int
}

// startScanRead starts reading in; the scan takes the batches from out,
// gives each back with recycle, and closes done when it stops. fed says
// the lines go to a shaper, and own how the shaper may be given them
// (fedLines). With claims, claimers claim the lines for spec (nil: no tool
// yet) ahead; red is scanReader.red.
func startScanRead(in io.Reader, fed bool, own fedLines, claims *claimIndex, spec *Profile, red *atomic.Bool) *scanReader {
	r := &scanReader{
		lr: filters.NewLineReader(in), fed: fed, views: fed && own == fedViews, slab: fed && own == fedSlab,
		lines: scanBatchLines, from: claimAheadFrom, red: red,
		out:  make(chan *scanBatch, scanDepth),
		free: make(chan *scanBatch, scanDepth+aheadMatchers+2),
		done: make(chan struct{}),
	}
	if claims != nil && !claims.plain.claimAhead {
		// Copied here, on the scan's goroutine, before the scan uses
		// its own.
		for range aheadMatchers {
			r.claims = append(r.claims, claims.clone())
		}
		r.spec = spec
		r.todo = make(chan *scanBatch, scanDepth)
	}
	go r.read()
	return r
}

func (r *scanReader) read() {
	defer func() {
		if r.todo != nil {
			close(r.todo)
		}
		close(r.out)
	}()
	b, size := r.batch(), 0
	for {
		raw, cut, err := r.lr.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				b.err = err
			}
			if len(b.raw) > 0 || b.err != nil {
				r.send(b)
			}
			return
		}
		b.take(raw, cut, r.lr.Bytes)
		if size += len(raw); len(b.raw) == r.lines || size >= aheadBytes {
			if !r.send(b) {
				return
			}
			b, size = r.batch(), 0
		}
	}
}

// aheadText is the room a batch's text starts with: a batch of short lines
// fits.
const aheadText = 64 << 10

// take adds line raw (cut at the reader's limit when cut) ending at byte
// end, copied into the batch's text.
func (b *scanBatch) take(raw []byte, cut bool, end int64) {
	if cap(b.text)-len(b.text) < len(raw) {
		// A new array: the lines in the old one keep it until the
		// scan is done with the batch.
		b.text = make([]byte, 0, max(aheadText, 2*len(raw)))
	}
	var line string
	if len(raw) > 0 {
		start := len(b.text)
		b.text = append(b.text, raw...)
		line = unsafe.String(&b.text[start], len(raw))
	}
	b.raw = append(b.raw, line)
	b.cut = append(b.cut, cut)
	b.ends = append(b.ends, end)
}

// send hands b to the claimers and the scan, and says false when the scan
// has stopped.
func (r *scanReader) send(b *scanBatch) bool {
	if r.todo != nil && r.sent >= r.from {
		if r.sent == r.from {
			for _, x := range r.claims {
				go r.claimer(x)
			}
		}
		b.claimed = make(chan struct{})
		select {
		case r.todo <- b:
		case <-r.done:
			return false
		}
	}
	r.sent++
	select {
	case r.out <- b:
		return true
	case <-r.done:
		return false
	}
}

// claimer cleans the lines of the batches on todo and claims them for
// spec with its own copy of the claim index, until the reader closes todo.
func (r *scanReader) claimer(x *claimIndex) {
	var strs parse.LineStrings
	for b := range r.todo {
		r.claimOne(x, b, &strs)
	}
}

// claimOne cleans and claims b, and closes b.claimed; a panic is handed to
// the scan with the batch.
func (r *scanReader) claimOne(x *claimIndex, b *scanBatch, strs *parse.LineStrings) {
	defer close(b.claimed)
	defer filters.Catch(&b.panicked)
	b.clean(strs)
	b.unsignalled = r.isRed()
	claimBatch(x, r.spec, b, !b.unsignalled)
}

// isRed reports whether the report shaped beside the scan is sure to fail.
func (r *scanReader) isRed() bool { return r.red != nil && r.red.Load() }

// waitClaimed waits for the claimers to be done with b, and raises a panic
// of theirs on the scan's goroutine.
func (b *scanBatch) waitClaimed() {
	<-b.claimed
	filters.Rethrow(b.panicked)
}

// claimBatch claims the clean lines of b for spec, into b.pre, and with
// signals looks at each for a failure signal. (Not inlined:
// BenchmarkClaimer's instruction counts are taken in it.)
//
//go:noinline
func claimBatch(x *claimIndex, spec *Profile, b *scanBatch, signals bool) {
	b.pre = b.pre[:0]
	c := lineClaimer{x: x, spec: spec, signals: signals}
	x.x.BeginBatch()
	defer x.x.EndBatch(len(b.lines))
	for i := range b.lines {
		l := b.line(i)
		if x.inert(l, -1) {
			b.pre = append(b.pre, c.inert(l))
			continue
		}
		b.pre = append(b.pre, c.claim(l))
	}
}

// lineClaimer claims a batch's lines for spec one after the other, from
// the batch's first: the claimers' work on a batch, whichever reader cut
// it (claimBatch, scanRide.claim).
type lineClaimer struct {
	x       *claimIndex
	spec    *Profile
	signals bool
	// settled is set once spec has claimed a line since the last blank
	// one (in this batch: the scan's state before it is not known here):
	// claimSettled's answer is then all the scan needs, and it is far
	// cheaper; until then, claim's.
	settled bool
	// blank is claim's answer for a blank line, the same for every one
	// (asked once a batch: a tenth of a run's lines are blank), once
	// blankAsked.
	blank      lineClaim
	blankAsked bool
}

// claim is line l's claim, and with signals whether it is a failure
// signal.
func (c *lineClaimer) claim(l string) lineClaim {
	if l == "" {
		if !c.blankAsked {
			c.blank = c.claimed(l)
			c.blankAsked = true
		}
		c.settled = c.blank.prof == c.spec && c.spec != nil
		return c.blank
	}
	if c.settled {
		prof, sig := c.x.claimSettled(l, c.spec)
		return lineClaim{prof: prof, sig: int32(sig), fail: c.signals && failureSignal(l)}
	}
	lc := c.claimed(l)
	c.settled = lc.prof == c.spec && c.spec != nil
	return lc
}

// inert is claim's answer for l, a line no signature may match
// (claimIndex.inert): nobody's, settled or not, so c.settled stays.
func (c *lineClaimer) inert(l string) lineClaim {
	return lineClaim{sig: -1, fail: c.signals && failureSignal(l), known: true}
}

// mine is claim's answer for l, a line of a settled segment known to be
// spec's: claimSettled's nil.
func (c *lineClaimer) mine(l string) lineClaim {
	return lineClaim{sig: -1, fail: c.signals && failureSignal(l)}
}

// claimed is claim's answer for l, and with signals whether it is a
// failure signal.
func (c *lineClaimer) claimed(l string) lineClaim {
	lc := lineClaim{fail: c.signals && failureSignal(l), known: true}
	var sig int
	lc.prof, sig = c.x.claim(l, c.spec)
	lc.sig = int32(sig)
	return lc
}

// batch is an empty batch, recycled when one is free. A fed batch's lines
// and cut marks are the shaper's: a recycled batch starts new slices for
// them.
func (r *scanReader) batch() *scanBatch {
	select {
	case b := <-r.free:
		if r.fed {
			b.lines, b.cut = make([]string, 0, r.lines), make([]bool, 0, r.lines)
		} else {
			clear(b.lines)
			b.lines, b.cut = b.lines[:0], b.cut[:0]
		}
		clear(b.raw)
		if r.views {
			// The shaper may still read the lines in text: the
			// batch goes on after them, in the same array.
			b.text = b.text[len(b.text):]
		}
		b.raw, b.ends, b.text = b.raw[:0], b.ends[:0], b.text[:0]
		b.pre, b.claimed, b.panicked, b.unsignalled = b.pre[:0], nil, nil, false
		return b
	default:
		n := r.lines
		return &scanBatch{raw: make([]string, 0, n), lines: make([]string, 0, n), cut: make([]bool, 0, n),
			ends: make([]int64, 0, n), fed: r.fed, views: r.views, slab: r.slab}
	}
}

// recycle gives a batch the scan is done with back to the reader.
func (r *scanReader) recycle(b *scanBatch) {
	select {
	case r.free <- b:
	default:
	}
}

// stop tells the reader the scan reads no more.
func (r *scanReader) stop() { close(r.done) }
