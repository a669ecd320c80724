package filters

import (
	"errors"
	"io"
)

// Reading a line and cleaning it (the read, the escape scan, the string) is
// a third of what a Go parser spends on a line, and needs nothing the
// parser knows, so EachClean does it a batch of lines ahead on another
// goroutine: on a machine with a second core the parser's goroutine only
// parses.

// aheadBatch is the most lines handed over at once and aheadBytes the most
// text (a batch ends at the line that reaches either), and aheadDepth the
// batches that may wait: a few MB in flight at most, overlong lines (Max
// each) included.
const (
	aheadBatch = 512
	aheadBytes = 256 << 10
	aheadDepth = 4
)

// readAhead turns off the goroutine (tests compare the two).
var readAhead = true

// cleanBatch is a batch of converted lines and the error that ended the
// input after them (nil while there is more).
type cleanBatch struct {
	lines []string
	err   error
}

// EachConverted calls fn with conv of every line of the input, a cut line
// ending in CutMark, until the end of the input; conv runs on another
// goroutine, ahead of fn (one at a time, in order), and must return a
// string that does not share raw's bytes (raw is the reader's buffer).
// On a LineFeed, the feed's lines are given as they came, cleaned: conv
// must give the text CleanLine gives (it is not run on them).
func (lr *LineReader) EachConverted(conv func(raw []byte) string, fn func(line string)) error {
	if lr.feed != nil {
		return lr.eachFed(fn)
	}
	if !readAhead {
		return lr.eachInline(conv, fn)
	}
	out := make(chan *cleanBatch, aheadDepth)
	free := make(chan *cleanBatch, aheadDepth+2)
	done := make(chan struct{})
	defer close(done)
	go lr.convertAhead(conv, out, free, done)
	for b := range out {
		for _, line := range b.lines {
			fn(line)
		}
		if b.err != nil {
			return b.err
		}
		clear(b.lines)
		b.lines = b.lines[:0]
		select {
		case free <- b:
		default:
		}
	}
	return nil
}

// eachInline is EachConverted on the caller's goroutine.
func (lr *LineReader) eachInline(conv func(raw []byte) string, fn func(line string)) error {
	for {
		raw, cut, err := lr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		line := conv(raw)
		if cut {
			line += CutMark
		}
		fn(line)
	}
}

// convertAhead reads and converts the input into batches on out, taking
// emptied batches back from free, until the input ends or done closes.
func (lr *LineReader) convertAhead(conv func(raw []byte) string, out, free chan *cleanBatch, done chan struct{}) {
	defer close(out)
	send := func(b *cleanBatch) bool {
		select {
		case out <- b:
			return true
		case <-done:
			return false
		}
	}
	take := func() *cleanBatch {
		select {
		case b := <-free:
			return b
		default:
			return &cleanBatch{lines: make([]string, 0, aheadBatch)}
		}
	}
	b, size := take(), 0
	for {
		raw, cut, err := lr.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				b.err = err
			}
			if len(b.lines) > 0 || b.err != nil {
				send(b)
			}
			return
		}
		line := conv(raw)
		if cut {
			line += CutMark
		}
		b.lines = append(b.lines, line)
		if size += len(line); len(b.lines) == aheadBatch || size >= aheadBytes {
			if !send(b) {
				return
			}
			b, size = take(), 0
		}
	}
}
