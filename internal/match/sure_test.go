package match

import (
	"regexp"
	"testing"
)

// TestSureMatchOfLiterals: lines of cargo's lint origins, each as the
// regexp says.
func TestSureMatchOfLiterals(t *testing.T) {
	pattern := "^\\s*= (note|help): .*(#\\[(warn|deny|allow|forbid)\\(|implied by|on by default|to override `)"
	s, re := SureOf(pattern), regexp.MustCompile(pattern)
	for _, c := range []struct {
		line string
		sure bool
	}{
		{"   = note: `#[warn(clippy::x)]` on by default", true},
		{"   = help: to override `-D warnings` add `#[allow(x)]`", true},
		{"   = note: `#[warn(x)]` implied by `#[warn(clippy::pedantic)]`", true},
		{"= note: #[deny(x)]", true},
		{"   = note: see the docs", false},
		{"   = warning: on by default", false},
		{"   = note: on by\ndefault", false},
		{"   = note: \xffon by default", true},
		{"   =  note: on by default", false},
	} {
		if got := s.Match(c.line); got != c.sure {
			t.Errorf("%q: sure %v, want %v", c.line, got, c.sure)
		}
		if c.sure && !re.MatchString(c.line) {
			t.Errorf("%q: the regexp does not match it", c.line)
		}
	}
}
