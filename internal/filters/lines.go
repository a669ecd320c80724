package filters

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// DefaultMaxLine is the number of bytes of one line a LineReader keeps. Longer
// lines are cut and the cut is counted, so a 10 MB minified line costs 64 KiB
// of memory, not 10 MB, and never aborts the read (bufio.Scanner's failure).
const DefaultMaxLine = 64 << 10

// LineReader reads lines of any length from a stream, keeping at most Max
// bytes of each. It never fails on a long line.
type LineReader struct {
	r   *bufio.Reader
	Max int
	// CutLines and CutBytes count the lines that were longer than Max and
	// the bytes dropped from them.
	CutLines int
	CutBytes int64
	// Bytes is the number of bytes read so far, line ends included.
	Bytes int64
	buf   []byte
}

// NewLineReader returns a LineReader over r keeping DefaultMaxLine bytes per line.
func NewLineReader(r io.Reader) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, 64<<10), Max: DefaultMaxLine}
}

// Next returns the next line without its line ending, and whether its end was
// cut. At the end of the input it returns io.EOF (a last line without a
// newline is returned first, with a nil error).
func (lr *LineReader) Next() (line []byte, cut bool, err error) {
	lr.buf = lr.buf[:0]
	dropped := int64(0)
	sawNL := false
	for {
		chunk, e := lr.r.ReadSlice('\n')
		lr.Bytes += int64(len(chunk))
		room := lr.Max - len(lr.buf)
		if room > 0 {
			take := chunk
			if len(take) > room {
				take = take[:room]
			}
			lr.buf = append(lr.buf, take...)
			dropped += int64(len(chunk) - len(take))
		} else {
			dropped += int64(len(chunk))
		}
		if e == nil {
			sawNL = true
			break
		}
		if errors.Is(e, bufio.ErrBufferFull) {
			continue
		}
		if errors.Is(e, io.EOF) {
			if len(lr.buf) == 0 && dropped == 0 {
				return nil, false, io.EOF
			}
			break
		}
		return nil, false, fmt.Errorf("reading input: %w", e)
	}
	line = lr.buf
	if sawNL {
		if n := len(line); n > 0 && line[n-1] == '\n' && dropped == 0 {
			line = line[:n-1]
		} else {
			dropped-- // the newline fell in the dropped part
		}
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	if dropped > 0 {
		lr.CutLines++
		lr.CutBytes += dropped
		return line, true, nil
	}
	return line, false, nil
}

// CutMark ends a line that was longer than the reader keeps.
const CutMark = " …[line cut]"

// EachClean calls fn with the visible text of every line (CleanLine), a cut
// line ending in CutMark, until the end of the input.
func (lr *LineReader) EachClean(fn func(line string)) error {
	for {
		raw, cut, err := lr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		line := CleanBytes(raw)
		if cut {
			line += CutMark
		}
		fn(line)
	}
}

// MaxOutputLine caps one line of terse's output: the rest of a longer line
// (a minified bundle, a base64 blob) is replaced by a marker that counts it.
const MaxOutputLine = 4096

// ClipLine makes s valid UTF-8 and cuts it to MaxOutputLine bytes, on a
// character boundary, with a marker that says how many bytes were cut.
func ClipLine(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if len(s) <= MaxOutputLine {
		return s
	}
	cut := MaxOutputLine
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf(" …[%d more bytes]", len(s)-cut)
}
