package profiles

import (
	"fmt"
	"testing"

	"github.com/terse-dev/terse/internal/fastre"
)

// TestIndentFilterTurnsAwayNoMatch: no line that a rule's indent
// filter turns away matches the rule's regexp, and every line an exact one
// passes does, for every rule and block rule of the built-in profiles on every line
// of every capture and on lines whose indentation mixes tabs, vertical tabs
// and other whitespace.
func TestIndentFilterTurnsAwayNoMatch(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"x", " x", "\tat x", " \tat x", "\t at x", "\v at x", "\vx", " \vx", "    \vx",
		"     \u00a0x", "\u3000at x", "      Error: x", "     \tError: x", "       \t(x", "  --> a.rs:1:2", "\t--> a.rs:1:2"}
	lines = append(lines, cleanCaptureLines(t)...)
	filters, turned, exact := 0, 0, 0
	for _, p := range set.All() {
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
		// The top-level rules have indent filters too: the matchers
		// reading ahead use them (ruleahead.go).
		all := append([]compiledRule(nil), p.rules...)
		for _, r := range p.rules {
			all = append(all, r.block...)
		}
		for _, b := range all {
			if !b.indent.on {
				continue
			}
			filters++
			for _, l := range lines {
				n, bits := lineIndent(l)
				if b.indent.may(l, n, bits) {
					exact++
					if b.indent.exact && !b.re.MatchString(l) {
						t.Errorf("%s: rule %q: the exact indent filter passes %q, which it does not match", p.Name, b.Match, l)
					}
					continue
				}
				turned++
				if b.re.MatchString(l) {
					t.Errorf("%s: rule %q: the indent filter turns away %q, which it matches", p.Name, b.Match, l)
				}
			}
		}
	}
	if filters < 20 || turned == 0 || exact == 0 {
		t.Errorf("%d indent filters turned away %d lines, passed %d", filters, turned, exact)
	}
}

// TestIndentOf: which patterns get an indent filter, and what it turns away.
func TestIndentOf(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		on      bool
		pass    []string
		fail    []string
	}{
		{`^ {0,4}\S`, true, []string{"x", "    x", "\vx"}, []string{"     x", "\tx", "  \tx"}},
		{`^ {7,}(?P<name>\S.*?):?$`, true, []string{"       x:", "          x"}, []string{"      x", "\t       x"}},
		{`^\s+at \S`, true, []string{" at x", "\t at x"}, []string{"at x", "  ax", "  Error"}},
		{`^\s*\S`, true, []string{"  x", "\u00e9", "\xff"}, nil},
		{`^\s*--> `, true, []string{"--> a", "   --> a"}, []string{"   -- a", "  = note"}},
		// A literal run of one whitespace byte: exactly that many.
		{`^  \d+ x`, true, []string{"  12 x", "  1 x"}, []string{"   12 x", " 12 x", "\t 12 x", "  \t12 x", "12 x", "  x"}},
		{`^  \d+\) (?P<name>.+?):?$`, true, []string{"  1) a:"}, []string{"    1) a:", "  1.", "\t1) a"}},
		{`^  Error: x`, true, []string{"  Error: x"}, []string{"   Error: x", "  error: x", "\tError: x"}},
		{`^ \tx`, true, []string{" \tx"}, []string{"  \tx", "\tx", " x"}},
		{`^\t\tat`, true, []string{"\t\tat"}, []string{"\tat", "\t\t\tat", "  at"}},
		// Patterns whose rest may begin with whitespace, that start with
		// neither a quantified class of whitespace nor a literal run of
		// it, or whose rest is empty, get none.
		{`^\s*\d*\s*\|`, false, nil, nil},
		{`^ {0,4}.`, false, nil, nil},
		{`^  `, false, nil, nil},
		{`^(?i)  x`, false, nil, nil},
		{`^\s*x|^y`, false, nil, nil},
		{`^\s*$`, false, nil, nil},
		{`\s+at `, false, nil, nil},
	} {
		f := indentOf(tc.pattern)
		// Only one class after the indentation makes the filter exact.
		if want := tc.pattern == `^ {0,4}\S` || tc.pattern == `^\s*\S`; f.exact != want {
			t.Errorf("%q: exact = %v, want %v", tc.pattern, f.exact, want)
		}
		if f.on != tc.on {
			t.Errorf("%q: on = %v, want %v", tc.pattern, f.on, tc.on)
		}
		re := fastre.MustCompile(tc.pattern)
		for _, l := range tc.pass {
			n, bits := lineIndent(l)
			if !f.may(l, n, bits) {
				t.Errorf("%q turns away %q", tc.pattern, l)
			}
			if !re.MatchString(l) {
				t.Errorf("%q does not match %q, which the case says it does", tc.pattern, l)
			}
		}
		for _, l := range tc.fail {
			n, bits := lineIndent(l)
			if f.may(l, n, bits) {
				t.Errorf("%q passes %q", tc.pattern, l)
			}
			if re.MatchString(l) {
				t.Errorf("%q matches %q, which the case says it cannot", tc.pattern, l)
			}
		}
	}
}

// TestBlockDispatchTurnsAwayNoMatch: no line that a block's first-byte
// dispatch turns away from one of its rules matches that rule's regexp, for
// every block of the built-in profiles on the lines of every capture and
// on lines whose indentation mixes whitespace.
func TestBlockDispatchTurnsAwayNoMatch(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"x", "\tat x", " \tat x", "\v at x", "\vx", "    \vx", "\u3000at x", " \u00a0 at x", "     \tError: x", "\t--> a.rs:1:2"}
	lines = append(lines, cleanCaptureLines(t)...)
	blocks, turned := 0, 0
	for _, p := range set.All() {
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
		// The profile's own rules have a dispatch too, for the matchers
		// reading ahead (ruleahead.go).
		sets := []compiledRule{{block: p.rules, dispatch: p.top}}
		for _, r := range append(sets, p.rules...) {
			if r.dispatch == nil {
				continue
			}
			blocks++
			for _, l := range lines {
				n, bits := lineIndent(l)
				may := r.dispatch.rules(l, n, bits)
				for i, b := range r.block {
					if may&(1<<i) != 0 {
						continue
					}
					turned++
					if b.re.MatchString(l) {
						t.Errorf("%s: block rule %q: the dispatch turns away %q, which it matches", p.Name, b.Match, l)
					}
				}
			}
		}
	}
	if blocks < 5 || turned == 0 {
		t.Errorf("%d block dispatches turned away %d lines", blocks, turned)
	}
}

// TestNextRule: the rules of a dispatch's set in order, and every rule of a
// block too long for one (past the 64th too).
func TestNextRule(t *testing.T) {
	var got []int
	for i := nextRule(0b10110, 0, 5); i < 5; i = nextRule(0b10110, i+1, 5) {
		got = append(got, i)
	}
	if fmt.Sprint(got) != "[1 2 4]" {
		t.Errorf("rules of 0b10110: %v", got)
	}
	n := 0
	for i := nextRule(^uint64(0), 0, 70); i < 70; i = nextRule(^uint64(0), i+1, 70) {
		n++
	}
	if n != 70 {
		t.Errorf("%d of 70 rules tried", n)
	}
	if i := nextRule(0, 0, 3); i != 3 {
		t.Errorf("empty set: %d", i)
	}
}
