package tokens

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/longtest"
	"github.com/tiktoken-go/tokenizer"
)

// Known counts. Sources: the test vectors of github.com/tiktoken-go/tokenizer
// v0.10.0 (tokenizer_test.go, TestO200kBase and TestCl100kBase, which give
// the token IDs; the counts are their lengths), and OpenAI's cookbook "How to
// count tokens with tiktoken", where "tiktoken is great!" is
// ["t", "ik", "token", " is", " great", "!"] in cl100k_base.
func TestKnownCounts(t *testing.T) {
	cases := []struct {
		enc, text string
		want      int
	}{
		{O200k, "'RE", 2},
		{O200k, "hello world", 2},
		{O200k, "hello  world", 3},
		{O200k, "hello   world", 3},
		{O200k, "supercalifragilistic", 6},
		{O200k, "We know what we are, but know not what we may be.", 14},
		{Cl100k, "'RE", 1},
		{Cl100k, "hello world", 2},
		{Cl100k, "hello  world", 3},
		{Cl100k, "supercalifragilistic", 7},
		{Cl100k, "We know what we are, but know not what we may be.", 14},
		{Cl100k, "tiktoken is great!", 6},
		{"", "supercalifragilistic", 6}, // "" is o200k_base
	}
	for _, c := range cases {
		got, err := Count(c.enc, []byte(c.text))
		if err != nil {
			t.Fatalf("Count(%q, %q): %v", c.enc, c.text, err)
		}
		if got != c.want {
			t.Errorf("Count(%q, %q) = %d, want %d", c.enc, c.text, got, c.want)
		}
	}
}

func TestCountEmptyAndUnknown(t *testing.T) {
	if n, err := Count(O200k, nil); n != 0 || err != nil {
		t.Errorf("Count(empty) = %d, %v; want 0, nil", n, err)
	}
	_, err := Count("p50k_base", []byte("x"))
	if !errors.Is(err, ErrUnknownEncoding) || !strings.Contains(err.Error(), "o200k_base") {
		t.Errorf("unknown encoding: err = %v, want ErrUnknownEncoding naming the choices", err)
	}
	if _, err := Count("nope", nil); err == nil {
		t.Error("Count(nope, empty): no error")
	}
}

// TestCountInvalidUTF8 checks that bytes that are not UTF-8 are counted, not
// refused: tool output is not always valid text.
func TestCountInvalidUTF8(t *testing.T) {
	n, err := Count(O200k, []byte("ok \xff\xfe done\n"))
	if err != nil || n < 3 {
		t.Errorf("Count(invalid UTF-8) = %d, %v; want 3 or more tokens, no error", n, err)
	}
}

// whole counts b with the tokenizer in one call, the reference the
// segmenting code must agree with.
func whole(t testing.TB, enc string, b []byte) int {
	t.Helper()
	c, err := tokenizer.Get(tokenizer.Encoding(enc))
	if err != nil {
		t.Fatal(err)
	}
	n, err := c.Count(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// splitAll cuts b at every boundary cut may choose, so that one count
// checks them all at once.
func splitAll(b []byte) [][]byte {
	var segs [][]byte
	start := 0
	for i := 1; i < len(b); i++ {
		nl := b[i-1] == '\n' && lineStart(b[i])
		sp := b[i] == ' ' && i+1 < len(b) && asciiLetter(b[i-1]) && asciiLetter(b[i+1])
		if nl || sp {
			segs = append(segs, b[start:i])
			start = i
		}
	}
	return append(segs, b[start:])
}

// checkBoundaries checks that cutting at every boundary leaves the count
// unchanged, for terse's tokenizer and for the reference.
func checkBoundaries(t testing.TB, name string, b []byte) {
	t.Helper()
	segs := splitAll(b)
	for _, enc := range []string{O200k, Cl100k} {
		for _, impl := range []struct {
			name  string
			count func([]byte) int
		}{
			{"reference", func(b []byte) int { return whole(t, enc, b) }},
			{"terse", func(b []byte) int { return segmentCount(t, enc, b) }},
		} {
			want, sum := impl.count(b), 0
			for _, s := range segs {
				sum += impl.count(s)
			}
			if sum != want {
				t.Errorf("%s, %s, %s: %d segments count %d, the whole %d", name, enc, impl.name, len(segs), sum, want)
			}
		}
	}
}

// segmentCount counts b as one segment, without Count's own cutting.
func segmentCount(t testing.TB, enc string, b []byte) int {
	t.Helper()
	e, err := get(enc)
	if err != nil {
		t.Fatal(err)
	}
	w := e.pool.Get().(*worker)
	defer e.pool.Put(w)
	return e.countSegment(b, w)
}

// corpus returns every capture in testdata plus inputs that probe the
// boundaries: indentation, blank lines, '/' after a newline, CRLF, unicode
// letters and marks, contractions, digits.
func corpus(t testing.TB) map[string][]byte {
	t.Helper()
	files, _ := filepath.Glob("../profiles/*/testdata/captures/*")
	out := map[string][]byte{}
	for _, f := range files {
		if strings.HasSuffix(f, "VERSIONS") || strings.HasSuffix(f, ".exit") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = b
	}
	if len(out) == 0 {
		t.Fatal("no captures found under ../testdata")
	}
	out["probe"] = []byte("a\n  b\n\n  \nc});\n/x\r\ny's\nIt's OK\nÉcole été\n123456\n\tTab\n-- x\n" +
		"aB Cd eF\nxyz  abc\n日本語 テスト\nnaïve café\n// comment\n  at fn (src/a.js:1:2)\n\xff\xfeZ\n" +
		"don'T stop\nHELLO'S world\n\u00a0nbsp\n\u1C89x\n")
	return out
}

// corpusPart is corpus whole in the long run (TERSE_LONG_TESTS=1), and
// otherwise every sixth capture of each tool's, with the probe: the tests
// that count each capture two ways and compare took most of the package's
// default run whole (150 s of 195 on a loaded 2-core host).
func corpusPart(t testing.TB) map[string][]byte {
	t.Helper()
	all := corpus(t)
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	sort.Strings(names)
	part := map[string][]byte{"probe": all["probe"]}
	for _, n := range longtest.SampleByDir(names, 6) {
		part[n] = all[n]
	}
	return part
}

func TestCutExact(t *testing.T) {
	for name, b := range corpusPart(t) {
		checkBoundaries(t, name, b)
	}
}

func FuzzCutExact(f *testing.F) {
	for _, b := range corpusPart(f) {
		if len(b) > 4096 {
			b = b[:4096]
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkBoundaries(t, "fuzz", b)
	})
}

// TestCountSegmentsMatchWhole checks Count (which cuts at segmentSize) on
// inputs larger than a segment, made of the captures.
func TestCountSegmentsMatchWhole(t *testing.T) {
	var big []byte
	for _, b := range corpusPart(t) {
		if !newlineRuns(b) { // see newlineRuns
			big = append(big, b...)
		}
	}
	for len(big) < 3*segmentSize {
		big = append(big, big...)
	}
	for _, enc := range []string{O200k, Cl100k} {
		got, err := Count(enc, big)
		if err != nil {
			t.Fatal(err)
		}
		if want := whole(t, enc, big); got != want {
			t.Errorf("%s: Count = %d, whole = %d", enc, got, want)
		}
	}
}

// TestCounterStream writes a stream in writes of random sizes and compares
// with Count.
func TestCounterStream(t *testing.T) {
	var big []byte
	for _, b := range corpus(t) {
		big = append(big, b...)
	}
	for len(big) < 2*segmentSize+1000 {
		big = append(big, big...)
	}
	want, err := Count(O200k, big)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	c := NewCounter("", 0)
	for rest := big; len(rest) > 0; {
		n := min(len(rest), 1+rng.IntN(70000))
		if k, err := c.Write(rest[:n]); k != n || err != nil {
			t.Fatalf("Write = %d, %v", k, err)
		}
		rest = rest[n:]
	}
	tally, err := c.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !tally.Exact || tally.Tokens != int64(want) || tally.Bytes != int64(len(big)) || tally.Counted != int64(len(big)) {
		t.Errorf("tally = %+v, want exact %d tokens of %d bytes", tally, want, len(big))
	}
	if s := tally.String(); strings.Contains(s, "~") || s != Group(int64(want)) {
		t.Errorf("String() = %q, want the plain count %s", s, Group(int64(want)))
	}
}

// TestCounterLimit checks that beyond its limit a Counter extrapolates and
// says so.
func TestCounterLimit(t *testing.T) {
	line := []byte("  ● cart › computes the total with quantities\n")
	in := bytes.Repeat(line, 20000) // ~1 MB
	c := NewCounter(O200k, 100<<10)
	c.Write(in)
	tally, err := c.Close()
	if err != nil {
		t.Fatal(err)
	}
	if tally.Exact || tally.Counted != 100<<10 || tally.Bytes != int64(len(in)) {
		t.Fatalf("tally = %+v, want inexact, 100 KiB counted of %d", tally, len(in))
	}
	exact, _ := Count(O200k, in)
	if d := float64(tally.Tokens-int64(exact)) / float64(exact); d > 0.01 || d < -0.01 {
		t.Errorf("extrapolated %d, exact %d: off by %.2f%%", tally.Tokens, exact, 100*d)
	}
	s := tally.String()
	if !strings.HasPrefix(s, "~") || !strings.Contains(s, "est.") || !strings.Contains(s, "100 KiB") {
		t.Errorf("String() = %q, want a labelled estimate", s)
	}
}

// TestCounterNoWarm: a counter that does not warm the vocabulary (the
// shaped side of a run) counts as any other, across segments and at Close.
func TestCounterNoWarm(t *testing.T) {
	in := bytes.Repeat([]byte("FAIL src/cart.test.js (5.2 s)\n  ● cart › total\n"), 5000)
	want, err := Count(O200k, in)
	if err != nil {
		t.Fatal(err)
	}
	c := NewCounter(O200k, 0)
	c.NoWarm()
	for rest := in; len(rest) > 0; {
		n := min(len(rest), 3000)
		c.Write(rest[:n])
		rest = rest[n:]
	}
	tally, err := c.Close()
	if err != nil || !tally.Exact || tally.Tokens != int64(want) || tally.Bytes != int64(len(in)) {
		t.Fatalf("tally = %+v, %v; want exact %d tokens of %d bytes", tally, err, want, len(in))
	}
}

// TestCounterLongLine: a line longer than maxPending with no boundary is cut
// anyway, so memory stays bounded, and the tally says it is not exact.
func TestCounterLongLine(t *testing.T) {
	in := bytes.Repeat([]byte("0123456789"), (maxPending+segmentSize)/10)
	c := NewCounter(O200k, 0)
	c.Write(in)
	tally, err := c.Close()
	if err != nil {
		t.Fatal(err)
	}
	if tally.Exact {
		t.Errorf("tally = %+v: a forced cut must make it inexact", tally)
	}
	if s := tally.String(); !strings.HasPrefix(s, "~") || !strings.Contains(s, "was cut") {
		t.Errorf("String() = %q, want the forced cut labelled", s)
	}
	if want, _ := Count(O200k, in); tally.Tokens < int64(want)-2 || tally.Tokens > int64(want)+2 {
		t.Errorf("tokens %d, exact %d", tally.Tokens, want)
	}
}

func TestCounterEmptyAndUnknown(t *testing.T) {
	tally, err := NewCounter("", 0).Close()
	if err != nil || tally.Tokens != 0 || !tally.Exact || tally.Encoding != O200k {
		t.Errorf("empty: %+v, %v", tally, err)
	}
	c := NewCounter("bogus", 0)
	c.Write([]byte("hello world"))
	if _, err := c.Close(); !errors.Is(err, ErrUnknownEncoding) {
		t.Errorf("unknown encoding: err = %v", err)
	}
}

func TestEstimateAndFormat(t *testing.T) {
	if Estimate(0) != 0 || Estimate(35) != 10 {
		t.Errorf("Estimate(0), Estimate(35) = %d, %d; want 0, 10", Estimate(0), Estimate(35))
	}
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 28312100: "28,312,100", -1234: "-1,234"} {
		if got := Group(n); got != want {
			t.Errorf("Group(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int64]string{512: "512 B", 1536: "1.5 KiB", 4 << 20: "4 MiB", 100 << 20: "100 MiB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
	if s := (Tally{Bytes: 70, Tokens: 20}).String(); s != "~20 (est.: bytes/3.5)" {
		t.Errorf("String() of a pure estimate = %q", s)
	}
}

// TestCounterWriteOfOneSegment writes exactly one segment's bytes, ending in
// the middle of a word, then the rest: the end of a write is not a
// boundary, so the count is still the whole text's. (A pending buffer of
// exactly segmentSize bytes was once sent whole, splitting the word.)
func TestCounterWriteOfOneSegment(t *testing.T) {
	text := bytes.Repeat([]byte("hello wonderful world\n"), 3*segmentSize/22)
	at := segmentSize
	for !asciiLetter(text[at-1]) || !asciiLetter(text[at]) {
		text = text[1:] // move the text until the segment's end falls inside a word
	}
	want, err := Count(O200k, text)
	if err != nil {
		t.Fatal(err)
	}
	c := NewCounter(O200k, 0)
	c.Write(text[:at])
	c.Write(text[at:])
	tally, err := c.Close()
	if err != nil || !tally.Exact || tally.Tokens != int64(want) {
		t.Errorf("tally = %+v, %v; want exact %d", tally, err, want)
	}
}
