package profiles

import (
	"fmt"
	"os"
	"regexp/syntax"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/filters"

	"bufio"
	"path/filepath"

	"github.com/terse-dev/terse/internal/match"
)

// TestPrefixOf: which lines the prefix filter of each shape of pattern
// turns away, and which it lets through (to the regexp).
func TestPrefixOf(t *testing.T) {
	cases := []struct {
		pattern    string
		pass, stop []string
	}{
		// mocha's title lines: seven spaces at least, then anything.
		{`^ {7,}(?P<name>\S.*?):?$`, []string{"       x", "        "}, []string{"      x", "", "\t      x"}},
		{`^ {5,6}(?P<message>Error: Timeout)`, []string{"     Error: Timeout", "      Error: Timeout"},
			[]string{"     Error", "     x", "    Error: Timeout", "       Error: Timeout"}},
		{`^  \d+\) `, []string{"  1) "}, []string{"  x) ", " 1) "}},
		{`^make(\[\d+\])?: `, []string{"make: ", "make[1]: "}, []string{"Make: ", "mak"}},
		// Unanchored, or anchored on one branch only: any line may match.
		{`error`, []string{"", "x"}, nil},
		{`^a|b`, []string{"", "x"}, nil},
		{`(?m)^a`, []string{"x"}, nil},
		// Every branch anchored: one of their first bytes.
		{`^a$|^b\b`, []string{"a", "b"}, []string{"c", ""}},
		// A match may end at once: nothing needed.
		{`^(?:x)?`, []string{""}, nil},
		// Past a rune wider than a byte, offsets are not known.
		{`^é?x`, []string{"x", "éx", "\xffx"}, []string{"y"}},
		// $ ends a match only at the end of the line.
		{`^$`, []string{""}, []string{" ", "x"}},
		{`^ab$|^abcd`, []string{"ab", "abcd", "abcde"}, []string{"", "a", "abc", "abd", "abx"}},
		{`^a+$`, []string{"a", "aa", strings.Repeat("a", 40)}, []string{"", "b", "ab"}},
		{`^\s*\.\.\.$`, []string{"...", "  ..."}, []string{"", "x", ".."}},
		// A folded 'k' matches the Kelvin sign.
		{`^(?i)k`, []string{"k", "K", "\u212a"}, []string{"x"}},
	}
	for _, c := range cases {
		f := match.PrefixOf(c.pattern)
		for _, l := range c.pass {
			if !f.May(l) {
				t.Errorf("prefixOf(%q) turns away %q", c.pattern, l)
			}
		}
		for _, l := range c.stop {
			if f.May(l) {
				t.Errorf("prefixOf(%q) lets %q through", c.pattern, l)
			}
		}
	}
}

// TestLiteralFiltersPassEveryMatch: no rule's filter (its prefix and its
// literals) turns away a line its regexp matches, on every line of every
// capture, for every built-in profile's rules, block rules and block ends;
// and the prefix filters alone turn lines away too.
func TestLiteralFiltersPassEveryMatch(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var rules []compiledRule
	for _, p := range set.All() {
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
		for _, r := range p.rules {
			rules = append(rules, r, compiledRule{re: r.until, lit: r.untilLit})
			rules = append(rules, r.block...)
		}
	}
	files, _ := filepath.Glob("*/testdata/captures/*.txt")
	if len(files) < 50 {
		t.Fatalf("%d captures", len(files))
	}
	files, _ = captureSample(files, nil)
	filtered, byPrefix := 0, 0
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			line := filters.CleanLine(sc.Text())
			for _, r := range rules {
				if r.re == nil {
					continue
				}
				if !r.lit.Prefix.May(line) {
					byPrefix++
				}
				if !r.lit.May(line) {
					filtered++
					if r.re.MatchString(line) {
						t.Errorf("%s: %q matches %q, its filter %+v says it cannot", path, r.re, line, r.lit)
					}
				}
			}
		}
		f.Close()
	}
	if filtered == 0 || byPrefix == 0 {
		t.Errorf("%d lines filtered, %d by a prefix: a filter does nothing", filtered, byPrefix)
	}
}

// The set of ASCII bytes a rune instruction accepts, read from its ranges,
// is MatchRune's: for every pattern of every profile, and for classes,
// case folds and dots.
func TestAddASCIIIsMatchRune(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	patterns := []string{`(?i)k`, `(?i)s`, `(?i)[a-f]x`, `[^a]`, `.`, `(?s).`, `\S\s\d\w`, `[\x00-\x7f]`, `[é-ü]a`,
		`(?i)é`, `[^\n]`, `\x{212a}`, `(?i)\x{212a}`, `[[:punct:]]`, `\pL`, `[^\x00-\x{10FFFF}]`, `a|b|c`}
	for _, p := range set.All() {
		for _, r := range p.Text.Rules {
			patterns = append(patterns, r.Match, r.Until)
			for _, b := range r.Block {
				patterns = append(patterns, b.Match)
			}
		}
		patterns = append(patterns, p.Detect.Text...)
	}
	if len(patterns) < 200 {
		t.Fatalf("%d patterns: the profiles were not read", len(patterns))
	}
	for _, pattern := range patterns {
		if d := asciiDiff(pattern); d != "" {
			t.Error(d)
		}
	}
}

// asciiDiff says where addASCII and MatchRune part on a rune instruction
// of pattern's program ("" for nowhere, or a pattern that does not parse).
func asciiDiff(pattern string) string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return ""
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return ""
	}
	for pc := range prog.Inst {
		inst := &prog.Inst[pc]
		switch inst.Op {
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
		default:
			continue
		}
		var got match.PrefixSet
		match.AddASCII(&got, inst)
		if want := acceptedByMatch(inst); got != want {
			return fmt.Sprintf("%q: instruction %d (%v): %v, MatchRune %v", pattern, pc, inst, got, want)
		}
	}
	return ""
}

// acceptedByMatch is accepted's set as it was first worked out: each ASCII
// byte asked of MatchRune (the oracle of addASCII).
func acceptedByMatch(inst *syntax.Inst) match.PrefixSet {
	var set match.PrefixSet
	for b := range utf8.RuneSelf {
		if inst.MatchRune(rune(b)) {
			set.Add(byte(b))
		}
	}
	return set
}

// FuzzAddASCII: for any pattern, addASCII is MatchRune on every rune
// instruction.
func FuzzAddASCII(f *testing.F) {
	for _, p := range []string{`(?i)k[a-z]`, `[^\s:]+\.go`, `.x`, `(?i)ſ`} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		if d := asciiDiff(pattern); d != "" {
			t.Error(d)
		}
	})
}
