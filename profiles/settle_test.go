package profiles

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

// Once a segment's profile has met its threshold and claimed a line since
// the last blank one, the scan runs that profile's signatures only where
// another profile's match: the segments (their tools, their bounds, their
// failure signals) must be what claiming every line gives, for every
// capture alone, every two neighbouring captures in a row (with and
// without a blank line between), and all of them in one input.
func TestSettledClaimsChangeNothing(t *testing.T) {
	scansAlike(t, "no settled claims", plainPaths{settleClaims: true})
}

// scansAlike fails t where the segments of an input (their tools, their
// bounds, their failure signals) differ on the plain paths paths (what
// says what they are) from the pipeline production runs:
// for every text capture alone, every two neighbouring captures in a row
// (with and without a blank line between), and all of them in one input.
func scansAlike(t *testing.T, what string, paths plainPaths) {
	t.Helper()
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	_, caps := captureSample(readTextCaptures(t))
	other := set.plainSet(paths)
	scan := func(set *Set, in []byte) string {
		t.Helper()
		segs, err := set.scanSegments(bytes.NewReader(in), &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		for _, g := range segs {
			name := ""
			if g.prof != nil {
				name = g.prof.Name
			}
			fmt.Fprintf(&b, "%s %d-%d strong=%v signals=%d %q\n", name, g.from, g.to, g.strong(), g.sig.n, g.sig.lines)
		}
		return b.String()
	}
	inputs := [][]byte{bytes.Join(caps, nil)}
	for i, c := range caps {
		next := caps[(i+1)%len(caps)]
		inputs = append(inputs, c, slices.Concat(c, next), slices.Concat(c, []byte("\n"), next))
	}
	scanned := 0
	for i, in := range inputs {
		off, on := scan(other, in), scan(set, in)
		if off != on {
			t.Errorf("input %d: the segments are\n%s\nwith %s\n%s", i, on, what, off)
		}
		if len(off) > 0 {
			scanned++
		}
	}
	if scanned < len(inputs) {
		t.Errorf("%d of %d inputs gave segments", scanned, len(inputs))
	}
}
