package claim

import (
	"regexp"
	"testing"

	"github.com/terse-dev/terse/internal/match"
)

// A head gate is only a shortcut: a line a signature matches, of every
// capture (and variants), always passes the signature's head gate, and
// the gates turn away most lines of the signatures they were made for.
func TestHeadGateAgreesWithEverySignature(t *testing.T) {
	b := builtin(t)
	x := b.index(Options{})
	gated, turned := 0, 0
	lines := append(lineSample(captureLines(t)), "é.go:1:2: x", "\xff.go:1:2: x", "a.go\xff:1:2: x", "./a.go:1:2: x", "a.c:1:2: error: x")
	for k, c := range x.sigs {
		if c.head == nil {
			continue
		}
		gated++
		re := b.comp.res[c.prof][c.sig]
		for _, l := range lines {
			x.line++
			pass := c.head.Pass(l, x.headOf(l, c.head.Class))
			if !pass {
				turned++
			}
			if !pass && re.MatchString(l) {
				t.Errorf("%s: head gate of signature %d (%q) turns away %q, which it matches", b.names[c.prof], k, b.sets[c.prof][c.sig].Pattern, l)
			}
		}
	}
	if gated < 10 || turned == 0 {
		t.Errorf("%d signatures have a head gate, which turned away %d lines", gated, turned)
	}
}

// Head gates from the pattern alone: what they let through and turn away,
// and the patterns that get none.
func TestHeadGateOf(t *testing.T) {
	for _, c := range []struct {
		pattern   string
		pass, not []string
	}{
		{`^[^\s:]+\.go:\d+: `, []string{"a.go:1: ", "./x/a.go:12: y", "é.go:1: "}, []string{"a.go :1: ", "a:b.go:1: ", "a.gox:1", "a.go", " a.go:1: "}},
		{`^(\./)?[^\s:]+\.(c|h|cc):\d+`, []string{"a.c:1", "./b.cc:2"}, []string{"a.cpp:1", "a.c", "a.c 1", "x.h:"}},
		{`^\S+\.py:\d+: (E|F)`, []string{"a.py:1: E", "a:b.py:3: F"}, []string{"a.py:1:E", "a.py:1:", "a.py:1 E"}},
		{`^\s*FAIL\s+\S+`, []string{"FAIL a", "  FAIL b"}, []string{"PASS a", "  FAI"}},
		{`^\S+ ok$`, []string{"x ok", "\xff ok"}, []string{"x", "x\tok"}},
		// The steps after the post: runs of a set followed by bytes
		// outside it, a run of a fixed count, a last run that is not.
		{`^[^\s:]+\.py:\d+:\d+: [EFWC]\d{3} `, []string{"a.py:1:2: E501 x", "a.py:12:345: W123 "},
			[]string{"a.py:1: error: x", "a.py:1:2: error", "a.py:1:2: E50 x", "a.py:1:2: E5012 ", "a.py::2: E501 ", "a.py:1:2:  E501 "}},
		{`^[^\s:]+\.go:\d+\w*x`, []string{"a.go:1x", "a.go:12ax", "a.go:1a"}, []string{"a.go:x", "a.go: 1x"}},
		// The steps before the pair, walked back.
		{`^\S+\.py:\d+: x`, []string{"a.py:12: x", "a:b.py:3: x", "a.py:1:b.py:3: x"}, []string{"a.py:1:2: x", "a.pyx:1: x", "a.py:: x", ".py:1 x"}},
		{`^\S+\.go:\d+:\d+: x`, []string{"a.go:1:2: x"}, []string{"a.go:1: x", "a.go:x:2: x", "a.gox:1:2: x"}},
		{`^[^\s:]+\.go:\d* \d{2,4}`, []string{"a.go: 12", "a.go:1 1234", "a.go:1 12345"}, []string{"a.go:1 1", "a.go:1x 12"}},
	} {
		class, alts, ok := match.HeadGateOf(c.pattern)
		if !ok {
			t.Errorf("%q: no head gate", c.pattern)
			continue
		}
		re := regexp.MustCompile(c.pattern)
		x := &Index{heads: []headClass{{set: class}}}
		g := &match.HeadGate{Alts: alts}
		for _, l := range c.pass {
			x.line++
			if !g.Pass(l, x.headOf(l, 0)) {
				t.Errorf("head gate of %q (%q) turns away %q", c.pattern, alts, l)
			}
		}
		for _, l := range c.not {
			x.line++
			if g.Pass(l, x.headOf(l, 0)) {
				t.Errorf("head gate of %q (%q) lets %q through", c.pattern, alts, l)
			}
			if re.MatchString(l) {
				t.Errorf("%q matches %q: a bad case", c.pattern, l)
			}
		}
	}
	for _, pattern := range []string{
		`/node_modules/`,      // not anchored
		`^\s+\d+:\d+\s+error`, // \d+ is neither a literal nor of the class
		`(?i)^\S+\.go:`,       // folded: no literal compared as bytes
		`^[^\sé]+\.go:`,       // a class with some runes from 0x80, not all
		`^\S+$`,               // no byte outside the class in a match
		`^\S+\.go:|^x`,        // an alternation at the top
		`^[^\s:]+⎯:`,          // a literal past ASCII
		`^\S+.*:`,             // any byte
		`(?m)^\S+\.go:`,       // a line anchor
		`^(`,                  // does not parse
	} {
		if _, alts, ok := match.HeadGateOf(pattern); ok {
			t.Errorf("%q: head gate %q, want none", pattern, alts)
		}
	}
}

// The steps after a head gate only spare patterns their runs: on every
// capture line, with each set current (and none), Claim and
// ClaimSettled give what they give without the steps, and the steps turn
// away lines the gates alone let through.
func TestHeadTailsChangeNothing(t *testing.T) {
	b := builtin(t)
	lines := lineSample(captureLines(t))
	claimsAlike(t, b, lines, "the steps", func(on bool) Options { return Options{NoHeadTails: !on} })
	x := b.index(Options{})
	turned := 0
	for _, c := range x.sigs {
		if c.head == nil {
			continue
		}
		for _, l := range lines {
			x.line++
			if head, tail := c.head.Check(l, x.headOf(l, c.head.Class), true); head && !tail {
				turned++
			}
		}
	}
	if turned == 0 {
		t.Error("the steps after the head gates turned away no line")
	}
	t.Logf("the steps turned away %d lines the head gates let through", turned)
}
