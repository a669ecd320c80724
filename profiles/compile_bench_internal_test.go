package profiles

import (
	"regexp/syntax"
	"sync"
	"testing"

	"github.com/terse-dev/terse/internal/match"
)

// BenchmarkCompilePatterns is what a profile's rules cost to compile, as
// the first shaping in a process compiles them: in front of every small
// run's report, whose whole CPU is some 14 ms (terse run of mocha's 32 kB
// capture). With accepted asking MatchRune of every ASCII byte, mocha's
// took 1.8 ms here and tap's 2.9; reading the ranges, 1.25 and 1.8.
//
//	go test ./profiles -run '^$' -bench CompilePatterns -benchmem
func BenchmarkCompilePatterns(b *testing.B) {
	set, err := Builtin()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"mocha", "tap", "gcc", "golangci-lint"} {
		p0, ok := set.Get(name)
		if !ok {
			b.Fatalf("no profile %s", name)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				// A profile of its own each time (the compiled rules
				// are kept on it once made), and no parse cached.
				match.SimplifiedParses, match.Parses = sync.Map{}, sync.Map{}
				p := &Profile{Name: p0.Name, Text: p0.Text, Frames: p0.Frames}
				if err := p.compilePatterns(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The parses parsedOf and simplifiedOf share are read, never changed: once
// every profile's rules are compiled and a claim index built (of profiles
// whose gates no table holds), each shared tree is still the tree a parse
// of its own gives.
func TestSharedParsesStayAsParsed(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range set.All() {
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
	}
	// From the YAML: the built-in table's gates would spare the index
	// its parses.
	newClaimIndex(withoutTableGates(t, set), plainPaths{})
	n := 0
	for _, c := range []struct {
		cache    *sync.Map
		simplify bool
	}{{&match.Parses, false}, {&match.SimplifiedParses, true}} {
		c.cache.Range(func(k, v any) bool {
			pattern, sp := k.(string), v.(match.SimplifiedParse)
			fresh, err := syntax.Parse(pattern, syntax.Perl)
			if err != nil || sp.Err != nil {
				if (err == nil) != (sp.Err == nil) {
					t.Errorf("%q: shared error %v, fresh %v", pattern, sp.Err, err)
				}
				return true
			}
			if c.simplify {
				fresh = fresh.Simplify()
			}
			if !sp.Re.Equal(fresh) {
				t.Errorf("%q: shared tree %v, fresh %v", pattern, sp.Re, fresh)
			}
			n++
			return true
		})
	}
	if n < 300 {
		t.Errorf("%d shared parses compared: the caches were not filled", n)
	}
}
