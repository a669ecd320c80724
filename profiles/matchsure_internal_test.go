package profiles

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/match"
)

// TestSureMatchIsAMatch: every line a rule's sureMatch passes, its regexp
// matches, for every rule and block rule of the built-in profiles on every
// line of every capture; and the shortcut takes some lines.
func TestSureMatchIsAMatch(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	lines := cleanCaptureLines(t)
	sure := 0
	check := func(p *Profile, r *compiledRule) {
		for _, l := range lines {
			if !r.sure.Match(l) {
				continue
			}
			sure++
			if !r.re.MatchString(l) {
				t.Errorf("%s: rule %q: sure of %q, which it does not match", p.Name, r.Match, l)
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
	if sure < 1000 {
		t.Errorf("the shortcut took %d lines", sure)
	}
}

// TestSureMatchOfPatterns: the alternatives sureOf knows, and random lines
// of the bytes they read: every line one passes, Go's regexp matches.
func TestSureMatchOfPatterns(t *testing.T) {
	for _, c := range []struct {
		pattern string
		alts    int
	}{
		// cargo's excerpt lines: '\S' holds runes past ASCII.
		{`^\s*\d*\s*[|:]|^\s*\d+\s*[-+~]\s|^\s*\d+\s+\S|^\.\.\.$|^\s*\|`, 4},
		{`^\s*\^$`, 1},
		{`^ {0,4}x{2,3}$`, 1},
		{`^ab?c+`, 1},
		{`^(?i)abc`, 0}, // case folded: 'k' is the Kelvin sign too
		{`^a.*b`, 1},    // '.*' then a literal
		{`(?m)^a$`, 0},  // begin of line
		{`a+`, 0},       // not anchored
		{`^(a|b)c`, 1},  // a group of literals
		{`^a$b`, 0},     // $ before the end
		{`^[^a]`, 0},    // holds runes past ASCII
		{`^x|^y|^z|^w|^v`, match.MaxSureAlts},
		// cargo's lint origins: a literal set, then '.*' and a set.
		{"^\\s*= (note|help): .*(#\\[(warn|deny|allow|forbid)\\(|implied by|on by default|to override `)", 1},
		{`^(?:a|bc)x.*`, 1},                         // a trailing '.*' takes nothing
		{`^a.*(b|c).*d`, 0},                         // '.*' not before the last part
		{`^(?i:ab)|^é+`, 0},                         // folded; a repeated rune past ASCII
		{`^é:.*[bc]$`, 0},                           // $ after '.*'
		{`^(x|y|z|w|v|u|t|s|r|q|p|o|n|m|l|k|j)`, 0}, // too many literals
		{`^a.*(?:bc)?$`, 0},                         // $ after '.*'
		{`^(?:ab)?a.*(b|cd)?`, 1},                   // optional literals
	} {
		s := match.SureOf(c.pattern)
		if len(s.Alts) != c.alts {
			t.Errorf("%q: %d alternatives, want %d", c.pattern, len(s.Alts), c.alts)
		}
		re := regexp.MustCompile(c.pattern)
		const bytes = " \t\v0123456789|:+-~.^abcdxyzKé\n=\xff"
		rng := rand.New(rand.NewPCG(1, uint64(len(c.pattern))))
		for range 20000 {
			var b strings.Builder
			for range rng.IntN(9) {
				b.WriteByte(bytes[rng.IntN(len(bytes))])
			}
			if l := b.String(); s.Match(l) && !re.MatchString(l) {
				t.Errorf("%q: sure of %q, which it does not match", c.pattern, l)
			}
		}
	}
}
