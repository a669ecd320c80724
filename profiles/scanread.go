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
}

// scanDepth is the batches the reader may run ahead of the scan.
const scanDepth = 4

// feedLines turns off the feed: the shaper beside the scan then reads a
// copy of the bytes (tests compare the two).
var feedLines = true

// scanReader reads and cleans the input a batch at a time for the scan,
// and for the shaper when feed is not nil.
type scanReader struct {
	lr   *filters.LineReader
	feed *filters.LineFeed
	out  chan *scanBatch
	free chan *scanBatch
	done chan struct{}
}

// startScanRead starts reading in; the scan takes the batches from out,
// gives each back with recycle, and closes done when it stops.
func startScanRead(in io.Reader, feed *filters.LineFeed) *scanReader {
	r := &scanReader{
		lr: filters.NewLineReader(in), feed: feed,
		out:  make(chan *scanBatch, scanDepth),
		free: make(chan *scanBatch, scanDepth+2),
		done: make(chan struct{}),
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
		if size += len(raw); len(b.lines) == aheadBatch || size >= aheadBytes {
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

// send hands b to the shaper, then to the scan, and says false when the
// scan has stopped.
func (r *scanReader) send(b *scanBatch) bool {
	if r.feed != nil {
		r.feed.Send(b.lines)
	}
	select {
	case r.out <- b:
		return true
	case <-r.done:
		return false
	}
}

// batch is an empty batch, recycled when one is free. A fed batch's lines
// are the shaper's: a recycled batch starts a new slice for them.
func (r *scanReader) batch() *scanBatch {
	select {
	case b := <-r.free:
		if r.feed != nil {
			b.lines = make([]string, 0, aheadBatch)
		} else {
			clear(b.lines)
			b.lines = b.lines[:0]
		}
		b.cut, b.ends, b.text = b.cut[:0], b.ends[:0], b.text[:0]
		return b
	default:
		return &scanBatch{lines: make([]string, 0, aheadBatch), cut: make([]bool, 0, aheadBatch), ends: make([]int64, 0, aheadBatch)}
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
