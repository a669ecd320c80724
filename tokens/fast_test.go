package tokens

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// splitCount splits b into pieces with the splitter alone, over the whole
// of b (the path of every line past ASCII before mixed.go), invalid bytes
// mended as the vocabulary reads them, and sums count over them: the
// reference the fast path is compared with.
func (w *worker) splitCount(b []byte, count func([]byte) int) int {
	sp := &w.split
	sp.load(b)
	total := 0
	for i := 0; i < len(sp.cls); {
		end := sp.next(i)
		piece := b[sp.pos[i]:sp.pos[end]]
		for _, c := range sp.cls[i:end] {
			if c&cBad != 0 {
				piece = w.fix(sp.runes[i:end])
				break
			}
		}
		total += count(piece)
		i = end
	}
	return total
}

// slowCount is the path Count took before fast.go: the whole input through
// the splitter in one block, every piece looked up in the vocabulary, no
// cache. It is
// the property the fast path must keep, on every input (the reference
// tests compare Count with tiktoken, on the inputs tiktoken gets right).
func slowCount(t testing.TB, enc string, b []byte) int {
	t.Helper()
	e, err := get(enc)
	if err != nil {
		t.Fatal(err)
	}
	w := &worker{split: splitter{o200k: e.o200k}}
	return w.splitCount(b, func(piece []byte) int { return e.vocab.count(piece, &w.sc) })
}

// asciiPieces is pieces by nextASCII.
func asciiPieces(o200k bool, s string) []string {
	var out []string
	for i := 0; i < len(s); {
		e := nextASCII([]byte(s), i, o200k)
		out = append(out, s[i:e])
		i = e
	}
	return out
}

func checkFast(t testing.TB, name string, b []byte) {
	t.Helper()
	for _, enc := range []string{O200k, Cl100k} {
		got, err := Count(enc, b)
		if err != nil {
			t.Fatal(err)
		}
		if want := slowCount(t, enc, b); got != want {
			t.Errorf("%s, %s: Count = %d, the splitter without cache %d (input %q)", name, enc, got, want, clipQ(b))
		}
	}
	checkPieces(t, name, b)
	if pastASCII(b) == len(b) {
		for _, o200k := range []bool{true, false} {
			if got, want := asciiPieces(o200k, string(b)), pieces(o200k, string(b)); !slices.Equal(got, want) {
				t.Errorf("%s, o200k=%v: ASCII pieces %q, splitter %q", name, o200k, got, want)
			}
		}
	}
}

// TestFastMatchesSlow compares the fast path with the splitter on every
// capture (whole, so the cache sees repeats and evictions) and on random
// text, ASCII only and over the reference tests' alphabet.
func TestFastMatchesSlow(t *testing.T) {
	for name, b := range corpusPart(t) {
		checkFast(t, name, b)
		var ascii []byte
		for _, c := range b {
			if c < 0x80 {
				ascii = append(ascii, c)
			}
		}
		checkFast(t, name+" (ASCII bytes)", ascii)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	asciiAlphabet := []string{"a", "z", "A", "Z", "s", "t", "S", "T", "r", "e", "v", "m", "l", "L", "d", "D",
		"'", "0", "7", " ", "  ", "\t", "\n", "\r", "\r\n", "\v", "\f", "/", "-", "_", ".", "(", "\x00", "\x7f"}
	for i := range 3000 {
		alpha := alphabet
		if i%2 == 0 {
			alpha = asciiAlphabet
		}
		var s strings.Builder
		n := 1 + rng.IntN(60)
		if i%100 == 0 {
			n = 3000
		}
		for range n {
			s.WriteString(alpha[rng.IntN(len(alpha))])
		}
		checkFast(t, "random", []byte(s.String()))
	}
}

// TestNewlineCases probes where a line's pieces run into the next line's
// (the segment's blocks once ended at such newlines): a newline followed
// by spaces and another newline, by '/' (which o200k's punctuation piece
// takes), by Unicode whitespace, by invalid bytes.
func TestNewlineCases(t *testing.T) {
	for _, s := range []string{
		"a\n  \nb", "a\n\t\r\nb", "});\n/x", "});\n /x", "});\n\n/x", "a\n\u3000\nb", "a\n \u00a0\nb",
		"x\n \u2028\ny", "a\n\u0085\nb", "a\n\u3000b", "a\n\xff\nb", "a\n\x1b[31mb\n", "a\n\v\f\nb",
		"a\n  ", "a\n", "\n\n", "a\n\x7f\nb", "a\n●x\n  ● y\n",
	} {
		checkFast(t, "case", []byte(s))
	}
}

// FuzzFastMatchesSlow compares the fast path with the splitter on any
// input; it needs no reference tokenizer, so plain `go test -fuzz` works:
//
//	go test ./tokens -run '^$' -fuzz FuzzFastMatchesSlow -fuzztime 60s
func FuzzFastMatchesSlow(f *testing.F) {
	for _, b := range corpusPart(f) {
		if len(b) > 4096 {
			b = b[:4096]
		}
		f.Add(b)
	}
	for _, a := range alphabet {
		f.Add([]byte("x" + a + "'s Y" + a + "\n z'll\n"))
		f.Add([]byte("});\n" + a + "\n  " + a + "x\n\t/" + a))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkFast(t, "fuzz", b)
	})
}

// TestPieceCacheKeys checks that pieces that differ only in length or in
// trailing zero bytes, which pack into the same words, never share an
// entry's count.
func TestPieceCacheKeys(t *testing.T) {
	e, err := get(O200k)
	if err != nil {
		t.Fatal(err)
	}
	var pc pieceCache
	var sc scratch
	for range 2 { // misses, then hits
		for _, p := range []string{"ab", "ab\x00", "ab\x00\x00\x00\x00\x00\x00", "ab\x00\x00\x00\x00\x00\x00\x00\x00",
			"abcdefgh", "abcdefgh\x00", "abcdefghabcdefgh", "abcdefghabcdefg"} {
			if got, want := pc.count(e.vocab, []byte(p), &sc), e.vocab.count([]byte(p), &sc); got != want {
				t.Errorf("%q: cached %d, vocabulary %d", p, got, want)
			}
		}
	}
}

// TestWordsNamePiece checks that the cache's key (words and the length)
// tells apart any two pieces of the same length that differ in one byte,
// wherever that byte is: a key that missed a byte would let the cache
// answer for a different piece.
func TestWordsNamePiece(t *testing.T) {
	for n := 2; n <= maxCached; n++ {
		base := make([]byte, n)
		for i := range base {
			base[i] = byte('a' + i)
		}
		b0, b1 := words(base)
		for i := range n {
			p := append([]byte(nil), base...)
			p[i] ^= 0x20
			if w0, w1 := words(p); w0 == b0 && w1 == b1 {
				t.Errorf("length %d: a change of byte %d leaves the key as it was", n, i)
			}
		}
	}
}

// checkPieces checks that countText cuts b into the pieces the splitter
// cuts it into whole: the fast path's pieces far from the bytes past
// ASCII, the splitter's over windows around them.
func checkPieces(t testing.TB, name string, b []byte) {
	t.Helper()
	for _, enc := range []string{O200k, Cl100k} {
		e, err := get(enc)
		if err != nil {
			t.Fatal(err)
		}
		w := &worker{split: splitter{o200k: e.o200k}}
		var want, got []string
		w.splitCount(b, func(piece []byte) int { want = append(want, string(piece)); return 0 })
		w.each = func(piece []byte) { got = append(got, string(piece)) }
		e.countText(b, w)
		if !slices.Equal(got, want) {
			t.Errorf("%s, %s: pieces %q, the splitter's on the whole text %q", name, enc, clipPieces(got, want), clipPieces(want, got))
		}
	}
}

// clipPieces is a's pieces from the first that differs from b's, a few.
func clipPieces(a, b []string) []string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[max(0, i-2):min(len(a), i+4)]
}

// TestMixedPiecesCases probes where a piece of ASCII ends next to a byte
// past ASCII, which decides it: a contraction's long s ("'ſ"), letters
// run on into letters past ASCII, punctuation into symbols, spaces before
// Unicode space, an invalid byte, and a run longer than a window.
func TestMixedPiecesCases(t *testing.T) {
	long := strings.Repeat("abcdefgh", 20)
	for _, s := range []string{
		"it'ſ ok", "IT'ſ", "x'ſ'ſ", "ab'", "ab'r\u00e9", "ab're\u00e9", "ab'll\u00e9x", "don'\u017f",
		"caf\u00e9 ok", "CAF\u00c9s", "na\u00efve", "a\u0301b", "x\u00a0 y", "x \u3000y", "x  \u2028y",
		"a(\u2018b\u2019)", "12\u0663\u0664", "\u2713 src/a.test.ts > a > b 12ms", "  \u00d7 fails",
		"x\xffy", "x'\xff", "\xe2\x9c", long + "\u00e9" + long, "\u00e9" + long + "'s" + long + "\u00e9",
		strings.Repeat("\u2500", 40) + " x " + strings.Repeat("\u2500", 40),
		"a\u00e9" + strings.Repeat(" ", 40) + "b", "/\u00e9//\n\n", "\u00e9\r\n  x",
	} {
		checkFast(t, "case", []byte(s))
	}
}
