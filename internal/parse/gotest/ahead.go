package gotest

import (
	"unsafe"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// Reading a line, and making it a -json event or a cleaned line of text, is
// a third of what the parser spends on a line (the read, the decoding, the
// escape scan) and needs nothing the parser knows: a goroutine does it a
// batch of lines ahead (filters.EachAhead), so that on a machine with a
// second core the parser's goroutine only parses.

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

// lineSource makes lines into items: its decoder and strings are the
// reading goroutine's alone. fed says the lines come from a pipe's scan
// (filters.LineFeed), which cleaned them into strings that never change.
type lineSource struct {
	events eventDecoder
	strs   parse.LineStrings
	fed    bool
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
	if s.fed {
		// A view of the scan's string, clean already and the parser's
		// to keep: copying and cleaning it again was a tenth of the
		// parser's work on a pipe.
		it.line = unsafe.String(unsafe.SliceData(raw), len(raw))
	} else {
		it.line = filters.CleanLine(s.strs.String(raw))
	}
	if cut {
		it.line += " …[line cut]"
	}
}

// eachItem hands p every line of lr as an item (take), in order, until the
// end of the input or a read error (returned after the lines before it);
// the items are made on another goroutine, ahead of p.
func eachItem(lr *filters.LineReader, p *goTestParser) error {
	src := lineSource{fed: lr.Fed()}
	return filters.EachAhead(lr, !p.inline, src.item, p.take)
}

// take hands an item to the parser.
func (p *goTestParser) take(it *lineItem) {
	switch it.kind {
	case itemEvent:
		p.event(it.ev)
	case itemUnreadable:
		p.b.OmitKey(report.OmitUnreadableJSONEvents, 1)
	default:
		p.feed(it.line)
	}
}
