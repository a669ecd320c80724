package filters

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// DefaultMaxLine is the number of bytes of one line a LineReader keeps. Longer
// lines are cut and the cut is counted, so a 10 MB minified line costs 64 KiB
// of memory, not 10 MB, and never aborts the read (bufio.Scanner's failure).
const DefaultMaxLine = 64 << 10

// LineReader reads lines of any length from a stream, keeping at most Max
// bytes of each. It never fails on a long line.
type LineReader struct {
	r *bufio.Reader
	// src is the stream r reads, which NextIn reads into its caller's
	// memory; pend and ended are NextIn's: the bytes read and not yet
	// returned as lines (at the end of the caller's text), and what
	// ended the stream once it has (io.EOF or the read's error).
	src   io.Reader
	pend  []byte
	ended error
	Max   int
	// CutLines and CutBytes count the lines that were longer than Max and
	// the bytes dropped from them.
	CutLines int
	CutBytes int64
	// Bytes is the number of bytes read so far, line ends included.
	Bytes int64
	buf   []byte
	// feed, when the reader was made on a LineFeed, is where the lines
	// come from: fed is the batch being read, from its line fedAt, and
	// fedDone says the feed's counts are taken.
	feed    *LineFeed
	fed     fedBatch
	fedAt   int
	fedDone bool
	// inline has EachConverted convert each line on the caller's
	// goroutine: the plain path, which only tests choose (to compare).
	inline bool
	// Watch, when set, is shown the visible text of every line read (not
	// a fed line's), on the goroutine that reads: what looks at every
	// line of a profile's input without a pass of its own. A reader that
	// cleans its lines shows them once clean (Watched); else Next shows
	// each line, cleaned when it holds an escape or a carriage return
	// (the bytes that hide a line's visible start). The line may be a
	// view of the reader's buffer: what keeps it copies it.
	Watch func(line string)
	// watched is set when the lines' reader shows Watch its lines.
	watched bool
}

// Watched returns Watch (nil: none) for a reader that cleans every line
// itself and shows Watch the clean text: Next then does not.
func (lr *LineReader) Watched() func(line string) {
	lr.watched = true
	return lr.Watch
}

// watchRaw shows Watch a line Next returns, unless its reader does.
func (lr *LineReader) watchRaw(line []byte) {
	if lr.Watch == nil || lr.watched {
		return
	}
	if len(line) == 0 {
		lr.Watch("")
		return
	}
	l := unsafe.String(&line[0], len(line))
	if bytes.IndexByte(line, 0x1b) >= 0 || bytes.IndexByte(line, '\r') >= 0 {
		l = CleanLine(l)
	}
	lr.Watch(l)
}

// NewLineReader returns a LineReader over r keeping DefaultMaxLine bytes per line.
// On a LineFeed, the lines are the feed's, which were cleaned and cut (at
// DefaultMaxLine) as they were read.
func NewLineReader(r io.Reader) *LineReader {
	lr := &LineReader{r: bufio.NewReaderSize(r, 64<<10), src: r, Max: DefaultMaxLine}
	lr.feed, _ = r.(*LineFeed)
	return lr
}

// Next returns the next line without its line ending, and whether its end was
// cut. At the end of the input it returns io.EOF (a last line without a
// newline is returned first, with a nil error).
//
// The line is valid until the next call: a line that lies whole in the
// reader's buffer (nearly every line) is returned where it lies, without
// a copy.
//
// On a LineFeed, the line is clean already, and a view of the fed text:
// read it, never write to it.
func (lr *LineReader) Next() (line []byte, cut bool, err error) {
	if lr.feed != nil {
		return lr.nextFed()
	}
	chunk, e := lr.r.ReadSlice('\n')
	if e == nil && len(chunk) <= lr.Max+1 {
		lr.Bytes += int64(len(chunk))
		line = chunk[:len(chunk)-1]
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		lr.watchRaw(line)
		return line, false, nil
	}
	line, cut, err = lr.gather(chunk, e)
	if err == nil {
		lr.watchRaw(line)
	}
	return line, cut, err
}

// NextIn is Next for a caller that keeps the lines it reads, a batch at a
// time: the stream is read into *text, which NextIn appends to, and a line
// is a view of it, valid until the caller writes *text again. Next copies
// every line out of the reader's buffer; here the bytes are read where
// they stay, and only the start of a line that a batch's text cut in two
// is moved, once, to the caller's next text (or to a new array when
// *text is full: lines in the old one keep it). A line cut at Max is
// copied. Lines, cuts, counts and errors are Next's, and a reader is read
// with one or the other. On a LineFeed it is Next: the line is a view of
// the fed text, not of *text.
func (lr *LineReader) NextIn(text *[]byte) (line []byte, cut bool, err error) {
	if lr.feed != nil {
		return lr.nextFed()
	}
	lr.adopt(text, 0)
	for {
		if i := bytes.IndexByte(lr.pend, '\n'); i >= 0 && i <= lr.Max {
			line, lr.pend = lr.pend[:i], lr.pend[i+1:]
			lr.Bytes += int64(i + 1)
			return lr.seen(line), false, nil
		}
		if len(lr.pend) > lr.Max {
			return lr.cutIn(text)
		}
		if lr.ended != nil {
			if len(lr.pend) == 0 || !errors.Is(lr.ended, io.EOF) {
				lr.pend = nil
				return nil, false, lr.ended
			}
			line, lr.pend = lr.pend, nil
			lr.Bytes += int64(len(line))
			return lr.seen(line), false, nil
		}
		lr.fill(text)
	}
}

// seen is line, without a carriage return at its end, shown to Watch.
func (lr *LineReader) seen(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	lr.watchRaw(line)
	return line
}

// minRead is the least room NextIn reads the stream into: below it, the
// line being read moves to a new array.
const minRead = 16 << 10

// maxRead is the most NextIn reads at once. What a read brings past the
// line it needs waits in pend and moves with it to the caller's next
// text: a read as large as the room of the caller's text left as much in
// pend, for which a smaller next text needed an array twice as large,
// whose room the next read filled, and so on, by the order the caller's
// texts came back in, until the whole input sat in pend (detected mocha's
// 100 MB pipe, in one run of a few: texts of 46 MB, 174 MB of heap, 14 s
// of garbage collection). Bounded, pend is at most a read and a partial
// line.
const maxRead = 64 << 10

// adopt moves pend to the end of *text when it lies elsewhere (the text
// of the caller's last batch, which the caller may write again once done
// with that batch), or when *text has less than room bytes after it: to a
// new array then (the lines in the old one keep it). Every line NextIn
// returns so lies in the caller's text as it is when returned.
func (lr *LineReader) adopt(text *[]byte, room int) {
	t := *text
	if len(lr.pend) == 0 {
		lr.pend = nil
		if cap(t)-len(t) < room {
			*text = make([]byte, 0, max(64<<10, 2*room))
		}
		return
	}
	atEnd := len(t) >= len(lr.pend) && &t[len(t)-len(lr.pend)] == &lr.pend[0]
	if atEnd && cap(t)-len(t) >= room {
		return
	}
	if !atEnd && cap(t)-len(t) >= len(lr.pend)+room {
		// (append moves bytes that overlap, when *text is the array
		// pend lies in, recycled.)
		start := len(t)
		t = append(t, lr.pend...)
		lr.pend, *text = t[start:], t
		return
	}
	n := make([]byte, 0, max(64<<10, 2*(len(lr.pend)+room)))
	n = append(n, lr.pend...)
	lr.pend, *text = n, n
}

// fill reads more of the stream after pend, which lies at the end of
// *text (adopt), into the room after it.
func (lr *LineReader) fill(text *[]byte) {
	lr.adopt(text, minRead)
	t := *text
	var n int
	var err error
	for tries := 0; n == 0 && err == nil; tries++ {
		if tries == 100 {
			err = io.ErrNoProgress
			break
		}
		room := t[len(t):min(cap(t), len(t)+maxRead)]
		if lr.r.Buffered() > 0 {
			n, err = lr.r.Read(room)
		} else {
			n, err = lr.src.Read(room)
		}
	}
	t = t[:len(t)+n]
	lr.pend = t[len(t)-len(lr.pend)-n:]
	*text = t
	switch {
	case err == nil:
	case errors.Is(err, io.EOF):
		lr.ended = io.EOF
	default:
		lr.ended = fmt.Errorf("reading input: %w", err)
	}
}

// cutIn is NextIn for a line longer than Max: its first Max bytes,
// copied to *text, and the rest read and dropped, counted as Next counts
// them.
func (lr *LineReader) cutIn(text *[]byte) ([]byte, bool, error) {
	kept := bytes.Clone(lr.pend[:lr.Max])
	lr.pend = lr.pend[lr.Max:]
	lr.Bytes += int64(lr.Max)
	dropped := int64(0)
	for {
		if i := bytes.IndexByte(lr.pend, '\n'); i >= 0 {
			dropped += int64(i)
			lr.Bytes += int64(i + 1)
			lr.pend = lr.pend[i+1:]
			break
		}
		dropped += int64(len(lr.pend))
		lr.Bytes += int64(len(lr.pend))
		if t := *text; len(lr.pend) > 0 && len(t) >= len(lr.pend) && &t[len(t)-len(lr.pend)] == &lr.pend[0] {
			*text = t[:len(t)-len(lr.pend)] // read, and nobody's
		}
		lr.pend = nil
		if lr.ended != nil {
			if !errors.Is(lr.ended, io.EOF) {
				return nil, false, lr.ended
			}
			break
		}
		lr.fill(text)
	}
	lr.CutLines++
	lr.CutBytes += dropped
	t := append(*text, kept...)
	*text = t
	return lr.seen(t[len(t)-len(kept):]), true, nil
}

// gather is Next for a line longer than the reader's buffer or than Max,
// or the last line without a newline: chunk and e are its first read.
func (lr *LineReader) gather(chunk []byte, e error) (line []byte, cut bool, err error) {
	lr.buf = lr.buf[:0]
	dropped := int64(0)
	sawNL := false
	for first := true; ; first = false {
		if !first {
			chunk, e = lr.r.ReadSlice('\n')
		}
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
// line ending in CutMark, until the end of the input; the lines are read
// and cleaned ahead on another goroutine (see EachConverted).
func (lr *LineReader) EachClean(fn func(line string)) error {
	return lr.EachConverted(CleanBytes, fn)
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

// TrimSpace is strings.TrimSpace. It is as fast on a line that starts or
// ends with a character outside ASCII (vitest's "❯", "×", "⎯", jest's
// "●") as on one that does not, where strings.TrimSpace turns to a
// slower general trim: parsers trim every line they read.
func TrimSpace(s string) string {
	start := 0
	for start < len(s) {
		c := s[start]
		if c < utf8.RuneSelf {
			if !asciiSpace[c] {
				break
			}
			start++
			continue
		}
		if !spaceLead(s, start) {
			break // the glyph lines start with: no decoding
		}
		r, n := utf8.DecodeRuneInString(s[start:])
		if !unicode.IsSpace(r) {
			break
		}
		start += n
	}
	stop := len(s)
	for stop > start {
		c := s[stop-1]
		if c < utf8.RuneSelf {
			if !asciiSpace[c] {
				break
			}
			stop--
			continue
		}
		if k := lastRuneStart(s, start, stop); !spaceLead(s, k) {
			break
		}
		r, n := utf8.DecodeLastRuneInString(s[start:stop])
		if !unicode.IsSpace(r) {
			break
		}
		stop -= n
	}
	return s[start:stop]
}

// spaceLead reports whether s[i] may start a space outside ASCII: every
// one (U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F,
// U+205F, U+3000) starts with C2, E1, E3, or E2 then 80 or 81. Any other
// byte starts a character that is not a space, or an invalid one.
func spaceLead(s string, i int) bool {
	switch s[i] {
	case 0xc2, 0xe1, 0xe3:
		return true
	case 0xe2:
		return i+1 < len(s) && (s[i+1] == 0x80 || s[i+1] == 0x81)
	}
	return false
}

// lastRuneStart is where utf8.DecodeLastRuneInString(s[start:stop])
// looks for the last character's first byte: back over at most three
// continuation bytes, not before start.
func lastRuneStart(s string, start, stop int) int {
	k := stop - 1
	for lim := max(stop-utf8.UTFMax, start); k > lim && s[k]&0xc0 == 0x80; k-- {
	}
	return k
}

// asciiSpace holds the ASCII bytes unicode.IsSpace accepts.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}
