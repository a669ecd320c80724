package jsonshape

import (
	"fmt"
	"io"
)

// MaxDepth is how deeply arrays and objects may nest in a document terse
// shapes: encoding/json's own limit, which already refuses deeper input
// held in memory. Every other path (the stream of a document too large to
// hold, ReadValue, Partial) refuses it at the same depth, so that nothing
// terse does recurses deeper than this whatever the input: a document
// 2.5 million arrays deep overflowed the stack before (issue 52).
const MaxDepth = 10000

// DepthError is input nested deeper than MaxDepth.
type DepthError struct {
	// Offset is the byte at which the depth went past MaxDepth, or -1
	// when it is not known.
	Offset int64
}

func (e *DepthError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("nested more than %d levels deep", MaxDepth)
	}
	return fmt.Sprintf("nested more than %d levels deep at byte %d", MaxDepth, e.Offset+1)
}

// depthReader passes r on and fails once the JSON it carries nests deeper
// than MaxDepth, before a decoder reads the bytes that go past it: what a
// decoder holds never nests deeper. It follows strings (and their escapes)
// so that brackets inside them do not count, and needs no more state than
// that: a byte at a time, with no stack.
type depthReader struct {
	r       io.Reader
	off     int64
	depth   int
	inStr   bool
	escaped bool
	err     error
}

// DepthLimited wraps r so that reading fails with a *DepthError where the
// JSON it carries nests deeper than MaxDepth.
func DepthLimited(r io.Reader) io.Reader { return &depthReader{r: r} }

func (d *depthReader) Read(p []byte) (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	n, err := d.r.Read(p)
	if at := d.scan(p[:n]); at >= 0 {
		// The bytes before the one that goes too deep are handed on, so
		// the decoder's error names the place; nothing past it.
		d.err = &DepthError{Offset: d.off - 1}
		if at == 0 {
			return 0, d.err
		}
		return at, nil
	}
	return n, err
}

// scan follows b and returns the index of the byte that opens a level past
// MaxDepth, or -1.
func (d *depthReader) scan(b []byte) int {
	for i, c := range b {
		d.off++
		if d.inStr {
			switch {
			case d.escaped:
				d.escaped = false
			case c == '\\':
				d.escaped = true
			case c == '"':
				d.inStr = false
			}
			continue
		}
		switch c {
		case '"':
			d.inStr = true
		case '[', '{':
			d.depth++
			if d.depth > MaxDepth {
				return i
			}
		case ']', '}':
			if d.depth > 0 {
				d.depth--
			}
		}
	}
	return -1
}
