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
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	_, caps := readTextCaptures(t)
	scan := func(in []byte, on bool) string {
		t.Helper()
		settleClaims = on
		defer func() { settleClaims = true }()
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
	settled := 0
	for i, in := range inputs {
		all, some := scan(in, false), scan(in, true)
		if all != some {
			t.Errorf("input %d: settled claims give\n%s\nclaiming every line gives\n%s", i, some, all)
		}
		if len(all) > 0 {
			settled++
		}
	}
	if settled < len(inputs) {
		t.Errorf("%d of %d inputs gave segments", settled, len(inputs))
	}
}
