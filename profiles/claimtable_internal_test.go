package profiles

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/terse-dev/terse/internal/match"
)

// The gates the built-in table holds for each signature are those worked
// out from its pattern when no table holds them: gate, fewest bytes and
// head gate, byte for byte.
func TestTableGatesAreWorkedOut(t *testing.T) {
	held, sigs := 0, 0
	for _, p := range builtinTable {
		if len(p.Detect.Gates) != len(p.Detect.Text) {
			t.Errorf("%s: the table holds the gates of %d of its %d signatures (go generate ./...)", p.Name, len(p.Detect.Gates), len(p.Detect.Text))
			continue
		}
		for i, pattern := range p.Detect.Text {
			sigs++
			fromTable := gatesOf(pattern, &p.Detect.Gates[i])
			worked := gatesOf(pattern, nil)
			if fromTable != worked {
				t.Errorf("%s %q:\nthe table's gates\n%s\nworked out\n%s", p.Name, pattern, fromTable, worked)
			}
			if p.Detect.Gates[i].Head != nil {
				held++
			}
		}
	}
	// Most built-in signatures have a head gate: a table that held none
	// would pass the comparison above with the head gates of neither.
	if sigs < 50 || held < 10 {
		t.Errorf("%d signatures, %d with a head gate in the table", sigs, held)
	}
}

// gatesOf describes what an index reads of pattern, from t (nil: worked
// out), with every cache of those cleared first.
func gatesOf(pattern string, t *SigGate) string {
	match.Gates, match.HeadGatesOf = sync.Map{}, sync.Map{}
	match.SimplifiedParses, match.Parses = sync.Map{}, sync.Map{}
	g := match.GateFor(pattern, t)
	var b strings.Builder
	for _, s := range []struct {
		name string
		set  *match.ByteSet
	}{{"first", g.First}, {"firstNW", g.FirstNW}, {"last", g.Last}} {
		fmt.Fprintf(&b, "%s %s\n", s.name, setString(s.set))
	}
	if g.Next != nil {
		fmt.Fprintf(&b, "next %x end %v\n", g.Next.Bytes, g.Next.End)
	}
	fmt.Fprintf(&b, "indents %#x min %d\n", g.Indents, match.MinBytesFor(pattern, t))
	class, alts, ok := match.HeadGateFor(pattern, t)
	if ok {
		fmt.Fprintf(&b, "head %s\n", setString(&class))
		for _, a := range alts {
			fmt.Fprintf(&b, "  %q|%q tail %s back %s\n", a.Pre, a.Post, stepsString(a.Tail), stepsString(a.Back))
		}
	}
	return b.String()
}

// setString is set's bytes as a mask (none: no set).
func setString(set *match.ByteSet) string {
	if set == nil {
		return "none"
	}
	return fmt.Sprintf("%x", match.WordsOf(set))
}

func stepsString(steps []match.TailStep) string {
	var parts []string
	for _, s := range steps {
		parts = append(parts, fmt.Sprintf("%s{%d,%d}", setString(&s.Set), s.Min, s.Max))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// A profile whose table holds no gates (a user's) claims every line as a
// built-in one does: the index works them out.
func TestIndexWithoutTableGatesClaimsAlike(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	bare := withoutTableGates(t, set)
	lines := lineSample(captureLines(t))
	clear := func() {
		match.Gates, match.HeadGatesOf = sync.Map{}, sync.Map{}
		match.SimplifiedParses, match.Parses = sync.Map{}, sync.Map{}
	}
	clear()
	table := newClaimIndex(set.All(), plainPaths{})
	clear()
	worked := newClaimIndex(bare, plainPaths{})
	for _, cur := range []int{-1, 0, len(bare) / 2, len(bare) - 1} {
		var tc, wc *Profile
		if cur >= 0 {
			tc, wc = set.All()[cur], bare[cur]
		}
		for _, l := range lines {
			tp, ts := table.claim(l, tc)
			wp, ws := worked.claim(l, wc)
			if name(tp) != name(wp) || ts != ws || table.inert(l, -1) != worked.inert(l, -1) {
				t.Fatalf("%q, current %v: with the table's gates %v %d, worked out %v %d", l, name(tc), name(tp), ts, name(wp), ws)
			}
		}
	}
}

// withoutTableGates is each of set's profiles parsed from its YAML, as a
// user's is (no gates held), in the set's order (the order of the claims).
func withoutTableGates(t *testing.T, set *Set) []*Profile {
	t.Helper()
	var bare []*Profile
	for _, p := range set.All() {
		data, err := builtinYAML.ReadFile(p.Name + "/profile.yaml")
		if err != nil {
			t.Fatal(err)
		}
		q, err := Parse(data, p.Name+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		if len(q.Detect.Gates) != 0 || len(p.Detect.Gates) != len(p.Detect.Text) {
			t.Fatalf("%s: parsed with %d gates, built in with %d", p.Name, len(q.Detect.Gates), len(p.Detect.Gates))
		}
		bare = append(bare, q)
	}
	return bare
}
