package gotest

import (
	"errors"
	"io"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
)

// Reading a line, and making it a -json event or a cleaned line of text, is
// a third of what the parser spends on a line (the read, the decoding, the
// escape scan) and needs nothing the parser knows: a goroutine does it a
// batch of lines ahead, so that on a machine with a second core the
// parser's goroutine only parses. (filters.LineReader.EachConverted does
// the same for the parsers whose lines are all text.)

// readAhead turns off the goroutine (tests compare the two).
var readAhead = true

// aheadBatch is the most lines handed over at once and aheadBytes the most
// text (a batch ends at the line that reaches either), and aheadDepth the
// batches that may wait: a few MB in flight at most, overlong lines
// included.
const (
	aheadBatch = 512
	aheadBytes = 256 << 10
	aheadDepth = 4
)

// itemKind says what a line of the input is.
type itemKind uint8

const (
	itemText       itemKind = iota // a line of text (line)
	itemEvent                      // a -json event (ev)
	itemUnreadable                 // a -json event cut short
)

// lineItem is a line of the input, made ready for the parser.
type lineItem struct {
	kind itemKind
	line string
	ev   goEvent
}

// itemBatch is a batch of lines and the error that ended the input after
// them (nil while there is more).
type itemBatch struct {
	items []lineItem
	err   error
}

// lineSource makes lines into items: its decoder and strings are the
// reading goroutine's alone.
type lineSource struct {
	events eventDecoder
	strs   parse.LineStrings
}

// item makes raw, a line the reader holds (cut when it was too long), into
// an item: an event when it is one, else its visible text. Only the fields
// of its kind are set (it may hold an earlier item's).
func (s *lineSource) item(raw []byte, cut bool, it *lineItem) {
	if len(raw) > 0 && raw[0] == '{' {
		if !cut && s.events.decode(raw, &it.ev) && it.ev.Action != "" {
			it.kind = itemEvent
			return
		}
		if goEventPrefix.Match(raw) {
			// A -json event cut short (a truncated stream, an
			// overlong line): its text is not recoverable.
			it.kind = itemUnreadable
			return
		}
	}
	it.kind = itemText
	it.line = filters.CleanLine(s.strs.String(raw))
	if cut {
		it.line += " …[line cut]"
	}
}

// eachItem hands p every line of lr as an item (take), in order, until the
// end of the input or a read error (returned after the lines before it);
// the items are made on another goroutine, ahead of p.
func eachItem(lr *filters.LineReader, p *goTestParser) error {
	var src lineSource
	if !readAhead {
		var it lineItem
		for {
			raw, cut, err := lr.Next()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			src.item(raw, cut, &it)
			p.take(&it)
		}
	}
	out := make(chan *itemBatch, aheadDepth)
	free := make(chan *itemBatch, aheadDepth+2)
	done := make(chan struct{})
	defer close(done)
	go src.readAhead(lr, out, free, done)
	for b := range out {
		for i := range b.items {
			p.take(&b.items[i])
		}
		if b.err != nil {
			return b.err
		}
		select {
		case free <- b:
		default:
		}
	}
	return nil
}

// readAhead reads the input into batches of items on out, taking emptied
// batches back from free, until the input ends or done closes.
func (s *lineSource) readAhead(lr *filters.LineReader, out, free chan *itemBatch, done chan struct{}) {
	defer close(out)
	take := func() *itemBatch {
		select {
		case b := <-free:
			b.items = b.items[:0]
			return b
		default:
			return &itemBatch{items: make([]lineItem, 0, aheadBatch)}
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
				select {
				case out <- b:
				case <-done:
				}
			}
			return
		}
		// The next item, reused when the batch was (item sets what
		// its kind reads).
		if len(b.items) < cap(b.items) {
			b.items = b.items[:len(b.items)+1]
		} else {
			b.items = append(b.items, lineItem{})
		}
		s.item(raw, cut, &b.items[len(b.items)-1])
		if size += len(raw); len(b.items) == aheadBatch || size >= aheadBytes {
			select {
			case out <- b:
			case <-done:
				return
			}
			b, size = take(), 0
		}
	}
}

// take hands an item to the parser.
func (p *goTestParser) take(it *lineItem) {
	switch it.kind {
	case itemEvent:
		p.event(it.ev)
	case itemUnreadable:
		p.b.Omit("unreadable -json events", 1)
	default:
		p.feed(it.line)
	}
}
