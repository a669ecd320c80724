package fastre

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// impliesCases are pairs of patterns and whether every line the first
// matches, the second does.
var impliesCases = []struct {
	a, b string
	want bool
	// miss is a line the first matches and the second does not, where
	// there is one ("" where Implies cannot tell what holds).
	miss string
}{
	{`^a.*`, `^a`, true, ""},
	{`^a`, `^ab`, false, "a"},
	{`^\d+: x$`, `^\d`, true, ""},
	{`^x`, `x`, true, ""},
	{`x`, `^x`, false, "ax"},
	{`^a\b`, `^a`, true, ""},
	{`^a`, `^a\b`, false, "ab"},
	{`^ab`, `^a\b`, false, "ab"},
	{`^a(?:b|c)d$`, `^a[bc]`, true, ""},
	{`^a(?:b|c)d$`, `^a[b]`, false, "acd"},
	{`^(\./)?[^\s:]+\.go:\d+:\d+: (.*)$`, `^(\./)?[^\s:]+\.go:\d+:\d+: \S`, false, "a.go:1:2: "},
	{`^(\./)?[^\s:]+\.go:\d+:\d+: (\S.*)$`, `^(\./)?[^\s:]+\.go:\d+:\d+: \S`, true, ""},
	{`^(?:vet: )?(?:\./)?(?P<file>[^\s:]+\.go):(?P<line>\d+):(?P<column>\d+): (?P<message>.*)$`, `^vet: \S`, false, "a.go:1:2: x"},
	{`^[^\s:]+\.go:\d+(?::\d+)?: (?P<m>.*) \((?P<l>[a-z][a-z0-9_-]*)\)$`, `^[^\s:]+\.go:\d+(:\d+)?: .* \([a-z][a-z0-9_-]*\)$`, true, ""},
	{`^é`, `^.`, false, ""}, // é is told apart: not shown
	{`^.`, `^é`, false, "a"},
	{`^$`, `^`, true, ""},
	{``, `^x`, false, "a"},
	{`^x`, ``, true, ""},
	{`^a$`, `a$`, true, ""},
	{`^a.*$`, `a$`, false, "ab"},
}

func TestImplies(t *testing.T) {
	for _, c := range impliesCases {
		if got := Implies(MustCompile(c.a), MustCompile(c.b)); got != c.want {
			t.Errorf("Implies(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if c.miss != "" && (!regexp.MustCompile(c.a).MatchString(c.miss) || regexp.MustCompile(c.b).MatchString(c.miss)) {
			t.Errorf("%q: not a line of %q's that %q misses", c.miss, c.a, c.b)
		}
	}
}

// TestImpliesHolds: where Implies says so, no random line of the bytes the
// patterns read matches the first and not the second (the regexp
// package's answers).
func TestImpliesHolds(t *testing.T) {
	tokens := strings.Split("a|b|c|d|x|é|\xff|0|7|12| |:|.go|./|vet: | (|)|-|_|z|\t", "|")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range impliesCases {
		ra, rb := regexp.MustCompile(c.a), regexp.MustCompile(c.b)
		if !Implies(MustCompile(c.a), MustCompile(c.b)) {
			continue
		}
		for range 20000 {
			var sb strings.Builder
			for range rng.IntN(12) {
				sb.WriteString(tokens[rng.IntN(len(tokens))])
			}
			l := sb.String()
			if ra.MatchString(l) && !rb.MatchString(l) {
				t.Fatalf("Implies(%q, %q) but %q matches the first only", c.a, c.b, l)
			}
		}
	}
}

// FuzzImplies: on any line, a pair Implies holds for is not matched by
// the first pattern alone.
func FuzzImplies(f *testing.F) {
	type pair struct{ a, b *regexp.Regexp }
	var pairs []pair
	for _, c := range impliesCases {
		if Implies(MustCompile(c.a), MustCompile(c.b)) {
			pairs = append(pairs, pair{regexp.MustCompile(c.a), regexp.MustCompile(c.b)})
		}
	}
	f.Add("./a.go:1:2: x")
	f.Add("a.go:1: m (x)")
	f.Fuzz(func(t *testing.T, l string) {
		if strings.Contains(l, "\n") {
			return
		}
		for _, p := range pairs {
			if p.a.MatchString(l) && !p.b.MatchString(l) {
				t.Fatalf("%q matches %q and not %q", l, p.a, p.b)
			}
		}
	})
}
