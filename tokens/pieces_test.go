package tokens

import (
	"slices"
	"testing"
)

// pieces returns the pre-split of s.
func pieces(o200k bool, s string) []string {
	sp := &splitter{o200k: o200k}
	sp.load([]byte(s))
	var out []string
	for i := 0; i < len(sp.cls); {
		e := sp.next(i)
		out = append(out, s[sp.pos[i]:sp.pos[e]])
		i = e
	}
	return out
}

// TestSplitPieces checks the pre-split against pieces worked out by hand
// from the expressions' backtracking semantics, where the reference
// tokenizer cannot be used (see newlineRuns, referenceDropsDEL) and for
// each contraction rule.
func TestSplitPieces(t *testing.T) {
	cases := []struct {
		in           string
		o200k, cl100 []string
	}{
		{"\n  \n", []string{"\n  \n"}, []string{"\n  \n"}},
		{"a\n \n b", []string{"a", "\n \n", " b"}, []string{"a", "\n \n", " b"}},
		{"x  \n\t\ny", []string{"x", "  \n\t\n", "y"}, []string{"x", "  \n\t\n", "y"}},
		{"  \n  \n  ", []string{"  \n  \n", "  "}, []string{"  \n  \n", "  "}},
		{"\r\n\r\n", []string{"\r\n\r\n"}, []string{"\r\n\r\n"}},
		{"foo   bar", []string{"foo", "  ", " bar"}, []string{"foo", "  ", " bar"}},
		{"It's", []string{"It's"}, []string{"It", "'s"}},
		{"HELLO'S", []string{"HELLO'S"}, []string{"HELLO", "'S"}},
		{"don'T", []string{"don'T"}, []string{"don", "'T"}},
		{"it'ſ", []string{"it'ſ"}, []string{"it", "'ſ"}},
		{"we'LL go", []string{"we'LL", " go"}, []string{"we", "'LL", " go"}},
		{"});\n/x", []string{"});\n/", "x"}, []string{"});\n", "/x"}},
		{"123456", []string{"123", "456"}, []string{"123", "456"}},
		{"  at fn", []string{" ", " at", " fn"}, []string{" ", " at", " fn"}},
		{"CamelCase", []string{"Camel", "Case"}, []string{"CamelCase"}},
		{"école", []string{"école"}, []string{"école"}},
		{"\x7f", []string{"\x7f"}, []string{"\x7f"}},
		{"a\x7fb", []string{"a", "\x7fb"}, []string{"a", "\x7fb"}},
		{"x\x7f\x7f.", []string{"x", "\x7f\x7f."}, []string{"x", "\x7f\x7f."}},
	}
	for _, c := range cases {
		if got := pieces(true, c.in); !slices.Equal(got, c.o200k) {
			t.Errorf("o200k %q: %q, want %q", c.in, got, c.o200k)
		}
		if got := pieces(false, c.in); !slices.Equal(got, c.cl100) {
			t.Errorf("cl100k %q: %q, want %q", c.in, got, c.cl100)
		}
	}
}

// TestLongestNewlineRun: "\n  \n" is one token of o200k_base, so the
// pre-split the vocabulary was trained with made such pieces.
func TestLongestNewlineRun(t *testing.T) {
	e, err := get(O200k)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.vocab.rank([]byte("\n  \n")); !ok {
		t.Error(`"\n  \n" is not a token of o200k_base`)
	}
	if n, _ := Count(O200k, []byte("\n  \n")); n != 1 {
		t.Errorf(`Count("\n  \n") = %d, want 1`, n)
	}
}
