package tokens

import (
	"encoding/binary"
	"unicode/utf8"
)

// The fast path. Counting used to decode every segment to characters and
// classes (9 bytes a character) and look every piece up in the vocabulary,
// whose table is megabytes wide, so that nearly every lookup missed the
// CPU's caches. Developer-tool output is mostly ASCII and repeats itself, so
// a segment is counted a stretch at a time instead:
//
//   - A stretch of ASCII is split straight from its bytes (nextASCII);
//     bytes past ASCII go through the splitter (load, next), which handles
//     every character and invalid bytes, over a window around them
//     (mixed.go). (The segment was cut into blocks at newlines once, each
//     ASCII or not: the blocks' bookkeeping cost more than the pieces of a
//     short line.)
//   - Pieces of up to 16 bytes are counted through a small cache
//     (pieceCache), which holds the piece itself, so that a hit is the
//     vocabulary's own answer.
//
// TestFastMatchesSlow and FuzzFastMatchesSlow compare this path with the
// splitter on whole inputs and the vocabulary without cache.

// countText counts b: its stretches of ASCII by the fast path, the
// splitter over windows around its bytes past ASCII (mixed.go).
func (e *encoder) countText(b []byte, w *worker) int {
	total := 0
	for i := 0; i < len(b); {
		p := i + pastASCII(b[i:])
		if p == len(b) {
			return total + e.countASCII(b[i:], w)
		}
		// The pieces that end far enough before p not to depend on it.
		n, at := e.countASCIIBefore(b[:p], i, p-pieceLook, w)
		total += n
		n, i = e.splitWindow(b, at, windowEnd(b, p), w)
		total += n
	}
	return total
}

// countASCII counts b, which holds only ASCII, piece by piece. The
// encoding is chosen once, not once a piece. (Not inlined: in countText,
// beside the splitter's loop, its piece splitting and cache look-up were
// no longer inlined into it.)
//
//go:noinline
func (e *encoder) countASCII(b []byte, w *worker) int {
	if w.each != nil {
		total, _ := e.countASCIIBefore(b, 0, len(b), w)
		return total
	}
	total := 0
	if e.o200k {
		for i := 0; i < len(b); {
			end := nextASCII200k(b, i)
			total += w.cache.count(e.vocab, b[i:end], &w.sc)
			i = end
		}
		return total
	}
	for i := 0; i < len(b); {
		end := nextASCII100k(b, i)
		total += w.cache.count(e.vocab, b[i:end], &w.sc)
		i = end
	}
	return total
}

// countASCIIBefore is countASCII for the pieces of b, ASCII from i, that
// start at i and end at limit or before, one after the other: their
// tokens, and where the last ends.
func (e *encoder) countASCIIBefore(b []byte, i, limit int, w *worker) (total, at int) {
	for i < len(b) {
		end := nextASCII(b, i, e.o200k)
		if end > limit {
			break
		}
		total += w.cache.count(e.vocab, b[i:end], &w.sc)
		if w.each != nil {
			w.each(b[i:end])
		}
		i = end
	}
	return total, i
}

// asciiClass holds the classes of the ASCII characters, as classify gives
// them.
var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for r := range t {
		t[r] = classify(rune(r))
	}
	return t
}()

// The classes of a byte in the ASCII fast path, as bits of an asciiTable.
// They are the expressions' classes restricted to ASCII, where a letter is
// either upper case (o200k's [A]) or lower case ([B]), never both, which
// makes the backtracking of letters200k a single forward scan.
const (
	aPre   uint8 = 1 << iota // [^\r\n\p{L}\p{N}]; bit 0, so that i+int(c&aPre) steps over it
	aUpper                   // A-Z
	aLower                   // a-z
	aDigit                   // 0-9
	aSpace                   // \s
	aOther                   // [^\s\p{L}\p{N}]
	aTail                    // what may follow punctuation: [\r\n/] in o200k, [\r\n] in cl100k
	aNL                      // \r or \n

	aLetter = aUpper | aLower
)

// asciiTable maps a byte to its classes. It has 256 entries so that
// indexing it with a byte needs no bounds check; bytes of 0x80 and more
// never reach it (the splitter reads them, mixed.go) and have
// no class.
type asciiTable [256]uint8

// ascii200k and ascii100k are the tables of the two encodings, which
// differ only in aTail.
var ascii200k, ascii100k = newASCIITable(true), newASCIITable(false)

func newASCIITable(o200k bool) *asciiTable {
	var t asciiTable
	for r, c := range asciiClass {
		var a uint8
		for _, m := range [...]struct {
			on  bool
			bit uint8
		}{
			{prefix(c), aPre}, {c&cA != 0, aUpper}, {c&cB != 0, aLower}, {c&cN != 0, aDigit},
			{c&cS != 0, aSpace}, {other(c), aOther}, {c&cNL != 0, aNL},
			{c&cNL != 0 || o200k && r == '/', aTail},
		} {
			if m.on {
				a |= m.bit
			}
		}
		t[r] = a
	}
	return &t
}

// nextASCII returns the end of the piece that starts at b[i], where b is
// all ASCII: next, specialised.
func nextASCII(b []byte, i int, o200k bool) int {
	if o200k {
		return nextASCII200k(b, i)
	}
	return nextASCII100k(b, i)
}

// nextASCII200k is nextASCII in o200k_base: its two letter alternatives
// are, in ASCII, an optional prefix, upper-case letters, lower-case
// letters and a contraction.
func nextASCII200k(b []byte, i int) int {
	t := ascii200k
	c := t[b[i]]
	if j := i + int(c&aPre); j < len(b) && t[b[j]]&aLetter != 0 {
		return contractionASCII(b, runOf(t, b, runOf(t, b, j, aUpper), aLower))
	}
	return nextSymbolASCII(t, b, i, c)
}

// nextASCII100k is nextASCII in cl100k_base: a contraction, else an
// optional prefix and letters.
func nextASCII100k(b []byte, i int) int {
	if e := contractionASCII(b, i); e > i {
		return e
	}
	t := ascii100k
	c := t[b[i]]
	j := i
	if c&aPre != 0 && i+1 < len(b) && t[b[i+1]]&aLetter != 0 {
		j++
	}
	if t[b[j]]&aLetter != 0 {
		return runOf(t, b, j+1, aLetter)
	}
	return nextSymbolASCII(t, b, i, c)
}

// runOf returns the end of the run of bytes of class bits from e.
func runOf(t *asciiTable, b []byte, e int, bits uint8) int {
	for e < len(b) && t[b[e]]&bits != 0 {
		e++
	}
	return e
}

// nextSymbolASCII matches the alternatives after the letters at i, whose
// classes are c: numbers, punctuation, whitespace.
func nextSymbolASCII(t *asciiTable, b []byte, i int, c uint8) int {
	if c&aDigit != 0 { // \p{N}{1,3}
		return runOf(t, b[:min(len(b), i+3)], i+1, aDigit)
	}
	// " ?[^\s\p{L}\p{N}]+[\r\n/]*" ("[\r\n]*" in cl100k).
	j := i
	if b[i] == ' ' {
		j++
	}
	if j < len(b) && t[b[j]]&aOther != 0 {
		return runOf(t, b, runOf(t, b, j+1, aOther), aTail)
	}
	if c&aSpace != 0 {
		return spaceEndASCII(t, b, i)
	}
	return i + 1 // unreachable, as in next
}

// spaceEndASCII returns the end of the whitespace piece at i:
// "\s*[\r\n]+", else "\s+(?!\S)", else "\s+".
func spaceEndASCII(t *asciiTable, b []byte, i int) int {
	e := runOf(t, b, i+1, aSpace)
	// \s*[\r\n]+: the whitespace run up to its last newline.
	for k := e - 1; k >= i; k-- {
		if t[b[k]]&aNL != 0 {
			return k + 1
		}
	}
	// \s+(?!\S): the run, less its last character if text follows.
	if e < len(b) && e-1 > i {
		return e - 1
	}
	return e
}

// contractionASCII is contraction in ASCII (where U+017F cannot occur).
func contractionASCII(b []byte, e int) int {
	if e+1 >= len(b) || b[e] != '\'' {
		return e
	}
	switch b[e+1] {
	case 's', 'S', 't', 'T', 'm', 'M', 'd', 'D':
		return e + 2
	case 'r', 'R', 'v', 'V':
		if e+2 < len(b) && (b[e+2] == 'e' || b[e+2] == 'E') {
			return e + 3
		}
	case 'l', 'L':
		if e+2 < len(b) && (b[e+2] == 'l' || b[e+2] == 'L') {
			return e + 3
		}
	}
	return e
}

// cacheBits sizes pieceCache: 4096 entries of 24 bytes, 96 KiB, which
// stays in a core's L2 cache where the vocabulary does not.
const cacheBits = 12

// maxCached is the longest piece the cache holds: two words.
const maxCached = 16

// pieceCache remembers the counts of recent pieces of up to 16 bytes,
// direct-mapped. An entry holds the piece's bytes (two words, see words)
// and length, so a hit is never a different piece.
type pieceCache struct {
	ents [1 << cacheBits]cacheEntry
	// long holds the counts of longer pieces (rules of dashes or
	// underscores, runs of spaces, which merge in O(n²)), up to
	// maxLongPieces of them, then starts again.
	long map[string]uint32
}

// maxLongPiece and maxLongPieces bound the memory of the long cache:
// at most 256 KiB of keys.
const (
	maxLongPiece  = 256
	maxLongPieces = 1024
)

type cacheEntry struct {
	w0, w1 uint64
	n      uint32 // the piece's length; 0 for an empty entry
	tokens uint32
}

// count returns the tokens of piece, from the cache or the vocabulary.
func (pc *pieceCache) count(v *vocab, piece []byte, sc *scratch) int {
	n := len(piece)
	if n <= 1 {
		return n // every single byte is a token
	}
	if n > maxCached {
		return pc.countLong(v, piece, sc)
	}
	w0, w1 := words(piece)
	h := (w0*0x9e3779b97f4a7c15 ^ w1*0xc2b2ae3d27d4eb4f ^ uint64(n)) * 0x165667b19e3779f9
	ent := &pc.ents[h>>(64-cacheBits)]
	if ent.n == uint32(n) && ent.w0 == w0 && ent.w1 == w1 {
		return int(ent.tokens)
	}
	t := v.count(piece, sc)
	*ent = cacheEntry{w0: w0, w1: w1, n: uint32(n), tokens: uint32(t)}
	return t
}

// countLong is count for pieces over maxCached bytes.
func (pc *pieceCache) countLong(v *vocab, piece []byte, sc *scratch) int {
	if len(piece) > maxLongPiece {
		return v.count(piece, sc)
	}
	if t, ok := pc.long[string(piece)]; ok {
		return int(t)
	}
	t := v.count(piece, sc)
	if pc.long == nil || len(pc.long) >= maxLongPieces {
		pc.long = make(map[string]uint32, maxLongPieces)
	}
	pc.long[string(piece)] = uint32(t)
	return t
}

// words packs a piece of 2 to 16 bytes into two words with whole loads,
// no loop over its bytes: the first and last 8 bytes of a piece of 8 or
// more (overlapping below 16), the first and last 4 of one of 4 to 7, the
// first 2 and the last byte of one of 2 or 3. With the length beside
// them, the words name the piece: every byte is in one of the loads.
func words(p []byte) (w0, w1 uint64) {
	n := len(p)
	switch {
	case n >= 8:
		return binary.LittleEndian.Uint64(p), binary.LittleEndian.Uint64(p[n-8:])
	case n >= 4:
		return uint64(binary.LittleEndian.Uint32(p)) | uint64(binary.LittleEndian.Uint32(p[n-4:]))<<32, 0
	}
	return uint64(binary.LittleEndian.Uint16(p)) | uint64(p[n-1])<<16, 0
}
