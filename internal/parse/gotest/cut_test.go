package gotest

import (
	"strconv"
	"strings"
	"testing"
)

// cutMiddle keeps at most limit lines (one more, when a single line is cut
// and shown rather than named), its first and last, names each run it cuts
// where it was, and counts every line it does not show, those never held
// (gap) among them; the last line is kept but when the lines never held
// came after it.
func TestCutMiddleCountsWhatItCuts(t *testing.T) {
	lines := make([]string, 40)
	for i := range lines {
		lines[i] = "l" + strconv.Itoa(i)
	}
	for _, c := range []struct {
		n, gap, gapAt, limit int
		diffs                bool
	}{
		{40, 0, 0, 8, false}, {40, 100, 20, 8, false}, {40, 100, 39, 8, false}, {40, 100, 40, 8, false},
		{9, 0, 0, 8, false}, {8, 0, 0, 8, false}, {12, 5, 6, 40, false}, {40, 0, 0, 0, false}, {40, 0, 0, 1, false},
	} {
		in := append([]string(nil), lines[:c.n]...)
		kept, cut := cutMiddle(in, c.gap, c.gapAt, c.limit, "", c.diffs)
		shown, named := 0, 0
		for _, k := range kept {
			if rest, ok := strings.CutPrefix(k, "… "); ok {
				n, _ := strconv.Atoi(strings.Fields(rest)[0])
				named += n
				continue
			}
			shown++
		}
		if shown+cut != c.n+c.gap {
			t.Errorf("%+v: %d shown + %d cut, want %d lines in all: %q", c, shown, cut, c.n+c.gap, kept)
		}
		if c.limit > 0 && named != cut {
			t.Errorf("%+v: %d lines named as cut, %d counted: %q", c, named, cut, kept)
		}
		if shown > c.limit+1 {
			t.Errorf("%+v: %d lines shown, limit %d: %q", c, shown, c.limit, kept)
		}
		if c.limit >= 2 && c.gapAt < c.n && kept[len(kept)-1] != in[c.n-1] {
			t.Errorf("%+v: the last line is not kept: %q", c, kept)
		}
	}
}

// testscript's verdict: the file may be a Windows path; a line that only
// starts with "FAIL: " is none.
func TestScriptVerdict(t *testing.T) {
	for in, want := range map[string]string{
		"FAIL: testdata/script/x.txtar:15: no match for `a: b` found in stdout": "testdata/script/x.txtar|15|no match for `a: b` found in stdout",
		`FAIL: C:\w\testdata\x.txtar:3: unexpected command failure`:             `C:\w\testdata\x.txtar|3|unexpected command failure`,
		"FAIL: x.txtar:2: ":                  "x.txtar|2|",
		"FAIL: something else":               "",
		"FAIL: TestX (0.00s)":                "",
		"FAIL: a b.txtar:3: spaces in names": "",
	} {
		file, line, msg, ok := scriptVerdict(in)
		got := ""
		if ok {
			got = file + "|" + strconv.Itoa(line) + "|" + msg
		}
		if got != want {
			t.Errorf("scriptVerdict(%q) = %q, want %q", in, got, want)
		}
	}
}
