package profiles

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"path/filepath"

	"github.com/terse-dev/terse/internal/match"
)

// decideAsTheRegexp asks s about line, and fails t when the regexp re
// says otherwise: a line s passes re matches with the same groups, a line
// s turns away re does not match. It says which s did.
func decideAsTheRegexp(t *testing.T, what string, s *match.SureSub, re *regexp.Regexp, line string) (fits, fails bool) {
	t.Helper()
	var buf []int
	idx, o := s.Decide(&buf, line)
	want := re.FindStringSubmatchIndex(line)
	switch {
	case o == match.SubFits && fmt.Sprint(idx) != fmt.Sprint(want):
		t.Errorf("%s on %q: groups %v, the regexp's %v", what, line, idx, want)
	case o == match.SubFails && want != nil:
		t.Errorf("%s on %q: surely no match, the regexp's %v", what, line, want)
	}
	return o == match.SubFits, o == match.SubFails
}

// TestSureSubIsTheRegexpsMatch: every line a rule's sureSub passes, its
// regexp matches with the same groups, and every line it turns away the
// regexp does not match, for every rule and block rule of the built-in
// profiles on every line of every capture; and the shortcut takes some
// lines and turns away some.
func TestSureSubIsTheRegexpsMatch(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	lines := lineSample(cleanCaptureLines(t))
	rules, sure, none := 0, 0, 0
	check := func(p *Profile, r *compiledRule) {
		if r.sub == nil {
			return
		}
		rules++
		for _, l := range lines {
			fits, fails := decideAsTheRegexp(t, p.Name+": rule "+r.Match, r.sub, r.re.Std(), l)
			sure, none = sure+b2i(fits), none+b2i(fails)
		}
	}
	for _, p := range set.All() {
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
		for i := range p.rules {
			check(p, &p.rules[i])
			for j := range p.rules[i].block {
				check(p, &p.rules[i].block[j])
			}
		}
	}
	if rules < 5 || sure < 1000 || none < 1000 {
		t.Errorf("%d rules took %d lines and turned away %d", rules, sure, none)
	}
}

// TestSureSubOfPatterns: the patterns subOf knows, and random lines of the
// bytes they read: every line one passes, Go's regexp matches with the
// same groups; and the shortcut takes some of the lines of a pattern it
// knows.
func TestSureSubOfPatterns(t *testing.T) {
	for _, c := range subCases {
		s := match.SubOf(c.pattern)
		if (s != nil) != c.known {
			t.Errorf("%q: known %v, want %v", c.pattern, s != nil, c.known)
		}
		if s == nil {
			continue
		}
		re := regexp.MustCompile(c.pattern)
		rng := rand.New(rand.NewPCG(2, uint64(len(c.pattern))))
		sure := 0
		// 40,000 random lines in the long run, 5,000 in the default one.
		for range lineSample(make([]struct{}, 40000)) {
			var b strings.Builder
			for range rng.IntN(14) {
				b.WriteString(subTokens[rng.IntN(len(subTokens))])
			}
			fits, _ := decideAsTheRegexp(t, c.pattern, s, re, b.String())
			sure += b2i(fits)
		}
		if c.takes && sure == 0 {
			t.Errorf("%q: no line taken", c.pattern)
		}
	}
}

// TestSureSubOnChangedLines: the lint profiles' problem lines, changed a
// byte or a few at random places: every line a rule's sureSub passes, its
// regexp matches with the same groups.
func TestSureSubOnChangedLines(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	lines := cleanCaptureLines(t)
	const bytes = " \t09az:.()[]*E9F82é\xff\n"
	rng := rand.New(rand.NewPCG(3, 4))
	for _, name := range []string{"flake8", "go-vet", "golangci-lint"} {
		p, _ := set.Get(name)
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
		for i := range p.rules {
			r := &p.rules[i]
			if r.sub == nil {
				continue
			}
			sure := 0
			for _, l := range lines {
				if r.re.FindStringSubmatchIndex(l) == nil {
					continue
				}
				for range 20 {
					m := []byte(l)
					for range 1 + rng.IntN(3) {
						k := rng.IntN(len(m) + 1)
						switch c := bytes[rng.IntN(len(bytes))]; rng.IntN(3) {
						case 0:
							m = append(m[:k], append([]byte{c}, m[k:]...)...)
						case 1:
							if k < len(m) {
								m = append(m[:k], m[k+1:]...)
							}
						default:
							if k < len(m) {
								m[k] = c
							}
						}
					}
					fits, _ := decideAsTheRegexp(t, name+": rule "+r.Match, r.sub, r.re.Std(), string(m))
					sure += b2i(fits)
				}
			}
			if sure == 0 {
				t.Errorf("%s: rule %q took no changed line", name, r.Match)
			}
		}
	}
}

// FuzzSureSub: on any line, the sureSub of every built-in rule that has
// one and of every pattern of subCases that subOf knows agrees with the
// regexp: the same groups where it says the line matches, no match where
// it says surely none.
func FuzzSureSub(f *testing.F) {
	type pair struct {
		s  *match.SureSub
		re *regexp.Regexp
	}
	var pairs []pair
	for _, p := range builtinPatterns(f) {
		if s := match.SubOf(p); s != nil {
			pairs = append(pairs, pair{s, regexp.MustCompile(p)})
		}
	}
	for _, c := range subCases {
		if s := match.SubOf(c.pattern); s != nil {
			pairs = append(pairs, pair{s, regexp.MustCompile(c.pattern)})
		}
	}
	for _, l := range []string{
		"bs4/diagnose.py:20:1: F811 redefinition of unused 'cProfile' from line 6",
		"a.py:1:2: E999 [*] x",
		"vet: ./a.go:1:2: x",
		"./compiler.go:187:9: undefined: undefinedName",
		"compiler.go:1473:10: printf: fmt.Errorf call needs 1 arg but has 2 args (govet)",
		"a.go.go:1: m (x) (y)",
		"é.go:1:2: é (errcheck)",
		"\xff.go:1: \xff",
		"  1) DES-CBC:",
		"       should encrypt vector 0:",
		"      AssertionError [ERR_ASSERTION]: Expected values to be loosely deep-equal:",
		"        :",
		"  12)  :",
	} {
		f.Add(l)
	}
	// The alternations among the detection signatures, told an
	// alternative at a time (sureAlts).
	type altPair struct {
		a  match.SureAlts
		re *regexp.Regexp
	}
	var alts []altPair
	for _, p := range builtinPatterns(f) {
		if a := match.SubsOf(p); len(a) > 1 {
			alts = append(alts, altPair{a, regexp.MustCompile(p)})
		}
	}
	if len(alts) == 0 {
		f.Fatal("no built-in pattern is an alternation sureAlts tells")
	}
	var buf []int
	f.Fuzz(func(t *testing.T, line string) {
		for _, p := range pairs {
			decideAsTheRegexp(t, p.re.String(), p.s, p.re, line)
		}
		for _, p := range alts {
			if o := p.a.Decide(&buf, line); o != match.SubUnsure && (o == match.SubFits) != p.re.MatchString(line) {
				t.Errorf("%q on %q: sure of %v, the regexp says otherwise", p.re, line, o == match.SubFits)
			}
		}
	})
}

// BenchmarkSureSubLint: the first rule of flake8, go vet and golangci-lint
// asked about each line of their captures, as the matchers ask it.
//
//	go test ./profiles -run '^$' -bench SureSubLint
func BenchmarkSureSubLint(b *testing.B) {
	set, err := Builtin()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"flake8", "go-vet", "golangci-lint"} {
		p, _ := set.Get(name)
		if err := p.patterns(); err != nil {
			b.Fatal(err)
		}
		caps, err := filepath.Glob(filepath.Join(name, "testdata", "captures", "*.txt"))
		if err != nil || len(caps) == 0 {
			b.Fatal("no captures", err)
		}
		var lines []string
		for _, c := range caps {
			data, err := os.ReadFile(c)
			if err != nil {
				b.Fatal(err)
			}
			for _, l := range strings.Split(string(data), "\n") {
				if p.rules[0].re.MatchString(l) || len(p.rules) > 1 && p.rules[1].re.MatchString(l) {
					lines = append(lines, l)
				}
			}
		}
		rules := p.rules[:min(2, len(p.rules))]
		b.Run(name, func(b *testing.B) {
			var buf []int
			var g groups
			for range b.N {
				for _, l := range lines {
					for i := range rules {
						if rules[i].take(l, &buf, &g) {
							break
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/line")
		})
		// The same with the line filters and the regexp alone, the
		// way without sureSub.
		b.Run(name+"/regexp", func(b *testing.B) {
			buf := make([]int, 64)
			for range b.N {
				for _, l := range lines {
					for i := range rules {
						if rules[i].lit.May(l) && rules[i].re.FindStringSubmatchIndexTo(buf, l) != nil {
							break
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/line")
		})
	}
}

// subCases are patterns of the shapes subOf knows, and of some it does
// not.
var subCases = []struct {
	pattern string
	// known: subOf knows it; takes: random lines fit it often
	// enough that some must be taken (the lint profiles' patterns
	// need longer lines: TestSureSubOnChangedLines has those).
	known, takes bool
}{
	{`^\s*--> (?P<file>[^\s:]+):(?P<line>\d+):(?P<column>\d+)$`, true, false},
	{`^(?P<message>(help|note): .+)$`, true, true},
	{`^(?P<a>a+)(?P<b>a*b)`, true, true},
	{`^(?P<x>[^:]+)(?P<y>é?)`, true, true}, // é? a literal or nothing
	{`^(?P<x>\S{2})`, false, false},        // counted runes past ASCII
	{`^(?P<x>a+?)a`, false, false},         // lazy, a literal after it
	// Lazy repeats before an optional literal and the end (mocha's
	// titles), or the end alone.
	{`^ {7,}(?P<name>\S.*?):?$`, true, false},
	{`^  \d+\) (?P<name>.+?):?$`, true, false},
	{`^(?P<a>[ab:]*?):?$`, true, true},
	{`^(?P<a>.+?)(?:ab)?$`, true, true},
	{`^(?P<a>[^a]*?)(?P<b>b?)$`, true, true},
	{`^(?P<a>a*)(?P<b>.*?)$`, true, true},
	{`^(?P<a>x*?)(?:y|z)?$`, false, false}, // two literals after it
	{`^(?P<a>x*?):?y$`, false, false},      // a part after the optional one
	{`^(?:(?P<a>x*?))?y`, false, false},    // inside an optional part
	{`^(?P<a>.{2,}?):?$`, false, false},    // a counted lazy repeat
	// Word boundaries (mocha's "AssertionError\b").
	{`^ {5,6}(?P<message>(?:Uncaught )?AssertionError\b.*)$`, true, false},
	{`^(?P<a>x)\b(?P<b>.*)$`, true, true},
	{`^(?P<a>[a-z:]*)\b:`, true, false}, // the run takes the colon too
	{`^\b(?P<a>\d+)\b`, true, true},
	{`^(?P<x>a)|^(?P<y>b)`, false, false}, // alternatives
	{`^(?:(?P<x>\d+):)?y`, true, true},    // an optional group
	{`^(?P<m>.*) \((?P<n>\w+)\)$`, true, true},
	{`^(?P<a>[ab]*)(?P<b>b+)`, true, false},
	{`^(?P<a>(x|xy)z)`, true, true},
	// Shapes of flake8, go vet and golangci-lint.
	{`^(?P<file>[^\s:]+):(?P<line>\d+):(?P<column>\d+): (?P<name>(?P<severity>E9|F82|F7|F63|[A-Z]+)\d+) (?:\[\*\] )?(?P<message>.*)$`, true, false},
	{`^(?:vet: )?(?:\./)?(?P<file>[^\s:]+\.go):(?P<line>\d+):(?P<column>\d+): (?P<message>.*)$`, true, false},
	{`^(?P<file>[^\s:.][^\s:]*\.go):(?P<line>\d+):(?:(?P<column>\d+):)? (?P<message>.*) \((?P<name>[a-z][a-z0-9_-]*)\)$`, true, false},
	{`^(?P<file>[^\s:.][^\s:]*\.go):(?P<line>\d+):(?:(?P<column>\d+):)? (?P<message>.*)$`, true, false},
	// Alternatives that need the matcher's later tries.
	{`^(?P<a>a|ab)(?P<b>c)`, true, true},
	{`^(?P<a>a*a|b)c`, true, true},
	{`^(?P<a>x|[a-z]+)(?P<b>\d)`, true, true},
	{`^(?:(?P<a>x+)y)?(?P<b>x*)z`, true, true},
	{`^(?:(?P<a>x*)y)?x`, true, true},
	{`^(?P<a>x??)x`, true, true},
	{`^(?P<a>(?:x(?P<b>y)|xz)?)z?$`, true, true},
	{`^(?P<a>[xy]*)y(?P<b>.*)$`, true, true},
	{`^(?P<a>.*)x(?P<b>y*)$`, true, true},
	{`^(?P<a>.*)(?:xy|x|)(?P<b>y*)$`, true, true},
	{`^(?P<a>[^:]*)é(?P<b>.*)`, false, false},      // a literal past ASCII inside the run
	{`^(?P<a>[^x]+)(?P<b>\d{2,3})x`, false, false}, // the run takes the rest of the line
	{`^(?P<a>[^x ]+)(?P<b>\d{2,3})x`, true, false},
	// A run of nearly every byte that stops where the next part starts.
	{`^(?P<a>[^:]+):(?P<b>.*)$`, true, true},
	{`^(?P<a>.*) \[(?P<b>-W[^\]]+)\]$`, true, false},
	{`^(?P<a>[^:]+)(?::|x)(?P<b>\d)`, false, false}, // x is in the run
	{`^(?P<a>\S*)\d`, true, false},
	{`^(?P<a>[^a])(?P<b>[^:])$`, true, true},
	{`^(?P<a>.)(?P<b>[^a].)$`, false, false}, // '.' taken once
	{`^(?P<a>(?:(?P<b>x)|y)z)`, true, true},
	{`^(?P<a>(?:a|b(?:c|d+))e)`, true, true},
	{`^(?P<a>.*) \((?P<b>[a-z]+)\)$|^x`, false, false},
	// Optional literals: the literal, then nothing (x?? the other
	// way round).
	{`^(?:xy)?x(?P<a>y?)(?P<b>z*)`, true, true},
	{`^(?:x:)??(?P<a>[x:]*)$`, true, true},
	{`^(?:vet: )?(?:\./)?(?P<a>[^:\s]+):`, true, true},
}

// subTokens are what TestSureSubOfPatterns makes its lines of: bytes, and
// pieces of the patterns it tries.
var subTokens = strings.Split(" |\t|0|1|2|7|9|:|-|>|-->| |a|b|c|d|e|x|y|z|E|F|E9|F82|(|)|.|/|é|\xff|.go|vet: |./|[*] |help|note|: | (|\n", "|")

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
