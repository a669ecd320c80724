package tokens

import (
	"unicode"
	"unicode/utf8"
)

// The pre-split. Both encodings first cut text into pieces with a regular
// expression, then apply BPE inside each piece. These are the expressions
// (as OpenAI's tiktoken defines them), matched here by hand-written code
// that follows the backtracking semantics of the expression engine exactly
// (leftmost alternative first, greedy loops giving back one character at a
// time) over the same Unicode tables; TestCountMatchesReference checks it
// against a regular-expression tokenizer on every capture and under fuzzing.
//
// o200k_base:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// cl100k_base:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}
//	| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+

// Character classes, as bits.
const (
	cL     uint8 = 1 << iota // \p{L}
	cN                       // \p{N}
	cS                       // \s
	cA                       // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]: o200k's upper-case run
	cB                       // [\p{Ll}\p{Lm}\p{Lo}\p{M}]: o200k's lower-case run
	cNL                      // \r or \n
	cBad                     // an invalid byte, which the model sees as U+FFFD
	cKnown                   // the entry of the class cache is filled
)

// classify returns the classes of r, from the Unicode tables of Go's
// unicode package (the ones the reference expression engine uses).
func classify(r rune) uint8 {
	if r < utf8.RuneSelf {
		return classifyASCII(r)
	}
	var c uint8
	for _, u := range unicodeClasses {
		if unicode.Is(u.table, r) {
			c |= u.class
		}
	}
	return c
}

// unicodeClasses gives the classes of each Unicode category the
// expressions name.
var unicodeClasses = [...]struct {
	table *unicode.RangeTable
	class uint8
}{
	{unicode.White_Space, cS},
	{unicode.L, cL},
	{unicode.N, cN},
	{unicode.Lu, cA},
	{unicode.Lt, cA},
	{unicode.Lm, cA | cB},
	{unicode.Lo, cA | cB},
	{unicode.M, cA | cB},
	{unicode.Ll, cB},
}

// classifyASCII is classify below utf8.RuneSelf.
func classifyASCII(r rune) uint8 {
	switch {
	case 'a' <= r && r <= 'z':
		return cL | cB
	case 'A' <= r && r <= 'Z':
		return cL | cA
	case '0' <= r && r <= '9':
		return cN
	case r == '\r' || r == '\n':
		return cS | cNL
	case r == ' ' || r == '\t' || r == '\v' || r == '\f':
		return cS
	}
	return 0
}

// splitter holds a segment decoded to characters, reused between calls.
type splitter struct {
	runes []rune
	cls   []uint8
	pos   []int32        // byte offset of each character, and of the end
	cache [1 << 16]uint8 // classes of the Basic Multilingual Plane, filled as met

	o200k bool // the o200k_base expression, else cl100k_base's
	// bad is set when the text loaded holds an invalid byte (cBad).
	bad bool
}

// load decodes b as Go's []rune(string(b)) does: each byte of an invalid
// sequence is one U+FFFD.
func (s *splitter) load(b []byte) {
	// Sized once, then written by index: appending three slices a
	// character cost more than the decoding.
	if cap(s.cls) < len(b)+1 {
		s.runes = make([]rune, len(b)+1)
		s.cls = make([]uint8, len(b)+1)
		s.pos = make([]int32, len(b)+1)
	}
	runes, cls, pos := s.runes[:len(b)+1], s.cls[:len(b)+1], s.pos[:len(b)+1]
	s.bad = false
	k := 0
	for p := 0; p < len(b); {
		r, n := rune(b[p]), 1
		var c uint8
		if r < utf8.RuneSelf {
			c = asciiClass[r]
		} else {
			r, n = utf8.DecodeRune(b[p:])
			if r == utf8.RuneError && n == 1 {
				c = cBad // U+FFFD is a symbol: no class
				s.bad = true
			} else {
				c = s.class(r)
			}
		}
		runes[k], cls[k], pos[k] = r, c, int32(p)
		k++
		p += n
	}
	pos[k] = int32(len(b))
	s.runes, s.cls, s.pos = runes[:k], cls[:k], pos[:k+1]
}

func (s *splitter) class(r rune) uint8 {
	if r >= 1<<16 {
		return classify(r)
	}
	c := s.cache[r]
	if c == 0 {
		c = classify(r) | cKnown
		s.cache[r] = c
	}
	return c &^ cKnown
}

// prefix is [^\r\n\p{L}\p{N}]; other is [^\s\p{L}\p{N}].
func prefix(c uint8) bool { return c&(cL|cN|cNL) == 0 }
func other(c uint8) bool  { return c&(cL|cN|cS) == 0 }

// next returns the end of the piece that starts at character i.
func (s *splitter) next(i int) int {
	if s.o200k {
		if e := s.letters200k(i); e > 0 {
			return e
		}
	} else {
		if e := s.contraction(i); e > i {
			return e
		}
		if e := s.letters100k(i); e > 0 {
			return e
		}
	}
	c := s.cls[i]
	if c&cN != 0 { // \p{N}{1,3}
		return s.runOf(i+1, min(len(s.cls), i+3), cN)
	}
	if e := s.punctuation(i); e > 0 {
		return e
	}
	if c&cS != 0 {
		return s.spaceEnd(i)
	}
	// Unreachable: every character is a letter, a mark, a number,
	// whitespace or other. Kept as one piece rather than lost.
	return i + 1
}

// runOf returns the end of the run of characters of class bits from e,
// up to end.
func (s *splitter) runOf(e, end int, bits uint8) int {
	for e < end && s.cls[e]&bits != 0 {
		e++
	}
	return e
}

// punctuation matches " ?[^\s\p{L}\p{N}]+[\r\n/]*" ("[\r\n]*" in
// cl100k) at i, or returns -1. The optional space is atomic, but a space
// is never in the class after it anyway.
func (s *splitter) punctuation(i int) int {
	n, cls := len(s.cls), s.cls
	j := i
	if s.runes[i] == ' ' {
		j++
	}
	if j >= n || !other(cls[j]) {
		return -1
	}
	e := j + 1
	for e < n && other(cls[e]) {
		e++
	}
	for e < n && (cls[e]&cNL != 0 || s.o200k && s.runes[e] == '/') {
		e++
	}
	return e
}

// spaceEnd returns the end of the whitespace piece at i: "\s*[\r\n]+",
// else "\s+(?!\S)", else "\s+".
func (s *splitter) spaceEnd(i int) int {
	cls := s.cls
	e := s.runOf(i+1, len(cls), cS)
	// \s*[\r\n]+: the whitespace run up to its last newline.
	for k := e - 1; k >= i; k-- {
		if cls[k]&cNL != 0 {
			return k + 1
		}
	}
	// \s+(?!\S): the run, less its last character if text follows.
	if e < len(cls) && e-1 > i {
		return e - 1
	}
	return e
}

// letters200k matches o200k's first two alternatives at i, or returns -1:
// each with its optional prefix [^\r\n\p{L}\p{N}] first, then without
// (a mark is both a prefix and a letter of [A] and [B]).
func (s *splitter) letters200k(i int) int {
	n, cls := len(s.cls), s.cls
	// A prefix counts only before a letter or a mark: lowerWord and the
	// upper-case run both start with one, and fail at once without.
	pre := prefix(cls[i]) && i+1 < n && cls[i+1]&(cA|cB) != 0
	// [^\r\n\p{L}\p{N}]? [A]* [B]+ contraction?
	if pre {
		if e := s.lowerWord(i + 1); e > 0 {
			return s.contraction(e)
		}
	}
	if cls[i]&(cA|cB) != 0 {
		if e := s.lowerWord(i); e > 0 {
			return s.contraction(e)
		}
	}
	// [^\r\n\p{L}\p{N}]? [A]+ [B]* contraction?
	if pre && cls[i+1]&cA != 0 {
		return s.contraction(s.runOf(s.runOf(i+2, n, cA), n, cB))
	}
	if cls[i]&cA != 0 {
		return s.contraction(s.runOf(s.runOf(i+1, n, cA), n, cB))
	}
	return -1
}

// lowerWord matches [A]*[B]+ at j, or returns -1: [A]* gives back one
// character at a time until [B]+ can match.
func (s *splitter) lowerWord(j int) int {
	n, cls := len(s.cls), s.cls
	a := s.runOf(j, n, cA)
	for k := min(a, n-1); k >= j; k-- {
		if cls[k]&cB != 0 {
			return s.runOf(k+1, n, cB)
		}
	}
	return -1
}

// letters100k matches cl100k's [^\r\n\p{L}\p{N}]?\p{L}+ at i, or returns -1.
func (s *splitter) letters100k(i int) int {
	n, cls := len(s.cls), s.cls
	j := i
	if prefix(cls[i]) && i+1 < n && cls[i+1]&cL != 0 {
		j++
	}
	if cls[j]&cL == 0 {
		return -1
	}
	e := j + 1
	for e < n && cls[e]&cL != 0 {
		e++
	}
	return e
}

// contraction returns the end of (?i:'s|'t|'re|'ve|'m|'ll|'d) at e, or e.
// Case folding makes 's match U+017F (long s) too.
func (s *splitter) contraction(e int) int {
	r := s.runes
	if e+1 >= len(r) || r[e] != '\'' {
		return e
	}
	switch r[e+1] {
	case 's', 'S', 't', 'T', 'm', 'M', 'd', 'D', 'ſ':
		return e + 2
	case 'r', 'R', 'v', 'V':
		if e+2 < len(r) && (r[e+2] == 'e' || r[e+2] == 'E') {
			return e + 3
		}
	case 'l', 'L':
		if e+2 < len(r) && (r[e+2] == 'l' || r[e+2] == 'L') {
			return e + 3
		}
	}
	return e
}
