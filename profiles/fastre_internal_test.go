package profiles

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/terse-dev/terse/internal/fastre"
	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/longtest"
)

// builtinPatterns is every regular expression of every built-in profile:
// detection signatures, rules, their ends and their block rules.
func builtinPatterns(t testing.TB) []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	var walk func([]Rule)
	walk = func(rules []Rule) {
		for _, r := range rules {
			add(r.Match)
			add(r.Until)
			walk(r.Block)
		}
	}
	for _, p := range builtinTable {
		for _, s := range p.Detect.Text {
			add(s)
		}
		walk(p.Text.Rules)
	}
	if len(out) < 100 {
		t.Fatalf("only %d patterns in the built-in profiles", len(out))
	}
	return out
}

// allCaptureLines is every line of every capture under testdata/*/captures,
// as read and as the rules see it (ANSI cleaned), without repeats.
func allCaptureLines(t testing.TB) []string {
	t.Helper()
	lines, err := allCaptureLinesOnce()
	if err != nil {
		t.Fatal(err)
	}
	return slices.Clone(lines)
}

// allCaptureLinesOnce reads the captures for allCaptureLines once for the
// tests that use them.
var allCaptureLinesOnce = sync.OnceValues(func() ([]string, error) {
	files, err := filepath.Glob("*/testdata/captures/*")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for _, l := range strings.Split(string(data), "\n") {
			for _, v := range []string{l, strings.TrimSuffix(l, "\r"), filters.CleanLine(l)} {
				if !seen[v] {
					seen[v] = true
					out = append(out, v)
				}
			}
		}
	}
	if len(out) < 10000 {
		return nil, fmt.Errorf("only %d capture lines", len(out))
	}
	return out, nil
})

// sameAsRegexp fails t when fastre and regexp disagree on line.
func sameAsRegexp(t *testing.T, want *regexp.Regexp, got *fastre.Regexp, line string) {
	t.Helper()
	w, g := want.FindStringSubmatchIndex(line), got.FindStringSubmatchIndex(line)
	if !slices.Equal(w, g) || (w == nil) != (g == nil) {
		t.Errorf("%q on %q: FindStringSubmatchIndex = %v, regexp says %v", want, line, g, w)
	}
	// A dirty buffer, as the rules parser passes it line after line.
	buf := slices.Repeat([]int{7}, 2*(got.NumSubexp()+1))
	if g := got.FindStringSubmatchIndexTo(buf, line); !slices.Equal(w, g) || (w == nil) != (g == nil) {
		t.Errorf("%q on %q: FindStringSubmatchIndexTo = %v, regexp says %v", want, line, g, w)
	}
	wm := want.MatchString(line)
	if gm := got.MatchString(line); wm != gm {
		t.Errorf("%q on %q: MatchString = %v, regexp says %v", want, line, gm, wm)
	}
	// The automaton alone: it answers every ASCII line, as regexp does.
	if dm, answered := got.MatchStringDFA(line); answered && dm != wm {
		t.Errorf("%q on %q: the automaton says %v, regexp says %v", want, line, dm, wm)
	} else if !answered && isASCII(line) {
		t.Errorf("%q on ASCII %q: the automaton gave up", want, line)
	}
	if w == nil {
		// FindStringSubmatch is FindStringSubmatchIndex sliced: worth the
		// time only where something matched.
		return
	}
	if ws, gs := want.FindStringSubmatch(line), got.FindStringSubmatch(line); !slices.Equal(ws, gs) {
		t.Errorf("%q on %q: FindStringSubmatch = %q, regexp says %q", want, line, gs, ws)
	}
}

// isASCII reports whether s has no byte past ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TestFastreMatchesRegexpOnCaptures: every pattern of every built-in
// profile finds, on every line of every real capture, what regexp finds.
// Outside the long run (TERSE_LONG_TESTS=1) it takes every sixteenth line,
// not lineSample's eighth: each line is matched by every pattern twice,
// and the eighth took 5 s, the package's longest default test
// (FuzzFastreProfilePatterns looks at other lines).
func TestFastreMatchesRegexpOnCaptures(t *testing.T) {
	patterns, lines := builtinPatterns(t), allCaptureLines(t)
	lines = longtest.Sample(lines, 16)
	for _, p := range patterns {
		want, got := regexp.MustCompile(p), fastre.MustCompile(p)
		for _, l := range lines {
			sameAsRegexp(t, want, got, l)
		}
	}
}

// FuzzFastreProfilePatterns: every built-in pattern agrees with regexp on
// any line.
func FuzzFastreProfilePatterns(f *testing.F) {
	patterns := builtinPatterns(f)
	type pair struct {
		want *regexp.Regexp
		got  *fastre.Regexp
	}
	compiled := make([]pair, len(patterns))
	for i, p := range patterns {
		compiled[i] = pair{regexp.MustCompile(p), fastre.MustCompile(p)}
	}
	for _, l := range []string{
		"src/a.c:3:5: error: bad [-Wall]",
		"    at Object.<anonymous> (/x/y.js:10:3)",
		"  1) suite name:",
		"not ok 3 - x # TODO later",
		"a.go:1:2: é msg (errcheck)",
		"\xff\xfe:1:2: error: x",
	} {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, c := range compiled {
			sameAsRegexp(t, c.want, c.got, line)
		}
	})
}
