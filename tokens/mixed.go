package tokens

import "unicode/utf8"

// A block that holds a byte past ASCII went through the splitter whole,
// which decodes every character and classes it: a line of vitest's or
// jest's with one "✓" at its start, or gcc's with its quotes, cost what a
// line of CJK text does, three to five times an ASCII line. Most of such a
// block is ASCII, so it is counted in stretches: the fast path's pieces
// where the bytes past ASCII are far ahead, the splitter over a window
// around them.
//
// Both are exact because a piece depends only on the text from its start
// (the expressions have no look-behind) to a little past its end: the
// next character, which ends a run (4 bytes at most), and after letters a
// contraction's three characters ("'re", "'ſ"). So a piece found in a
// part of the block that ends pieceLook bytes or more after it is the
// piece the whole block has there; one that ends nearer is found again
// from its start with more of the block. TestFastMatchesSlow and
// FuzzFastMatchesSlow compare the pieces with the splitter's on the whole
// block.

// pieceLook is how many bytes past a piece's end a part of a block must
// hold for the piece found in it to be the whole block's: the most the
// expressions read past a piece, one character (4 bytes at most), or
// after letters a contraction's three ("'", an ASCII letter, then any
// character: 6 bytes), rounded up.
const pieceLook = 8

// countMixed counts b, a block that holds bytes past ASCII, piece by piece.
func (e *encoder) countMixed(b []byte, w *worker) int {
	total := 0
	e.eachMixedPiece(b, w, func(piece []byte) { total += w.cache.count(e.vocab, piece, &w.sc) })
	return total
}

// eachMixedPiece calls fn with each piece of b in order (an invalid byte
// mended as the vocabulary reads it): pieces of ASCII that end pieceLook
// bytes or more before the next byte past ASCII by the fast path, the rest
// by the splitter over a window (splitWindow).
func (e *encoder) eachMixedPiece(b []byte, w *worker, fn func([]byte)) {
	for i := 0; i < len(b); {
		p := i + pastASCII(b[i:])
		for i < p {
			end := nextASCII(b[:p], i, e.o200k)
			if p < len(b) && end+pieceLook > p {
				break
			}
			fn(b[i:end])
			i = end
		}
		if i < len(b) {
			i = w.splitWindow(b, i, windowEnd(b, p), fn)
		}
	}
}

// pastASCII is the index of the first byte of b past ASCII, len(b) when
// there is none, eight bytes at a time.
func pastASCII(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if wordHasHigh(b[i:]) {
			break
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= utf8.RuneSelf {
			return i
		}
	}
	return len(b)
}

// wordHasHigh reports whether one of the first 8 bytes of b is past ASCII.
func wordHasHigh(b []byte) bool {
	_ = b[7]
	x := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
	return x&0x8080808080808080 != 0
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

// splitWindow calls fn with the pieces the splitter finds in b[i:end] that
// end pieceLook bytes or more before end (all of them when end is the end
// of b), and returns where the last ends. A window in which no piece ends
// soon enough (a long run) is widened until one does.
func (w *worker) splitWindow(b []byte, i, end int, fn func([]byte)) int {
	for {
		limit := end - pieceLook
		if end == len(b) {
			limit = end
		}
		win := b[i:end]
		sp := &w.split
		sp.load(win)
		at := i
		for k := 0; k < len(sp.cls); {
			e := sp.next(k)
			if i+int(sp.pos[e]) > limit {
				break
			}
			fn(w.mended(win, k, e))
			k, at = e, i+int(sp.pos[e])
		}
		if at > i {
			return at
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
