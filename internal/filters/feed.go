package filters

import (
	"errors"
	"io"
	"sync"
	"unsafe"
)

// A pipe's scan reads and cleans every line to find the tools in it, and
// the shaping beside it used to read and clean the same lines again from a
// copy of the bytes. A LineFeed hands the scan's cleaned lines over
// instead: a LineReader made on one (NewLineReader) gives them to
// EachClean and EachConverted as they are, and to Next as the lines of the
// input, so each line is read and cleaned once. (Next then gives clean
// lines, not raw ones: the same to a parser that cleans what it reads,
// since cleaning a clean line changes nothing.)

// ErrFedLines is what reading a LineFeed's bytes fails with: it carries
// cleaned lines, which a LineReader made on it reads.
var ErrFedLines = errors.New("a line feed carries cleaned lines, not bytes: read it with a LineReader")

// LineFeed carries lines cleaned as EachClean cleans them (a cut line
// ending in CutMark), a batch at a time, from the goroutine that reads
// them to a LineReader on another. A reader that quits never holds the
// sender up: what it would have read is dropped.
type LineFeed struct {
	ch    chan fedBatch
	quitc chan struct{}
	once  sync.Once
	// Set by Close before ch closes, so read once ch is drained.
	err      error
	cutLines int
	cutBytes int64
}

// NewLineFeed returns a feed that holds at most depth batches in flight.
func NewLineFeed(depth int) *LineFeed {
	return &LineFeed{ch: make(chan fedBatch, depth), quitc: make(chan struct{})}
}

// fedBatch is a batch of lines and which of them were cut.
type fedBatch struct {
	lines []string
	cut   []bool
}

// Send hands a batch of lines to the reader, waiting while the feed holds
// its bound; once the reader has quit it drops them. cut[i] says line i
// was cut, and ends in CutMark. Neither must change after.
func (f *LineFeed) Send(lines []string, cut []bool) {
	select {
	case f.ch <- fedBatch{lines, cut}:
	case <-f.quitc:
	}
}

// Close ends the feed: the reader gets err (nil at the end of the input)
// after the last batch, and the counts of the lines cut on the way (the
// sending LineReader's CutLines and CutBytes).
func (f *LineFeed) Close(err error, cutLines int, cutBytes int64) {
	f.err, f.cutLines, f.cutBytes = err, cutLines, cutBytes
	close(f.ch)
}

// Quit tells the sender the reader reads no more.
func (f *LineFeed) Quit() {
	f.once.Do(func() { close(f.quitc) })
}

// Read fails: a LineFeed is read through a LineReader's EachClean.
func (f *LineFeed) Read([]byte) (int, error) { return 0, ErrFedLines }

// Fed reports whether lr reads a LineFeed: Next's lines are clean then, and
// views of strings that nothing changes, which a reader may keep as they
// are instead of copying them.
func (lr *LineReader) Fed() bool { return lr.feed != nil }

// eachFed calls fn with every line of the feed, then takes the feed's
// counts of cut lines as lr's own.
func (lr *LineReader) eachFed(fn func(line string)) error {
	defer lr.feed.Quit()
	for b := range lr.feed.ch {
		for _, l := range b.lines {
			fn(l)
		}
	}
	return lr.fedEnd()
}

// fedEnd takes the feed's counts of cut lines, once, and returns how it
// ended.
func (lr *LineReader) fedEnd() error {
	if !lr.fedDone {
		lr.fedDone = true
		lr.CutLines += lr.feed.cutLines
		lr.CutBytes += lr.feed.cutBytes
	}
	return lr.feed.err
}

// nextFed is Next on a feed: the next clean line, without the mark of a
// cut line. It is a view of the fed string: read it, never write to it.
func (lr *LineReader) nextFed() ([]byte, bool, error) {
	for lr.fedAt >= len(lr.fed.lines) {
		b, ok := <-lr.feed.ch
		if !ok {
			if err := lr.fedEnd(); err != nil {
				return nil, false, err
			}
			return nil, false, io.EOF
		}
		lr.fed, lr.fedAt = b, 0
	}
	l, cut := lr.fed.lines[lr.fedAt], lr.fed.cut[lr.fedAt]
	lr.fedAt++
	if cut {
		l = l[:len(l)-len(CutMark)]
	}
	if l == "" {
		return []byte{}, cut, nil
	}
	return unsafe.Slice(unsafe.StringData(l), len(l)), cut, nil
}
