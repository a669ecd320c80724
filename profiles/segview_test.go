package profiles

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// The scan looks at each line where the reader holds it: the failure lines
// the signals keep must be copies, still whole after the reader's buffer
// has been filled with later lines many times over.
func TestScanKeepsSignalLinesWhole(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	var want []string
	for i := range 5 {
		l := fmt.Sprintf("FAIL signal number %d", i)
		want = append(want, l)
		in.WriteString(l + "\n")
		for j := range 2000 {
			fmt.Fprintf(&in, "filler line %d of block %d, nothing to see\n", j, i)
		}
	}
	segs, err := set.scanSegments(strings.NewReader(in.String()), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range segs {
		got = append(got, g.sig.lines...)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("kept signal lines %q, want %q", got, want)
	}
}
