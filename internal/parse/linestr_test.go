package parse

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// TestLineStringsKeepTheirText makes strings of lines of every length from
// one reused buffer, as a LineReader's, and checks that each still holds
// its line after all the others were made.
func TestLineStringsKeepTheirText(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var ls LineStrings
	buf := make([]byte, 0, 2*lineSlab)
	var want, got []string
	for i := 0; i < 5000; i++ {
		n := rng.Intn(lineOwn + 50)
		if i%97 == 0 {
			n = rng.Intn(2 * lineSlab)
		}
		buf = buf[:n]
		for j := range buf {
			buf[j] = byte('a' + rng.Intn(26))
		}
		want = append(want, string(buf))
		got = append(got, ls.String(buf))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("line %d changed: %q, want %q", i, got[i], want[i])
		}
	}
}

// TestEachCleanAsLineReader checks that EachClean gives the lines
// LineReader.EachClean gives: cleaned, cut lines marked, a last line
// without a newline kept.
func TestEachCleanAsLineReader(t *testing.T) {
	in := "a\r\n\x1b[31mred\x1b[0m\n\n" + strings.Repeat("x", 300) + "\nlast"
	read := func(each func(*filters.LineReader, func(string)) error) []string {
		lr := filters.NewLineReader(bytes.NewReader([]byte(in)))
		lr.Max = 100
		var lines []string
		if err := each(lr, func(l string) { lines = append(lines, l) }); err != nil {
			t.Fatal(err)
		}
		return lines
	}
	got := read(EachClean)
	want := read((*filters.LineReader).EachClean)
	if strings.Join(got, "\n") != strings.Join(want, "\n") || len(got) != 5 {
		t.Fatalf("EachClean read %q, LineReader.EachClean %q", got, want)
	}
}
