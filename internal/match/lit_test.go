package match

import (
	"regexp"
	"slices"
	"testing"
)

// TestLiteralsOf: the literals each shape of pattern must hold.
func TestLiteralsOf(t *testing.T) {
	cases := []struct {
		pattern string
		want    litFilter
	}{
		{`^Found (?P<n>\d+) errors?`, litFilter{"Found "}},
		// Neighbouring exact parts join: ": error: " or ": warning: ".
		{`^(?P<file>[^\s:]+):(?P<line>\d+): (?:error|warning): `, litFilter{": error: ", ": warning: "}},
		{`^\s*(?:not )?ok \d+\b|^# (?:tests|pass|fail) +\d+$`, litFilter{"ok ", "# tests", "# pass", "# fail"}},
		{`^\s*not ok \d+\b.* # (?i:todo|skip)\b`, litFilter{"not ok "}},
		{`(?i)error`, nil},
		{`^(?:x)?$`, nil},
		{`a|\d`, nil},
		{`é(ab)+c`, litFilter{"é"}}, // bytes: as long as "ab", and first
		{`é(abc)+d`, litFilter{"abc"}},
		{`\x{FFFD}`, nil},
		{`^(?:a|b|c|d|e|f|g|h|i)z`, litFilter{"z"}},
		{`^(?:a|b|c|d|e|f|g|h|i)`, nil},
	}
	for _, c := range cases {
		if got := literalsOf(c.pattern); !slices.Equal(got, c.want) {
			t.Errorf("literalsOf(%q) = %q, want %q", c.pattern, got, c.want)
		}
	}
}

// TestMorePartsOf: the further literals a sequence needs, beside its best.
func TestMorePartsOf(t *testing.T) {
	cases := []struct {
		pattern string
		want    []litFilter
	}{
		// cargo's caret line: "|", then carets, then a space.
		{`^\s*\d*\s*\|[\s|_/\\]*\^+[\s^]* (?P<message>[^\s^].*)$`, []litFilter{{"^"}, {" "}}},
		{`^\s+at (?:.*? \()?(?P<file>[^()\s]+?):(?P<line>\d+)$`, []litFilter{{":"}}},
		// Every part is in the best literal already.
		{`^foo: (?:bar|baz)`, nil},
		// An alternation at the top: its best is all there is.
		{`^a: x|^b: y`, nil},
		{`(?i)error: x`, nil},
	}
	for _, c := range cases {
		got := morePartsOf(c.pattern, literalsOf(c.pattern))
		if !slices.EqualFunc(got, c.want, func(a, b litFilter) bool { return slices.Equal(a, b) }) {
			t.Errorf("morePartsOf(%q) = %q, want %q", c.pattern, got, c.want)
		}
	}
}

// FuzzLiteralFilter: for any pattern and line, a line the pattern matches
// passes its filter, literals and prefix.
func FuzzLiteralFilter(f *testing.F) {
	f.Add(`^(?P<file>[^\s:]+):(?P<line>\d+): (?:error|warning): `, "a.py:3: error: x")
	f.Add(`^\s*(?:not )?ok \d+\b|^# (?:tests|pass|fail) +\d+$`, "# pass 3")
	f.Add(`é(ab)+c`, "xéababc")
	f.Add(`(?i)x(?-i)yz{2,}`, "Xyzz")
	f.Add(`^ {5,6}(?P<message>Error: Timeout)`, "      Error: Timeout")
	f.Add(`^(?i)k`, "\u212a")
	f.Add(`^\s*é?x`, "\xffx")
	f.Add(`^\x{FFFD}x`, "\xffx")
	f.Add(`^a$|^b\b`, "b")
	f.Add(`^ab$|^abcd`, "ab")
	f.Add(`^$`, "")
	f.Add(`^(?:x$|y)z?$`, "x")
	f.Add(`^\s*\d*\s*\|[\s|_/\\]*\^+[\s^]* (?P<message>[^\s^].*)$`, " 3 |   ^^^ here")
	f.Fuzz(func(t *testing.T, pattern, line string) {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return
		}
		if !re.MatchString(line) {
			return
		}
		if lit := literalsOf(pattern); !lit.May(line) {
			t.Errorf("%q matches %q, its literals %q say it cannot", pattern, line, lit)
		}
		if pre := PrefixOf(pattern); !pre.May(line) {
			t.Errorf("%q matches %q, its prefix filter %+v says it cannot", pattern, line, pre)
		}
		if f := FilterOf(pattern); !f.May(line) {
			t.Errorf("%q matches %q, its filter %+v says it cannot", pattern, line, f)
		}
	})
}
