package filters

import (
	"errors"
	"io"
)

// Reading a line and cleaning it (the read, the escape scan, the string) is
// a third of what a Go parser spends on a line, and needs nothing the
// parser knows, so EachClean does it a batch of lines ahead on another
// goroutine: on a machine with a second core the parser's goroutine only
// parses. EachAhead is the same for a parser that makes its lines into
// something else than text (go test's -json events).

// aheadBatch is the most lines handed over at once and aheadBytes the most
// text (a batch ends at the line that reaches either), and aheadDepth the
// batches that may wait: a few MB in flight at most, overlong lines (Max
// each) included.
const (
	aheadBatch = 512
	aheadBytes = 256 << 10
	aheadDepth = 4
)

// aheadBatchOf is a batch of converted lines and the error that ended the
// input after them (nil while there is more).
type aheadBatchOf[T any] struct {
	items []T
	err   error
	// panicked is a panic of conv's, which the consumer raises again.
	panicked *Panicked
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
	watch := lr.Watched()
	return EachAhead(lr, !lr.inline, func(raw []byte, cut bool, line *string) {
		*line = conv(raw)
		if watch != nil {
			watch(*line)
		}
		if cut {
			*line += CutMark
		}
	}, func(line *string) { fn(*line) })
}

// EachAhead calls fn with every line of lr made into a T by conv, in order,
// until the end of the input or a read error (returned after the lines
// before it). With ahead, conv runs on another goroutine, a batch of lines
// ahead of fn; else each line is converted, then handed over, in turn.
//
// conv fills dst from raw, a line the reader holds in its buffer (cut: it
// was longer than the reader keeps): it must not keep raw. dst may hold an
// earlier line's T (batches are reused), so conv sets every field it will
// be read by. fn must not keep the pointer it is given.
func EachAhead[T any](lr *LineReader, ahead bool, conv func(raw []byte, cut bool, dst *T), fn func(*T)) error {
	if !ahead {
		var it T
		for {
			raw, cut, err := lr.Next()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			conv(raw, cut, &it)
			fn(&it)
		}
	}
	out := make(chan *aheadBatchOf[T], aheadDepth)
	free := make(chan *aheadBatchOf[T], aheadDepth+2)
	done := make(chan struct{})
	defer close(done)
	go convertAhead(lr, conv, out, free, done)
	for b := range out {
		Rethrow(b.panicked)
		for i := range b.items {
			fn(&b.items[i])
		}
		if b.err != nil {
			return b.err
		}
		// What the items hold is the parser's now, or garbage.
		clear(b.items)
		select {
		case free <- b:
		default:
		}
	}
	return nil
}

// convertAhead reads and converts the input into batches on out, taking
// emptied batches back from free, until the input ends or done closes.
func convertAhead[T any](lr *LineReader, conv func(raw []byte, cut bool, dst *T), out, free chan *aheadBatchOf[T], done chan struct{}) {
	var caught *Panicked
	defer func() {
		if caught != nil {
			// The lines before it were handed over; the panic is
			// raised where they are read.
			select {
			case out <- &aheadBatchOf[T]{panicked: caught}:
			case <-done:
			}
		}
		close(out)
	}()
	defer Catch(&caught)
	send := func(b *aheadBatchOf[T]) bool {
		select {
		case out <- b:
			return true
		case <-done:
			return false
		}
	}
	take := func() *aheadBatchOf[T] {
		select {
		case b := <-free:
			b.items = b.items[:0]
			return b
		default:
			return &aheadBatchOf[T]{items: make([]T, 0, aheadBatch)}
		}
	}
	b, size := take(), 0
	for {
		raw, cut, err := lr.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				b.err = err
			}
			if len(b.items) > 0 || b.err != nil {
				send(b)
			}
			return
		}
		// The next item, reused when the batch was (conv sets what it
		// will be read by).
		if len(b.items) < cap(b.items) {
			b.items = b.items[:len(b.items)+1]
		} else {
			var zero T
			b.items = append(b.items, zero)
		}
		conv(raw, cut, &b.items[len(b.items)-1])
		if size += len(raw); len(b.items) == aheadBatch || size >= aheadBytes {
			if !send(b) {
				return
			}
			b, size = take(), 0
		}
	}
}
