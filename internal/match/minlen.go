package match

import "regexp/syntax"

// A line shorter than every match of a signature cannot match it, whatever
// it holds: mocha's diff lines ("      -  91", "  230,") are shorter than
// most tools' signatures, and an unanchored one ("/node_modules/mocha/lib/",
// vitest's "⎯ Failed Tests ") passes the edge gates on every line. So the
// claim index also masks signatures by the line's length (shortRows).

// ShortRows is the number of line lengths the claim index has a mask for:
// a line of shortRows bytes or more passes every signature's length.
const ShortRows = 64

// manyBytes stands for a length past any line's: minBytes adds and
// multiplies no further than it.
const manyBytes = 1 << 24

// MinBytes is the fewest bytes of text a match of re spans. An invalid
// byte is one byte that U+FFFD, any character and a class holding U+FFFD
// match, and a case-folded rune may be matched by its one-byte ASCII case,
// so each counts as one byte.
func MinBytes(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return min(len(re.Rune), manyBytes)
		}
		n := 0
		for _, r := range re.Rune {
			n = min(n+runeMinBytes(r, r), manyBytes)
		}
		return n
	case syntax.OpCharClass:
		return classMinBytes(re.Rune)
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture, syntax.OpPlus:
		return MinBytes(re.Sub[0])
	case syntax.OpRepeat:
		return min(re.Min*MinBytes(re.Sub[0]), manyBytes)
	case syntax.OpConcat:
		n := 0
		for _, sub := range re.Sub {
			n = min(n+MinBytes(sub), manyBytes)
		}
		return n
	case syntax.OpAlternate:
		n := manyBytes
		for _, sub := range re.Sub {
			n = min(n, MinBytes(sub))
		}
		return n
	}
	// Empty matches, anchors, stars and quests, and a class or pattern
	// that matches nothing: no bound.
	return 0
}

// classMinBytes is the fewest bytes a rune of a class's ranges takes
// (manyBytes: the class is empty and matches nothing).
func classMinBytes(ranges []rune) int {
	n := manyBytes
	for i := 0; i+1 < len(ranges); i += 2 {
		n = min(n, runeMinBytes(ranges[i], ranges[i+1]))
	}
	return n
}

// runeMinBytes is the fewest bytes a rune from lo to hi takes in text:
// lo's encoding, the shortest, or one invalid byte when U+FFFD is among
// them.
func runeMinBytes(lo, hi rune) int {
	switch {
	case lo < 0x80 || lo <= 0xFFFD && 0xFFFD <= hi:
		return 1
	case lo < 0x800:
		return 2
	case lo < 0x10000:
		return 3
	}
	return 4
}

// MinBytesOf is minBytes of a detection pattern (0: it does not parse).
func MinBytesOf(pattern string) int {
	re, err := SimplifiedOf(pattern)
	if err != nil {
		return 0
	}
	return MinBytes(re)
}
