package gotest

import (
	"math/rand"
	"slices"
	"sort"
	"strconv"
	"testing"
)

// TestGoRunningAgreesWithMap runs the same random starts and ends through
// goRunning and a map, across the move from list to map, and checks that
// both hold the same tests; emptied, the set is a list again.
func TestGoRunningAgreesWithMap(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 50; round++ {
		var r goRunning
		want := map[string]*goTest{}
		for op := 0; op < 200; op++ {
			name := "T" + strconv.Itoa(rng.Intn(3*goRunningMax))
			switch rng.Intn(3) {
			case 0, 1:
				if r.get(name) == nil {
					tt := &goTest{name: name}
					r.add(tt)
					want[name] = tt
				}
			default:
				r.remove(name)
				delete(want, name)
			}
			if got := r.get(name); got != want[name] {
				t.Fatalf("round %d op %d: get(%q) = %v, want %v", round, op, name, got, want[name])
			}
		}
		var got, names []string
		r.names(func(n string) { got = append(got, n) })
		for n, tt := range want {
			names = append(names, n)
			if r.get(n) != tt {
				t.Fatalf("round %d: get(%q) lost it", round, n)
			}
		}
		sort.Strings(got)
		sort.Strings(names)
		if !slices.Equal(got, names) {
			t.Fatalf("round %d: names %v, want %v", round, got, names)
		}
		// Emptied, the set is a list again, and works as one.
		for _, n := range names {
			r.remove(n)
			if r.get(n) != nil {
				t.Fatalf("round %d: %q removed, still there", round, n)
			}
		}
		if r.big || len(r.list) != 0 {
			t.Fatalf("round %d: emptied set big=%v list=%d", round, r.big, len(r.list))
		}
		a, b := &goTest{name: "A"}, &goTest{name: "B"}
		r.add(a)
		r.add(b)
		if r.big || r.get("A") != a || r.get("B") != b || r.get("T1") != nil {
			t.Fatalf("round %d: refilled set big=%v, get A %v B %v", round, r.big, r.get("A"), r.get("B"))
		}
	}
}
