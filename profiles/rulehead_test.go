package profiles

import (
	"regexp"
	"slices"
	"testing"
)

// headLines are lines at the edges of a head: invalid UTF-8 and non-ASCII
// runes in a run, empty runs, a run ended by the wrong byte.
var headLines = []string{
	"src/a.c:3:5: error: bad [-Wall]",
	"\xff\xfe:1:2: error: x",
	"é/ü.py:1:2: E501 line too long",
	":1:2: error: x",
	"a.c::2: error: x",
	"a.c:1:: error: x",
	"a b.c:1:2: error: x",
	"a.c:1:2:error: x",
	"a.c:1:2: warning: w [SC2086]",
	"a.c:1:2: note: n",
	"a.go:1:2: é msg (errcheck)",
	"In x.sh line 3:",
	"",
}

// sameAsHead fails t when the head of pattern reads line otherwise than
// regexp does.
func sameAsHead(t *testing.T, pattern string, h *ruleHead, want *regexp.Regexp, line string) {
	t.Helper()
	if got, w := h.submatch(line), want.FindStringSubmatchIndex(line); !slices.Equal(got, w) {
		t.Fatalf("%q on %q: head finds %v, regexp %v", pattern, line, got, w)
	}
	if got, w := h.match(line), want.MatchString(line); got != w {
		t.Fatalf("%q on %q: head matches %v, regexp %v", pattern, line, got, w)
	}
}

// TestHeadMatchesRegexp: every built-in pattern with a head finds, through
// it, what regexp finds on every line of every real capture.
func TestHeadMatchesRegexp(t *testing.T) {
	lines := append(allCaptureLines(t), headLines...)
	heads := 0
	for _, p := range builtinPatterns(t) {
		h := headOf(p)
		if h == nil {
			continue
		}
		heads++
		want := regexp.MustCompile(p)
		for _, l := range lines {
			sameAsHead(t, p, h, want, l)
		}
	}
	if heads == 0 {
		t.Fatal("no built-in pattern has a head")
	}
}

// TestHeadOf: which patterns have a head, and how many groups it fills.
func TestHeadOf(t *testing.T) {
	for _, c := range []struct {
		pattern string
		caps    int // -1: no head
	}{
		{`^(?P<file>[^\s:]+):(?P<line>\d+):(?P<column>\d+): (?P<message>.*)$`, 3},
		{`^[^\s:]+:\d+:\d+: note: `, 0},
		{`^In (?P<file>\S+) line (?P<line>\d+):$`, 2},
		{`(?P<file>[^\s:]+):(?P<line>\d+)`, -1},      // not anchored
		{`^(?P<file>[^\s:]+)`, -1},                   // no literal ends the run
		{`^(?P<file>[^\s]+):(?P<line>\d+)`, -1},      // the run can hold its end
		{`^(?P<file>[^\s:]+):\b(?P<line>\d+)`, -1},   // the tail looks back
		{`^(?i)(?P<file>[^\s:]+)x(?P<line>\d+)`, -1}, // the literal folds case
	} {
		h, caps := headOf(c.pattern), -1
		if h != nil {
			caps = h.caps
		}
		if caps != c.caps {
			t.Errorf("%q: head fills %d groups, want %d", c.pattern, caps, c.caps)
		}
	}
}

// FuzzHeadProfilePatterns: every built-in pattern with a head agrees with
// regexp on any line.
func FuzzHeadProfilePatterns(f *testing.F) {
	type pair struct {
		pattern string
		head    *ruleHead
		want    *regexp.Regexp
	}
	var pairs []pair
	for _, p := range builtinPatterns(f) {
		if h := headOf(p); h != nil {
			pairs = append(pairs, pair{p, h, regexp.MustCompile(p)})
		}
	}
	for _, l := range headLines {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, p := range pairs {
			sameAsHead(t, p.pattern, p.head, p.want, line)
		}
	})
}
