package profiles

import (
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/fastre"
)

// TestSplitRulesMatchAsOne: where a profile's block has one rule for each
// alternative of what was one pattern (cargo-build's end and excerpt
// rules, so that each gets a filter by its first bytes), a line matches one
// of the rules exactly when it matches the pattern they were split from,
// for every line of every capture and lines made to sit at the edges of
// the alternatives. The rules of a split are consecutive, of one emit, and
// without named groups, so the first that matches does what the one
// pattern did.
func TestSplitRulesMatchAsOne(t *testing.T) {
	splits := []struct {
		profile, was string
		into         []string
	}{
		{"cargo-build", `^\s*(Compiling|Checking|Finished)\b|^note: the lint level is defined here$|^(For more information about (this|an) error|Some errors have detailed explanations)`,
			[]string{`^\s*(Compiling|Checking|Finished)\b`, `^note: the lint level is defined here$`, `^(For more information about (this|an) error|Some errors have detailed explanations)`}},
		{"cargo-build", `^\s*\d*\s*[|:]|^\s*\d+\s*[-+~]\s|^\s*\d+\s+\S|^\.\.\.$|^\s*\|`,
			[]string{`^\s*[|:]`, `^\s*\d+\s*[|:]`, `^\s*\d+\s*[-+~]\s`, `^\s*\d+\s+\S`, `^\.\.\.$`}},
	}
	lines := []string{"|", " |", "12|", "12 |", " 12 : x", ":", "...", "....", " ...", "1 + x", "1+ x", "1 +x", "12 x", "12  ", "12",
		"\t|", "\t12\t|", "  Compiling x", "Finished", "Finishedx", "note: the lint level is defined here", "note: the lint level is defined here ",
		"For more information about this error", "For more information about an error", "Some errors have detailed explanations: E1"}
	lines = append(lines, cleanCaptureLines(t)...)
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range splits {
		p, _ := set.Get(s.profile)
		if !hasConsecutive(p, s.into) {
			t.Errorf("%s: no block with the rules %q in a row, of one emit", s.profile, s.into)
		}
		was := fastre.MustCompile(s.was)
		var into []*fastre.Regexp
		for _, m := range s.into {
			into = append(into, fastre.MustCompile(m))
		}
		matched := 0
		for _, l := range lines {
			one := false
			for _, re := range into {
				one = one || re.MatchString(l)
			}
			if want := was.MatchString(l); one != want {
				t.Errorf("%q: the split rules match %v, the pattern %v", l, one, want)
			}
			if one {
				matched++
			}
		}
		if matched == 0 {
			t.Errorf("%q: no line matches", s.was)
		}
	}
}

// hasConsecutive says whether a block of p holds the rules matching
// patterns in a row, all of one emit and without named groups.
func hasConsecutive(p *Profile, patterns []string) bool {
	for _, r := range p.Text.Rules {
		for i := range r.Block {
			if i+len(patterns) > len(r.Block) {
				break
			}
			ok := true
			for k, m := range patterns {
				b := r.Block[i+k]
				ok = ok && b.Match == m && b.Emit == r.Block[i].Emit && !strings.Contains(m, "?P<")
			}
			if ok {
				return true
			}
		}
	}
	return false
}
