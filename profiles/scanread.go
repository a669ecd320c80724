package profiles

import (
	"errors"
	"io"
	"unsafe"

	"github.com/terse-dev/terse/internal/filters"
)

// A pipe's scan claims every line for a tool and looks for failure
// signals; reading and cleaning the lines is a third of its work and needs
// nothing it knows, so a reader goroutine does it a batch ahead. When the
// shaping beside the scan reads its lines through EachClean (fedParsers),
// the reader hands it the same cleaned lines (a filters.LineFeed), and the
// stream is read and cleaned once, not once per goroutine.

// scanBatch is a batch of lines as the scan's reader read them.
type scanBatch struct {
	// lines are the clean lines; a cut line ends in filters.CutMark when
	// the batch is fed to a shaper (cut says which).
	lines []string
	cut   []bool
	// ends are the input's bytes up to each line's end, line end included.
	ends []int64
	// text holds the lines of a batch that is not fed, copied out of the
	// reader's buffer; a fed batch's lines are strings of their own, which
	// the shaper may keep.
	text []byte
	// err ended the input after these lines (nil: there is more, or the
	// input ended).
	err error
	// pre is what the claimers found for each line, once claimed is
	// closed (claimed nil: the scan claims the batch's lines itself).
	pre     []lineClaim
	claimed chan struct{}
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

// line is line i as the scan takes it: without the cut mark the shaper
// gets, and without trailing blanks.
func (b *scanBatch) line(i int) string {
	l := b.lines[i]
	if b.cut[i] {
		l = l[:len(l)-len(filters.CutMark)]
	}
	return trimEnd(l)
}

// scanDepth is the batches the reader may run ahead of the scan.
const scanDepth = 4

// feedLines turns off the feed: the shaper beside the scan then reads a
// copy of the bytes (tests compare the two).
var feedLines = true

// Claiming lines is most of the scan, and a line's claim depends on the
// scan's state only through the current segment's profile, which in
// nearly every pipe is the one its head was detected as, from the first
// claimed line to the end. So claimers claim the batches for that profile
// ahead, on the other core, and the scan takes their answers while its
// segment is that profile's; for a line of any other segment (a second
// tool's run, the lines before the first claim) it claims the line itself.
var (
	// claimAhead turns the claimers off (tests compare the two).
	claimAhead = true
	// claimAheadFrom is the first batch the claimers take: an input of
	// one batch is scanned before they would have started.
	claimAheadFrom = 1
	// scanBatchLines is the most lines a batch holds (tests make it small).
	scanBatchLines = aheadBatch
)

// scanReader reads and cleans the input a batch at a time for the scan,
// and for the shaper when feed is not nil.
type scanReader struct {
	lr   *filters.LineReader
	feed *filters.LineFeed
	out  chan *scanBatch
	free chan *scanBatch
	done chan struct{}
	// claims, when not nil, are the claimers' copies of the scan's claim
	// index, to claim the batches on todo for spec.
	claims []*claimIndex
	spec   *Profile
	todo   chan *scanBatch
	sent   int
}

// startScanRead starts reading in; the scan takes the batches from out,
// gives each back with recycle, and closes done when it stops. With
// claims, claimers claim the lines for spec (nil: no tool yet) ahead.
func startScanRead(in io.Reader, feed *filters.LineFeed, claims *claimIndex, spec *Profile) *scanReader {
	r := &scanReader{
		lr: filters.NewLineReader(in), feed: feed,
		out:  make(chan *scanBatch, scanDepth),
		free: make(chan *scanBatch, scanDepth+aheadMatchers+2),
		done: make(chan struct{}),
	}
	if claimAhead && claims != nil {
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

// errScanStopped ends the feed when the scan stopped before the input did.
var errScanStopped = errors.New("the scan stopped before the end of the input")

func (r *scanReader) read() {
	var err error
	defer func() {
		if r.feed != nil {
			r.feed.Close(err, r.lr.CutLines, r.lr.CutBytes)
		}
		if r.todo != nil {
			close(r.todo)
		}
		close(r.out)
	}()
	b, size := r.batch(), 0
	for {
		raw, cut, rerr := r.lr.Next()
		if rerr != nil {
			if !errors.Is(rerr, io.EOF) {
				b.err, err = rerr, rerr
			}
			if (len(b.lines) > 0 || b.err != nil) && !r.send(b) {
				err = errScanStopped
			}
			return
		}
		b.take(raw, cut, r.feed != nil, r.lr.Bytes)
		if size += len(raw); len(b.lines) == scanBatchLines || size >= aheadBytes {
			if !r.send(b) {
				err = errScanStopped
				return
			}
			b, size = r.batch(), 0
		}
	}
}

// take adds line raw (cut at the reader's limit when cut) ending at byte
// end: a string of its own when the batch is fed, else a view of the
// batch's text.
func (b *scanBatch) take(raw []byte, cut, fed bool, end int64) {
	var line string
	switch {
	case fed:
		line = filters.CleanBytes(raw)
		if cut {
			line += filters.CutMark
		}
	default:
		line = b.own(raw)
	}
	b.lines = append(b.lines, line)
	b.cut = append(b.cut, cut && fed)
	b.ends = append(b.ends, end)
}

// own is the clean text of raw as a view of the batch's text, or the
// cleaned copy when cleaning made one.
func (b *scanBatch) own(raw []byte) string {
	line := lineView(raw)
	if len(line) == 0 || unsafe.StringData(line) != &raw[0] {
		return line
	}
	if cap(b.text)-len(b.text) < len(raw) {
		// A new array: the lines in the old one keep it until the
		// scan is done with the batch.
		b.text = make([]byte, 0, max(aheadText, 2*len(raw)))
	}
	start := len(b.text)
	b.text = append(b.text, raw...)
	return unsafe.String(&b.text[start], len(raw))
}

// send hands b to the shaper, the claimers and the scan, and says false
// when the scan has stopped.
func (r *scanReader) send(b *scanBatch) bool {
	if r.feed != nil {
		r.feed.Send(b.lines, b.cut)
	}
	if r.todo != nil && r.sent >= claimAheadFrom {
		if r.sent == claimAheadFrom {
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

// claimer claims the lines of the batches on todo for spec with its own
// copy of the claim index, until the reader closes todo.
func (r *scanReader) claimer(x *claimIndex) {
	for b := range r.todo {
		b.pre = b.pre[:0]
		// Once spec has claimed a line since the last blank one (in
		// this batch: the scan's state before it is not known here),
		// claimSettled's answer is all the scan needs, and it is far
		// cheaper; until then, claim's.
		settled := false
		for i := range b.lines {
			l := b.line(i)
			c := lineClaim{fail: failureSignal(l)}
			var sig int
			if settled && l != "" {
				c.prof, sig = x.claimSettled(l, r.spec)
			} else {
				c.prof, sig = x.claim(l, r.spec)
				c.known = true
				settled = c.prof == r.spec && r.spec != nil
			}
			c.sig = int32(sig)
			b.pre = append(b.pre, c)
		}
		close(b.claimed)
	}
}

// batch is an empty batch, recycled when one is free. A fed batch's lines
// and cut marks are the shaper's: a recycled batch starts new slices for
// them.
func (r *scanReader) batch() *scanBatch {
	select {
	case b := <-r.free:
		if r.feed != nil {
			b.lines, b.cut = make([]string, 0, scanBatchLines), make([]bool, 0, scanBatchLines)
		} else {
			clear(b.lines)
			b.lines, b.cut = b.lines[:0], b.cut[:0]
		}
		b.ends, b.text = b.ends[:0], b.text[:0]
		b.pre, b.claimed = b.pre[:0], nil
		return b
	default:
		return &scanBatch{lines: make([]string, 0, scanBatchLines), cut: make([]bool, 0, scanBatchLines), ends: make([]int64, 0, scanBatchLines)}
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
