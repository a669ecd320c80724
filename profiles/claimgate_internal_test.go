package profiles

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/capturelines"
	"github.com/terse-dev/terse/internal/match"
)

// captureLines is every distinct line of the text captures, cleaned as the
// scan cleans them, with variants that move the edges the gates look at.
func captureLines(t *testing.T) []string { return capturelines.ForTest(t, ".") }

func name(p *Profile) string {
	if p == nil {
		return "none"
	}
	return p.Name
}

// Gates from the pattern alone: what they let through and turn away.
func TestGateOf(t *testing.T) {
	for _, c := range []struct {
		pattern   string
		pass, not []string
	}{
		{`^\s*(PASS|FAIL)\s+\S+`, []string{"PASS a", "   FAIL b"}, []string{" at PASS", "", "   "}},
		{`^  \d+\) .*:$|^ {7,}\S.*:$`, []string{"  1) x:", "        y:"}, []string{"  1) x", "x:"}},
		{`/node_modules/mocha/lib/`, []string{"x /node_modules/mocha/lib/"}, nil},
		{`(?i)^kb`, []string{"KB", "kb", "\u212ab"}, []string{"xkb"}},
		{`^=*\s*\d+ failed$`, []string{"== 1 failed", "3 failed"}, []string{"x 1 failed"}},
		{`^$`, []string{""}, nil},
		{`^(`, []string{"anything"}, nil},
		// The byte after the first other than whitespace, and the
		// indent's length (claimnext.go).
		{`^\s*--> [^\s:]+\.rs:\d+:\d+$`, []string{"  --> src/a.rs:1:2", "--> a.rs:1:2"}, []string{"      -  206", "  -"}},
		{`^  \d+\) .*:$|^ {7,}\S.*:$`, []string{"  12) suite:", "       title:", "                      deep:"},
			[]string{"      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:", "   1) x:"}},
		{`^(\./)?[^\s:]+\.go:\d+:\d+: \S`, []string{"./a.go:1:2: x", "a.go:1:2: x"}, []string{"+ actual - expected", "  a.go:1:2: x"}},
		{`^\s+\d+:\d+\s+(error|warning)\s{2,}\S`, []string{"  12:5  error  x", "\t1:1  warning  y"}, []string{"  1) lowers", "1:1  error  x"}},
		{`^ {4,}✔ `, []string{"    ✔ ok", "          ✔ deep"}, []string{"  ✔ ok", "   ✔ x"}},
		{`^\t\S`, []string{"\tx"}, []string{"  x", "x"}},
		{`^\s*(PASS|FAIL)$`, []string{"PASS", "  FAIL"}, []string{"PAST", "  FX"}},
		{`^x?(ab|cd)\b`, []string{"ab", "xcd e"}, []string{"ae", "ce"}},
	} {
		g := match.GateOf(c.pattern)
		for _, l := range c.pass {
			if cw := len(l) - len(strings.TrimLeft(l, " \t\n\v\f\r")); !g.Pass(l, cw) {
				t.Errorf("gate of %q turns away %q", c.pattern, l)
			}
		}
		for _, l := range c.not {
			if cw := len(l) - len(strings.TrimLeft(l, " \t\n\v\f\r")); g.Pass(l, cw) {
				t.Errorf("gate of %q lets %q through", c.pattern, l)
			}
		}
	}
}

// The claim index's readers of a detection signature's shared parse tree
// (simplifiedOf) leave it as the parse made it.
func TestSimplifiedParsesStayAsParsed(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	newClaimIndex(set.All(), plainPaths{})
	n := 0
	for _, p := range set.All() {
		for _, pattern := range p.Detect.Text {
			shared, err := match.SimplifiedOf(pattern)
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := syntax.Parse(pattern, syntax.Perl)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := shared.String(), fresh.Simplify().String(); got != want {
				t.Errorf("%s: the shared parse of %q reads %q after the claim index was built, want %q", p.Name, pattern, got, want)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no detection signature")
	}
}

// Fuzz: a line a pattern matches passes its gate, every edge of it (the
// byte after the first other than whitespace and the indent's length, read
// from the flattened pattern, included). Seeded with the built-in
// signatures and lines of the forms they match.
func FuzzGate(f *testing.F) {
	set, err := Builtin()
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range set.All() {
		for _, s := range p.Samples {
			first, _, _ := strings.Cut(s.Input, "\n")
			for _, pattern := range p.Detect.Text {
				f.Add(pattern, first)
			}
		}
	}
	for _, c := range [][2]string{
		{`^\s*--> [^\s:]+\.rs:\d+:\d+$`, "  --> src/a.rs:1:2"},
		{`^  \d+\) .*:$|^ {7,}\S.*:$`, "       title:"},
		{`^(\./)?[^\s:]+\.go:\d+:\d+: \S`, "./a.go:1:2: x"},
		{`^x?(ab|cd)\b`, "xcd e"},
		{`(?i)^\s*k\S`, "\t\u212ax"},
		{`^[^a]?\s*b`, "\xff  b"},
	} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, pattern, line string) {
		re, err := regexp.Compile(pattern)
		if err != nil || strings.Contains(line, "\n") || !re.MatchString(line) {
			return
		}
		cw := len(line) - len(strings.TrimLeft(line, " \t\n\v\f\r"))
		if !match.GateOf(pattern).Pass(line, cw) {
			t.Fatalf("gate of %q turns away %q, which it matches", pattern, line)
		}
	})
}
