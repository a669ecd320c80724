package profiles

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// TestSureMatchIsAMatch: every line a rule's sureMatch passes, its regexp
// matches, for every rule and block rule of the built-in profiles on every
// line of every capture; and the shortcut takes some lines.
func TestSureMatchIsAMatch(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	files, _ := filepath.Glob("../testdata/*/captures/*.txt")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			lines = append(lines, filters.CleanLine(l))
		}
	}
	sure := 0
	check := func(p *Profile, r *compiledRule) {
		for _, l := range lines {
			if !r.sure.match(l) {
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
		{`^a.*b`, 0},    // not a class
		{`(?m)^a$`, 0},  // begin of line
		{`a+`, 0},       // not anchored
		{`^(a|b)c`, 0},  // a group
		{`^a$b`, 0},     // $ before the end
		{`^[^a]`, 0},    // holds runes past ASCII
		{`^x|^y|^z|^w|^v`, maxSureAlts},
	} {
		s := sureOf(c.pattern)
		if len(s.alts) != c.alts {
			t.Errorf("%q: %d alternatives, want %d", c.pattern, len(s.alts), c.alts)
		}
		re := regexp.MustCompile(c.pattern)
		const bytes = " \t\v0123456789|:+-~.^abcxyzKé\n"
		rng := rand.New(rand.NewPCG(1, uint64(len(c.pattern))))
		for range 20000 {
			var b strings.Builder
			for range rng.IntN(9) {
				b.WriteByte(bytes[rng.IntN(len(bytes))])
			}
			if l := b.String(); s.match(l) && !re.MatchString(l) {
				t.Errorf("%q: sure of %q, which it does not match", c.pattern, l)
			}
		}
	}
}
