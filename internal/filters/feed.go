package filters

import (
	"errors"
	"sync"
)

// A pipe's scan reads and cleans every line to find the tools in it, and
// the shaping beside it used to read and clean the same lines again from a
// copy of the bytes. A LineFeed hands the scan's cleaned lines over
// instead: a LineReader made on one (NewLineReader) gives them to
// EachClean and EachConverted as they are, so each line is read and
// cleaned once.

// ErrFedLines is what reading a LineFeed's bytes fails with: it carries
// cleaned lines, and only EachClean and EachConverted read them.
var ErrFedLines = errors.New("a line feed carries cleaned lines, not bytes: read it with EachClean")

// LineFeed carries lines cleaned as EachClean cleans them (a cut line
// ending in CutMark), a batch at a time, from the goroutine that reads
// them to a LineReader on another. A reader that quits never holds the
// sender up: what it would have read is dropped.
type LineFeed struct {
	ch    chan []string
	quitc chan struct{}
	once  sync.Once
	// Set by Close before ch closes, so read once ch is drained.
	err      error
	cutLines int
	cutBytes int64
}

// NewLineFeed returns a feed that holds at most depth batches in flight.
func NewLineFeed(depth int) *LineFeed {
	return &LineFeed{ch: make(chan []string, depth), quitc: make(chan struct{})}
}

// Send hands a batch of lines to the reader, waiting while the feed holds
// its bound; once the reader has quit it drops them. The lines must not
// change after.
func (f *LineFeed) Send(lines []string) {
	select {
	case f.ch <- lines:
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

// eachFed calls fn with every line of the feed, then takes the feed's
// counts of cut lines as lr's own.
func (lr *LineReader) eachFed(fn func(line string)) error {
	defer lr.feed.Quit()
	for lines := range lr.feed.ch {
		for _, l := range lines {
			fn(l)
		}
	}
	lr.CutLines += lr.feed.cutLines
	lr.CutBytes += lr.feed.cutBytes
	return lr.feed.err
}
