package profiles

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestSureSubIsTheRegexpsMatch: every line a rule's sureSub passes, its
// regexp matches with the same groups, for every rule and block rule of the
// built-in profiles on every line of every capture; and the shortcut takes
// some lines.
func TestSureSubIsTheRegexpsMatch(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	lines := cleanCaptureLines(t)
	rules, sure := 0, 0
	var buf []int
	check := func(p *Profile, r *compiledRule) {
		if r.sub == nil {
			return
		}
		rules++
		for _, l := range lines {
			idx, ok := r.sub.submatchTo(&buf, l)
			if !ok {
				continue
			}
			sure++
			if want := r.re.FindStringSubmatchIndex(l); fmt.Sprint(idx) != fmt.Sprint(want) {
				t.Errorf("%s: rule %q on %q: groups %v, the regexp's %v", p.Name, r.Match, l, idx, want)
			}
		}
	}
	for _, p := range set.All() {
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
		for i := range p.rules {
			check(p, &p.rules[i])
			for j := range p.rules[i].block {
				check(p, &p.rules[i].block[j])
			}
		}
	}
	if rules < 5 || sure < 1000 {
		t.Errorf("%d rules took %d lines", rules, sure)
	}
}

// TestSureSubOfPatterns: the patterns subOf knows, and random lines of the
// bytes they read: every line one passes, Go's regexp matches with the
// same groups.
func TestSureSubOfPatterns(t *testing.T) {
	for _, c := range []struct {
		pattern string
		known   bool
	}{
		{`^\s*--> (?P<file>[^\s:]+):(?P<line>\d+):(?P<column>\d+)$`, true},
		{`^(?P<message>(help|note): .+)$`, true},
		{`^(?P<a>a+)(?P<b>a*b)`, true},
		{`^(?P<x>[^:]+)(?P<y>é?)`, false}, // a rune past ASCII taken once
		{`^(?P<x>\S{2})`, false},          // counted runes past ASCII
		{`^(?P<x>a+?)a`, false},           // not greedy
		{`^(?P<x>a)|^(?P<y>b)`, false},    // alternatives
		{`^(?:(?P<x>\d+):)?y`, false},     // an optional group
		{`^(?P<m>.*) \((?P<n>\w+)\)$`, false},
		{`^(?P<a>[ab]*)(?P<b>b+)`, true},
		{`^(?P<a>(x|xy)z)`, true},
	} {
		s := subOf(c.pattern)
		if (s != nil) != c.known {
			t.Errorf("%q: known %v, want %v", c.pattern, s != nil, c.known)
		}
		if s == nil {
			continue
		}
		re := regexp.MustCompile(c.pattern)
		const bytes = " \t0123456789:-> abxyzé()\xff"
		rng := rand.New(rand.NewPCG(2, uint64(len(c.pattern))))
		var buf []int
		for range 20000 {
			var b strings.Builder
			for range rng.IntN(10) {
				b.WriteByte(bytes[rng.IntN(len(bytes))])
			}
			l := b.String()
			if idx, ok := s.submatchTo(&buf, l); ok {
				if want := re.FindStringSubmatchIndex(l); fmt.Sprint(idx) != fmt.Sprint(want) {
					t.Errorf("%q on %q: groups %v, the regexp's %v", c.pattern, l, idx, want)
				}
			}
		}
	}
}
