package tokens

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

// classifyOracle is classify as it was written before its category table
// (one unicode predicate a class), kept as the oracle of TestClassifyAll.
func classifyOracle(r rune) uint8 {
	if r < utf8.RuneSelf {
		return classifyASCII(r)
	}
	var c uint8
	if unicode.IsSpace(r) {
		c |= cS
	}
	if unicode.IsLetter(r) {
		c |= cL
	}
	if unicode.IsNumber(r) {
		c |= cN
	}
	lu, lt, lm, lo, ll := unicode.Is(unicode.Lu, r), unicode.Is(unicode.Lt, r), unicode.Is(unicode.Lm, r),
		unicode.Is(unicode.Lo, r), unicode.Is(unicode.Ll, r)
	m := unicode.IsMark(r)
	if lu || lt || lm || lo || m {
		c |= cA
	}
	if ll || lm || lo || m {
		c |= cB
	}
	return c
}

// TestClassifyAll compares classify with the oracle on every code point.
func TestClassifyAll(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got, want := classify(r), classifyOracle(r); got != want {
			t.Fatalf("classify(%U) = %08b, want %08b", r, got, want)
		}
	}
}

// TestASCIITables checks the fast path's byte classes against classify.
func TestASCIITables(t *testing.T) {
	for _, o200k := range []bool{true, false} {
		tab := ascii100k
		if o200k {
			tab = ascii200k
		}
		for b := 0; b < 256; b++ {
			a := tab[b]
			if b >= utf8.RuneSelf {
				if a != 0 {
					t.Errorf("byte %#x has classes %08b", b, a)
				}
				continue
			}
			c := classify(rune(b))
			tail := c&cNL != 0 || o200k && b == '/'
			for _, chk := range []struct {
				name     string
				got, exp bool
			}{
				{"prefix", a&aPre != 0, prefix(c)}, {"upper", a&aUpper != 0, c&cA != 0},
				{"lower", a&aLower != 0, c&cB != 0}, {"digit", a&aDigit != 0, c&cN != 0},
				{"space", a&aSpace != 0, c&cS != 0}, {"other", a&aOther != 0, other(c)},
				{"newline", a&aNL != 0, c&cNL != 0}, {"tail", a&aTail != 0, tail},
				{"letter", a&aLetter != 0, c&cL != 0},
			} {
				if chk.got != chk.exp {
					t.Errorf("o200k=%v byte %#x: %s is %v, classify says %v", o200k, b, chk.name, chk.got, chk.exp)
				}
			}
		}
	}
}
