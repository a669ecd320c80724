package tokens

import (
	"encoding/binary"
	"unicode/utf8"
)

// A line that held a byte past ASCII went through the splitter whole,
// which decodes every character and classes it: a line of vitest's or
// jest's with one "✓" at its start, or gcc's with its quotes, cost what a
// line of CJK text does, three to five times an ASCII line. Most of such a
// line is ASCII, so a segment is counted in stretches (countText): the
// fast path's pieces where the bytes past ASCII are far ahead, the
// splitter over a window around them.
//
// Both are exact because a piece depends only on the text from its start
// (the expressions have no look-behind) to a little past its end: the
// next character, which ends a run (4 bytes at most), and after letters a
// contraction's three characters ("'re", "'ſ"). So a piece found in a
// part of the text that ends pieceLook bytes or more after it is the
// piece the whole text has there; one that ends nearer is found again
// from its start with more of the text. TestFastMatchesSlow and
// FuzzFastMatchesSlow compare the pieces with the splitter's on the whole
// text.

// pieceLook is how many bytes past a piece's end a part of the text must
// hold for the piece found in it to be the whole text's: the most the
// expressions read past a piece, one character (4 bytes at most), or
// after letters a contraction's three ("'", an ASCII letter, then any
// character: 6 bytes), rounded up.
const pieceLook = 8

// pastASCII is the index of the first byte of b past ASCII, len(b) when
// there is none, sixteen bytes at a time.
func pastASCII(b []byte) int {
	n := 0
	for len(b) >= 16 {
		if (binary.LittleEndian.Uint64(b)|binary.LittleEndian.Uint64(b[8:]))&0x8080808080808080 != 0 {
			break
		}
		b, n = b[16:], n+16
	}
	for i, c := range b {
		if c >= utf8.RuneSelf {
			return n + i
		}
	}
	return n + len(b)
}

// windowEnd is where the splitter's window for the bytes past ASCII at p
// ends: 2*pieceLook bytes past their run, runs nearer each other than that
// taken together (a line of box-drawing or CJK text is one window).
func windowEnd(b []byte, p int) int {
	q := p
	for {
		for q < len(b) && b[q] >= utf8.RuneSelf {
			q++
		}
		near := min(len(b), q+2*pieceLook)
		r := q + pastASCII(b[q:near])
		if r >= near {
			return near
		}
		q = r
	}
}

// splitWindow counts the pieces the splitter finds in b[i:end] that end
// pieceLook bytes or more before end (all of them when end is the end of
// b): their tokens, and where the last ends. A window in which no piece ends soon enough (a long run) is
// widened until one does.
func (e *encoder) splitWindow(b []byte, i, end int, w *worker) (total, at int) {
	for {
		limit := end - pieceLook
		if end == len(b) {
			limit = end
		}
		win := b[i:end]
		sp := &w.split
		sp.load(win)
		at = i
		for k := 0; k < len(sp.cls); {
			next := sp.next(k)
			if i+int(sp.pos[next]) > limit {
				break
			}
			piece := w.mended(win, k, next)
			total += w.cache.count(e.vocab, piece, &w.sc)
			if w.each != nil {
				w.each(piece)
			}
			k, at = next, i+int(sp.pos[next])
		}
		if at > i {
			return total, at
		}
		end = min(len(b), i+2*(end-i)+pieceLook)
	}
}

// mended is the piece of the loaded window b from character k to e, its
// invalid bytes mended as the vocabulary reads them.
func (w *worker) mended(b []byte, k, e int) []byte {
	sp := &w.split
	if !sp.bad {
		return b[sp.pos[k]:sp.pos[e]]
	}
	for _, c := range sp.cls[k:e] {
		if c&cBad != 0 {
			return w.fix(sp.runes[k:e])
		}
	}
	return b[sp.pos[k]:sp.pos[e]]
}
