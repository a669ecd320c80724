package profiles

import (
	"bufio"
	"bytes"
	"strings"
	"testing"
	"unsafe"
)

// A claim index built ahead raises its builder's panic on the goroutine
// that waits for it, where terse recovers it, instead of taking the
// process down.
func TestIndexAheadRaisesPanic(t *testing.T) {
	a := buildIndexAhead([]*Profile{nil}, plainPaths{})
	defer func() {
		if recover() == nil {
			t.Error("index() returned; want the builder's panic")
		}
	}()
	a.index()
}

// A claim index built ahead is the one the scan would build.
func TestIndexAheadIsTheIndex(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	got, want := buildIndexAhead(set.All(), plainPaths{}).index(), newClaimIndex(set.All(), plainPaths{})
	if got.x.Signatures() != want.x.Signatures() || got.x.Signatures() == 0 {
		t.Fatalf("%d signatures ahead, %d built here", got.x.Signatures(), want.x.Signatures())
	}
	claimed := 0
	for _, l := range []string{"FAIL src/a.test.js", "  ✓ adds (3 ms)", "ok  \tpkg\t0.1s", "plain text"} {
		gp, gs := got.claim(l, nil)
		wp, ws := want.claim(l, nil)
		if gp != wp || gs != ws {
			t.Errorf("%q: claimed by %v/%d ahead, %v/%d here", l, gp, gs, wp, ws)
		}
		if gp != nil {
			claimed++
		}
	}
	if claimed < 2 {
		t.Errorf("%d of the lines claimed, want at least 2: the index claims nothing", claimed)
	}
}

// The claim index is built ahead only for input that starts as text: an
// empty output (terse run -- true) or a JSON or binary one would build it
// for nothing.
func TestTextAhead(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"", false},
		{"  \n{\"numFailedTests\": 1}", false},
		{"[1, 2]", false},
		{"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f\x10\x11\x12\x13\x14", false},
		{"FAIL src/a.test.js\n", true},
		{"\n\n  1 passing (3ms)\n", true},
	} {
		if got := textAhead(bufio.NewReader(bytes.NewReader([]byte(c.in)))); got != c.want {
			t.Errorf("textAhead(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

// A line read ahead takes one cache line (see aheadLine), and a profile
// with more rules than its 16-bit rule index holds is refused when it loads.
func TestAheadLineIsACacheLine(t *testing.T) {
	if n := unsafe.Sizeof(aheadLine{}); n != cacheLine {
		t.Errorf("aheadLine takes %d bytes, want %d", n, cacheLine)
	}
	var y strings.Builder
	y.WriteString("name: x\ntext:\n  rules:\n")
	for range maxRules + 1 {
		y.WriteString("    - match: a\n      emit: drop\n")
	}
	if _, err := Parse([]byte(y.String()), "x.yaml"); err == nil || !strings.Contains(err.Error(), "more than the 32767") {
		t.Errorf("a profile of %d rules: error %v, want one saying it has too many", maxRules+1, err)
	}
}
