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
// both hold the same tests.
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
	}
}
