package fastre

import (
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// same fails t unless r finds on s exactly what the regexp package finds.
func same(t *testing.T, pattern, s string) {
	t.Helper()
	std, fast := regexp.MustCompile(pattern), MustCompile(pattern)
	sameNames(t, std, fast)
	sameClasses(t, fast)
	if w, g := std.FindStringSubmatchIndex(s), fast.FindStringSubmatchIndex(s); !slices.Equal(w, g) || (w == nil) != (g == nil) {
		t.Errorf("%q on %q: FindStringSubmatchIndex = %v, regexp says %v", pattern, s, g, w)
	}
	// A dirty buffer with room, and one without (nil: it allocates).
	for _, buf := range [][]int{slices.Repeat([]int{7}, 2*(fast.NumSubexp()+1)), nil} {
		if w, g := std.FindStringSubmatchIndex(s), fast.FindStringSubmatchIndexTo(buf, s); !slices.Equal(w, g) || (w == nil) != (g == nil) {
			t.Errorf("%q on %q: FindStringSubmatchIndexTo = %v, regexp says %v", pattern, s, g, w)
		}
	}
	if w, g := std.FindStringSubmatch(s), fast.FindStringSubmatch(s); !slices.Equal(w, g) || (w == nil) != (g == nil) {
		t.Errorf("%q on %q: FindStringSubmatch = %q, regexp says %q", pattern, s, g, w)
	}
	if w, g := std.MatchString(s), fast.MatchString(s); w != g {
		t.Errorf("%q on %q: MatchString = %v, regexp says %v", pattern, s, g, w)
	}
	sameDFA(t, std, fast, s)
}

// sameNames fails t unless fast, compiled without the regexp package,
// names its pattern and groups as std does.
func sameNames(t *testing.T, std *regexp.Regexp, fast *Regexp) {
	t.Helper()
	if fast.String() != std.String() || fast.NumSubexp() != std.NumSubexp() || !slices.Equal(fast.SubexpNames(), std.SubexpNames()) {
		t.Errorf("%q: String %q, NumSubexp %d, SubexpNames %q; regexp says %q, %d, %q", std, fast.String(),
			fast.NumSubexp(), fast.SubexpNames(), std.String(), std.NumSubexp(), std.SubexpNames())
	}
	for _, name := range append(std.SubexpNames(), "", "nope") {
		if w, g := std.SubexpIndex(name), fast.SubexpIndex(name); w != g {
			t.Errorf("%q: SubexpIndex(%q) = %d, regexp says %d", std, name, g, w)
		}
	}
}

// sameClasses fails t unless each class of fast's program holds the ASCII
// bytes MatchRune accepts (ASCIIClass reads them from the ranges).
func sameClasses(t *testing.T, fast *Regexp) {
	t.Helper()
	for pc, in := range fast.prog.insts {
		if in.op != opClass {
			continue
		}
		var want [2]uint64
		for c := rune(0); c < 0x80; c++ {
			if in.src.MatchRune(c) {
				want[c>>6] |= 1 << (c & 63)
			}
		}
		if in.ascii != want {
			t.Errorf("%q: class %d (%v) holds %x, MatchRune %x", fast.String(), pc, in.src, in.ascii, want)
		}
	}
}

// sameDFA fails t unless the automaton alone answers whether s matches as
// the regexp package does, and answers every ASCII line itself (while its
// cache has room).
func sameDFA(t *testing.T, std *regexp.Regexp, fast *Regexp, s string) {
	t.Helper()
	d := fast.automaton()
	o := d.match(s)
	if o == gaveUp {
		if (d.highOK || isASCII(s)) && !d.full {
			t.Errorf("%q on ASCII %q: the automaton gave up", std, s)
		}
		return
	}
	if w, g := std.MatchString(s), o == matched; w != g {
		t.Errorf("%q on %q: the automaton says %v, regexp says %v", std, s, g, w)
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

// TestSemantics covers what a matcher of its own could get wrong, each
// against the regexp package's answer.
func TestSemantics(t *testing.T) {
	cases := []struct {
		pattern string
		inputs  []string
	}{
		// lazy against greedy
		{`^(.*?)(\d*)$`, []string{"ab12", "", "12"}},
		{`^(.*)(\d*)$`, []string{"ab12", "", "12"}},
		{`^(a+?)(a*)`, []string{"aaa"}},
		{`^(?P<message>.*?)(?: \[(?P<name>-W[^\]]+)\])?$`, []string{"x [-Wall]", "x [-Wall] y", "x", " [-W]", "x [-Wa] [-Wb]"}},
		// alternation priority: first alternative wins, not the longest
		{`(a|ab)(c|bcd)(d*)`, []string{"abcd", "xabcdx"}},
		{`^(fatal error|error|warning): `, []string{"fatal error: x", "error: x", "warn: x"}},
		{`(?:|a)+`, []string{"aaa", ""}},
		// groups that take no part are -1
		{`^(a)?(b)?(?:(c)|(d))$`, []string{"ad", "bc", "c", "abd"}},
		{`^(?P<file>[^\s:]+):(?P<line>\d+):(?:(?P<column>\d+):)? (?P<message>.*)$`, []string{"a.c:1: x", "a.c:1:2: x", "a.c:x"}},
		// captures inside loops keep the last iteration
		{`^(?:(a)|(b))+$`, []string{"ab", "ba", "abab", "aab"}},
		{`^((a)|b)*c`, []string{"abc", "bac", "c"}},
		{`(a*)*`, []string{"b", "aa"}},
		{`(a*)+`, []string{"b", "aa"}},
		{`(a|b)*?c`, []string{"abac", "c"}},
		{`(?:(\d)x|(\d)y){2}`, []string{"1x2y", "1y2x3x"}},
		// empty-width matches and anchors
		{`$`, []string{"", "abc"}},
		{`^$`, []string{"", "x"}},
		{`x*`, []string{"", "yx", "xxy"}},
		{`\b`, []string{"", " a", "a"}},
		{`\bfoo\b`, []string{"a foo b", "afoo", "foo_"}},
		{`\Bo\B`, []string{"foo", "o"}},
		{`(?m)^b$`, []string{"a\nb\nc", "b"}},
		{`\Aab\z`, []string{"ab", "abc"}},
		{`a$`, []string{"a\n", "ba"}},
		// unanchored search, first-byte skip, dot and newlines
		{`\(?node:[a-z_/]+:\d+:\d+\)?$|/node_modules/`, []string{"at (node:internal/x:1:2)", "x/node_modules/y", "node:a:1:2 tail"}},
		{`a.c`, []string{"a\nc abc", "a\nc"}},
		{`(?s)a.c`, []string{"a\nc"}},
		{`\d+`, []string{"abc 123 45", "none"}},
		{`x|`, []string{"abc", "x"}},
		// unanchored with a literal prefix: strings.Index finds the starts
		{`/node_modules/(\w+)`, []string{"a/node_modules/b", "/node_modules/", "é/node_modules/x/node_modules/y"}},
		{`é(ab)+`, []string{"xéabab", "\xc3éab", "\xe2éab", "éa"}},
		{`ab(c|)`, []string{"xxabab", "abc", "a"}},
		// case folding and classes
		{`(?i)todo|skip`, []string{"# TODO x", "# Skip", "# sKiP", "ſkip", "\u212aelvin"}},
		{`(?i)k`, []string{"\u212a", "K"}},
		{`[^\s:]+:\d+`, []string{"a b:12", "::1"}},
		{`\w+\W\S\s`, []string{"ab_1-x y"}},
		{`[[:upper:]][[:^alpha:]]`, []string{"aB1"}},
		// repeats
		{`^ {5,6}(?P<m>\S.*)$`, []string{"     x", "      x", "       x", "    x"}},
		{`^-{10,}$`, []string{strings.Repeat("-", 10), strings.Repeat("-", 9), strings.Repeat("-", 30)}},
		{`^(?:ab){2,3}?(ab)*$`, []string{"ababab", "abababab"}},
		{`^[a-c]{2}(\d{1,3}?)(\d*)$`, []string{"ab12345", "ab"}},
		{`(a){0}b`, []string{"ab"}},
		{`^ {0,4}\S`, []string{"x", "    x", "     x", "  é", " ", ""}},
		{`^([a-zé]{0,3})(\w*)x`, []string{"abcdx", "éax", "aéx", "aébx", "x", "\xffx"}},
		{`^(a{2,5})(a*)$`, []string{"a", "aa", "aaaaaaa"}},
		{`(?:[ab]{0,2}c){0,3}d`, []string{"abcacd", "ccccd", "d", "bbbd"}},
		{`^\d{1,3}?\d{0,2}:`, []string{"12345:", "1:", "123456:"}},
		// lines that are not ASCII: runes decoded as the regexp package does
		{`^\s*✖ (?P<name>.+?) \(\d+(?:\.\d+)?m?s\)$`, []string{"  ✖ fails (12ms)", "  ✖ é (1.5s)"}},
		{`^(.)(.)`, []string{"éa", "\xffa", "\xe2\x9c", "a\xe2\x9c\x96"}},
		{`[^a]+`, []string{"é\xffè", "bébé"}},
		{`\b\w+\b`, []string{"éa b", "é"}},
		{`(?:x|é)+`, []string{"xéx\xc3", "ééé"}},
		{`.`, []string{"\xc3", "\xc3\xa9"}},
		{`a*`, []string{"\xffaa", "éa"}},
		{`[^\x00-\x7f]`, []string{"abé", "ab\xff"}},
		{`[é-ê]+`, []string{"aéêb"}},
	}
	for _, c := range cases {
		for _, in := range c.inputs {
			same(t, c.pattern, in)
		}
	}
}

// TestExplicit pins a few results in plain numbers, so that the
// differential tests are not the only word on semantics.
func TestExplicit(t *testing.T) {
	r := MustCompile(`^(?P<file>[^\s:]+):(?P<line>\d+):(?:(?P<column>\d+):)? (?P<severity>error|warning): (?P<message>.*?)(?:  \[(?P<name>[a-z-]+)\])?$`)
	got := r.FindStringSubmatch("a.py:3: error: bad  [misc]")
	want := []string{"a.py:3: error: bad  [misc]", "a.py", "3", "", "error", "bad", "misc"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if idx := r.FindStringSubmatchIndex("a.py:3: error: bad"); idx[6] != -1 || idx[7] != -1 || idx[12] != -1 {
		t.Errorf("groups that took no part: %v", idx)
	}
	if got := MustCompile(`(a|ab)(c|bcd)`).FindStringSubmatchIndex("abcd"); !slices.Equal(got, []int{0, 4, 0, 1, 1, 4}) {
		t.Errorf("alternation priority: %v", got)
	}
	if r.SubexpIndex("message") != 5 || r.NumSubexp() != 6 || r.SubexpNames()[6] != "name" {
		t.Errorf("subexp names: %q", r.SubexpNames())
	}
	if r.String() != r.Std().String() {
		t.Errorf("String %q", r.String())
	}
}

// TestBudgetFallsBack: a search that runs out of its step budget hands the
// line to the regexp package, and the answer still is the regexp package's.
func TestBudgetFallsBack(t *testing.T) {
	pattern, line := `^(?:a|b)*(\w*)c$`, strings.Repeat("ab", 200)
	r := MustCompile(pattern)
	r.prog.budgetScale = 0 // 256 steps: far too few for this line
	caps := make([]int, r.ncap)
	for i := range caps {
		caps[i] = -1
	}
	if o := r.prog.search(line, caps); o != gaveUp {
		t.Fatalf("search = %v, want gaveUp", o)
	}
	std := regexp.MustCompile(pattern)
	for _, l := range []string{line, line + "c", "x" + line} {
		if w, g := std.FindStringSubmatchIndex(l), r.FindStringSubmatchIndex(l); !slices.Equal(w, g) || (w == nil) != (g == nil) {
			t.Errorf("%q on %q: %v, regexp says %v", pattern, l, g, w)
		}
		if w, g := std.MatchString(l), r.MatchString(l); w != g {
			t.Errorf("%q on %q: MatchString %v, regexp says %v", pattern, l, g, w)
		}
	}
}

// TestBudgetFallsBackConcurrently: the regexp package's compile of the
// pattern, made on the first line handed to it, is made safely when
// several goroutines hand lines at once (run with -race), and each gets
// the regexp package's answer.
func TestBudgetFallsBackConcurrently(t *testing.T) {
	pattern, line := `^(?:a|b)*(\w*)c$`, strings.Repeat("ab", 200)+"c"
	r := MustCompile(pattern)
	r.prog.budgetScale = 0
	if r.std.Load() != nil {
		t.Fatal("the regexp package's compile was made before a line needed it")
	}
	want := regexp.MustCompile(pattern).FindStringSubmatchIndex(line)
	done := make(chan []int)
	for range 4 {
		go func() { done <- r.FindStringSubmatchIndex(line) }()
	}
	for range 4 {
		if got := <-done; !slices.Equal(got, want) {
			t.Errorf("%v, regexp says %v", got, want)
		}
	}
	if r.std.Load() == nil {
		t.Error("no line was handed to the regexp package")
	}
}

// TestLongSearches: lines long enough for the matcher to mark the states
// it visited (after memoAfter steps), on patterns that rescan and on
// patterns whose loops can go round without consuming.
func TestLongSearches(t *testing.T) {
	long := strings.Repeat("a", 300)
	for _, p := range []string{
		`^(a|a)*(a|a)*(a|a)*b$`, `(a*)*`, `(a*)+b`, `(a*)*?b`, `((a)|b|)*c`, `(?:(a)|(a*))*$`,
		`^\s*\d*\s*\|[\s|_/\\]*\^+[\s^]* (?P<message>[^\s^].*)$`, `(x+x+)+y`, `(\w*)*\d`,
	} {
		for _, l := range []string{long, long + "b", "ab" + long + "c", strings.Repeat(" 1 | ", 80), strings.Repeat("x", 40)} {
			same(t, p, l)
		}
	}
}

// TestCompileError: a bad pattern is regexp's error.
func TestCompileError(t *testing.T) {
	if _, err := Compile(`a(`); err == nil || !strings.Contains(err.Error(), "missing closing )") {
		t.Errorf("err = %v", err)
	}
	for _, p := range []string{`a(`, `[`, `x{2,1}`, `(?P<n>a)(?P<n>b)`, `\8`, `a**`, `(?<`, `x{1001}`} {
		_, werr := regexp.Compile(p)
		_, gerr := Compile(p)
		if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
			t.Errorf("%q: error %v, regexp says %v", p, gerr, werr)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("MustCompile of a bad pattern did not panic")
		}
	}()
	MustCompile(`[`)
}

// FuzzPattern: any pattern the regexp package compiles finds with fastre
// on any line what the regexp package finds.
func FuzzPattern(f *testing.F) {
	f.Add(`^(?P<file>[^\s:]+):(?P<line>\d+):(?P<column>\d+): (?P<severity>fatal error|error|warning): (?P<message>.*?)(?: \[(?P<name>-W[^\]]+)\])?$`, "a.c:1:2: error: x [-Wall]")
	f.Add(`^\s+at (?:.*? \()?(?:file://)?(?P<file>[^()\s]+?):(?P<line>\d+):(?P<column>\d+)\)?$`, "    at f (file:///a/b.js:1:2)")
	f.Add(`(a|ab)(c|bcd)(d*)`, "abcd")
	f.Add(`^(?:(a)|(b))+$`, "abab")
	f.Add(`(?i)\bto(do)?\b|x*`, "a ToDo ſ é")
	f.Add(`(?m)^\w+$`, "ab\ncd\n")
	f.Add(`^\s+[✓✔] |⎯ (Failed|x)|[\x{2500}-\x{257F}]+\S`, "  ✔ ok ⎯ Failed é\xff╭─a")
	f.Fuzz(func(t *testing.T, pattern, line string) {
		if len(pattern) > 200 || len(line) > 1000 {
			return
		}
		if _, err := regexp.Compile(pattern); err != nil {
			return
		}
		same(t, pattern, line)
	})
}

// TestConcurrent: one Regexp searched from several goroutines at once (a
// profile's rules are shared) gives each the answer regexp gives; run with
// -race, it also checks the spare stack is handed over safely.
func TestConcurrent(t *testing.T) {
	pattern := `^(?P<file>[^\s:]+):(?P<line>\d+):(?:(?P<column>\d+):)? (?P<message>.*?)(?:  \[(?P<name>[a-z-]+)\])?$`
	std, fast := regexp.MustCompile(pattern), MustCompile(pattern)
	lines := []string{"a.py:1: x  [misc]", "a.py:1:2: y", "nope", strings.Repeat("b.py:3: ", 50) + "  [x]"}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			defer func() { done <- true }()
			for i := 0; i < 500; i++ {
				l := lines[(i+g)%len(lines)]
				if w, got := std.FindStringSubmatchIndex(l), fast.FindStringSubmatchIndex(l); !slices.Equal(w, got) {
					t.Errorf("%q: %v, regexp says %v", l, got, w)
					return
				}
			}
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}

// TestDFANonASCII: past ASCII the automaton reads a rune as one symbol
// when the pattern takes all such runes alike (decoded as regexp decodes
// them, no word character for \b), and a rune of one of the classes its
// ranges cut the runes into when it tells some apart (a literal ✖, [a-zé],
// invalid UTF-8 read as U+FFFD); it hands a line on once it reaches a rune
// a case-folded character tells apart, or a pattern that tells too many
// apart (the backtracker decodes it as regexp does), answers one whose
// match ends before it or starts after it (at the literal every match
// starts with), and MatchString is regexp's either way.
func TestDFANonASCII(t *testing.T) {
	cases := []struct {
		pattern, line string
		want          outcome
	}{
		{`\bfoo`, "é foo", matched},
		{`foo\b`, "éfooé", matched}, // é is no word character
		{`foo\B`, "éfooé", noMatch},
		{`foo$`, "foo é", noMatch},
		{`^\s*\d+\b`, "12é", matched},
		{`^a.b`, "a\xffb", matched},
		{`a\b`, "a\xff", matched},
		{`^.{3}$`, "a✔b", matched},        // one rune of three bytes
		{`^.{3}$`, "a\xe2\x9cb", noMatch}, // a cut rune: two runes of a byte
		{`^[^\s:]+:\d`, "é✔:1", matched},
		{`✖ x`, "a ✖ x", matched},    // a literal past ASCII: a class of its own
		{`✖ x`, "a ✔ x", noMatch},    // and every other rune past ASCII another
		{`(?i)k`, "a\u212a", gaveUp}, // k folds to the Kelvin sign
		{`[a-zé]+!`, "ab!", matched},
		{`[a-zé]+!`, "éb!", matched},
		{`[a-zé]+!`, "èè!", noMatch},
		{`^\s+[✓✔] |⎯ Failed`, "  ✔ ok", matched},
		{`^\s+[✓✔] |⎯ Failed`, "  ✗ no ⎯ Failed", matched},
		{`^\s+[✓✔] |⎯ Failed`, "  ✗ no ⎯ failed", noMatch},
		{`a\x{FFFD}b`, "a\xffb", matched}, // a byte that is no UTF-8 reads as U+FFFD
		{`[\x{2500}-\x{257F}]x`, "╭─x", matched},
		{`[\x{2500}-\x{257F}]x`, "✔x", noMatch},
		// More runes told apart than a row has room for.
		{`Ā0|Ă1|Ą2|Ć3|Ĉ4|Ċ5|Č6|Ď7|Đ8|Ē9|Ĕa|Ėb|Ęc|Ěd|Ĝe|Ğf|Ġg|Ģh|Ĥi|Ħj|Ĩk|Īl|Ĭm|Įn|İo|Ĳp|Ĵq|Ķr|ĸs|ĺt|ļu|ľv|ŀw|łx|ńy|ņz|ňA|ŊB|ŌC|ŎD`, "x ŎD", gaveUp},
		{`foo`, "é foo", matched}, // the search starts at the literal prefix
		{`foo`, "é fo", noMatch},
		{`^a`, "b✖", noMatch}, // anchored: dead before the rune
	}
	for _, c := range cases {
		std, fast := regexp.MustCompile(c.pattern), MustCompile(c.pattern)
		if o := fast.automaton().match(c.line); o != c.want {
			t.Errorf("%q on %q: automaton %v, want %v", c.pattern, c.line, o, c.want)
		}
		if w, g := std.MatchString(c.line), fast.MatchString(c.line); w != g {
			t.Errorf("%q on %q: MatchString = %v, regexp says %v", c.pattern, c.line, g, w)
		}
	}
}

// TestDFAHighClass: which patterns take every rune past ASCII alike.
func TestDFAHighClass(t *testing.T) {
	for pattern, want := range map[string]bool{
		`\S+`: true, `[^\s:]+`: true, `(?s).`: true, `.`: true, `\w\d[a-z]`: true, `(?i)a`: true,
		`[\x{80}-\x{10FFFF}]`: true, `\pL`: false, `é`: false, `(?i)k`: false, `(?i)s`: false,
		`[^\x{100}]`: false, `[a-zé]`: false,
	} {
		if got := MustCompile(pattern).automaton().highOK; got != want {
			t.Errorf("%q: highOK %v, want %v", pattern, got, want)
		}
	}
}

// TestDFAHighClasses: how many classes the runes past ASCII fall into for
// a pattern that tells some apart (0: none, a line with one goes to the
// backtracker), and that every rune of a class is taken alike.
func TestDFAHighClasses(t *testing.T) {
	for pattern, want := range map[string]int{
		`✖ x`: 2, `[a-zé]`: 2, `\pL`: 2, `[✓✔] |✖x`: 3, `(?i)k`: 0, `(?i)s`: 0, `\S+`: 0,
	} {
		d := MustCompile(pattern).automaton()
		if d.nhigh != want {
			t.Errorf("%q: %d classes past ASCII, want %d", pattern, d.nhigh, want)
		}
		if d.nhigh == 0 {
			continue
		}
		std := regexp.MustCompile(pattern)
		for _, r := range []rune{0x80, 0xe9, 0xea, 0x212a, 0x2713, 0x2714, 0x2715, 0x2716, 0xfffd, 0x10ffff} {
			k := d.highClassOf(r)
			if got, rep := std.MatchString(string(r)), std.MatchString(string(d.highRep[k])); got != rep {
				t.Errorf("%q: %U is of class %d, whose rune %U matches %v, it %v", pattern, r, k, d.highRep[k], rep, got)
			}
		}
	}
}

// TestDFACacheFull: a pattern whose automaton has more states than the
// cache holds (the 13th byte from the end is an a: 2^13 subsets) fills it
// and stops there; the lines that need a new state go to the backtracker,
// and every answer is still regexp's.
func TestDFACacheFull(t *testing.T) {
	pattern := `a[ab]{12}$`
	std, fast := regexp.MustCompile(pattern), MustCompile(pattern)
	d := fast.automaton()
	rng := uint32(1)
	gaveUps := 0
	for i := 0; i < 400; i++ {
		var b strings.Builder
		for j := 0; j < 60; j++ {
			rng = rng*1664525 + 1013904223
			b.WriteByte("ab"[rng>>31])
		}
		line := b.String()
		if d.match(line) == gaveUp {
			gaveUps++
		}
		if w, g := std.MatchString(line), fast.MatchString(line); w != g {
			t.Fatalf("%q on %q: MatchString = %v, regexp says %v", pattern, line, g, w)
		}
	}
	if gaveUps == 0 || !d.full {
		t.Error("the cache never filled: the test tests nothing")
	}
	if len(d.cache) > maxDFAStates || d.size > d.maxBytes {
		t.Errorf("cache past its bounds: %d states, %d bytes", len(d.cache), d.size)
	}
}

// TestDFASmallCache: with room for a few states only, answers are still
// regexp's, on patterns with assertions too.
func TestDFASmallCache(t *testing.T) {
	for _, pattern := range []string{`\bok \d+\b`, `(?m)^b$`, `^\s*\d*\s*[|:]|^\s*\d+\s+\S|^\.\.\.$`, `x*`} {
		std, fast := regexp.MustCompile(pattern), MustCompile(pattern)
		fast.automaton().maxBytes = 2000
		for _, l := range []string{"", "ok 12", "not ok 3 x", "a\nb\nc", "  12 | x", "...", "b", "xok 1", "ok 1x"} {
			if w, g := std.MatchString(l), fast.MatchString(l); w != g {
				t.Errorf("%q on %q: MatchString = %v, regexp says %v", pattern, l, g, w)
			}
		}
	}
}

// TestDFAConcurrent: goroutines building one automaton's states at once
// (the second pattern has a hundred and more, so the table grows under
// the searches) each get regexp's answer (run with -race, it checks the
// publishing).
func TestDFAConcurrent(t *testing.T) {
	for _, pattern := range []string{
		`^\s*= (note|help): .*(#\[(warn|deny|allow|forbid)\(|implied by|on by default)|\bok \d+\b`,
		`a[ab]{6}$`,
	} {
		std, fast := regexp.MustCompile(pattern), MustCompile(pattern)
		lines := []string{"  = note: implied by x", " = help: #[warn(x)]", "ok 12", "not ok 1x", "= note: y", ""}
		done := make(chan bool)
		for g := 0; g < 4; g++ {
			go func() {
				defer func() { done <- true }()
				rng := uint32(g + 1)
				for i := 0; i < 300; i++ {
					l := lines[(i+g)%len(lines)] + strings.Repeat(" ok 7", i%5)
					if i%2 == 0 {
						var b strings.Builder
						for j := 0; j < 12; j++ {
							rng = rng*1664525 + 1013904223
							b.WriteByte("ab"[rng>>31])
						}
						l = b.String()
					}
					if w, got := std.MatchString(l), fast.MatchString(l); w != got {
						t.Errorf("%q on %q: %v, regexp says %v", pattern, l, got, w)
						return
					}
				}
			}()
		}
		for g := 0; g < 4; g++ {
			<-done
		}
		if n := len(fast.automaton().states); n < 2 {
			t.Errorf("%q: %d states", pattern, n)
		}
	}
}

// TestGate: the automaton stops being asked first for a pattern whose
// lines it does not reject (but for one line in gateResample), and is
// asked again once it rejects enough of them.
func TestGate(t *testing.T) {
	var g gate
	for i := 0; i*81 < gateWarmup; i++ {
		if !g.open() {
			t.Fatalf("closed during the warm-up, at %d", i)
		}
		g.record(false, 80)
	}
	opened := 0
	for i := 0; i < gateResample; i++ {
		if g.open() {
			opened++
		}
	}
	if opened != 1 {
		t.Errorf("asked %d times in %d lines it rejects none of, want 1", opened, gateResample)
	}
	for i := 0; i < 40; i++ {
		g.record(true, 80)
	}
	if !g.open() {
		t.Error("still closed after as many rejections")
	}
	for i := 0; i < gateWindow/81+1; i++ {
		g.record(true, 80)
	}
	if g.saved.Load()+g.spent.Load() >= gateWindow {
		t.Errorf("counts %d+%d not halved at the window", g.saved.Load(), g.spent.Load())
	}
}

// TestSubmatchThroughGate: the submatch answers are regexp's whether the
// automaton is asked first or not (the gate open on mixed lines, then
// closed by lines that match).
func TestSubmatchThroughGate(t *testing.T) {
	pattern := `^\s*\d*\s*[|:]|^\s*\d+\s*[-+~]\s|^\s*\d+\s+\S|^\.\.\.$|^\s*\|`
	std, fast := regexp.MustCompile(pattern), MustCompile(pattern)
	lines := []string{"  12 | x", "...", " 3 + y", "nope, not this one", "  |", "12", ""}
	for i := 0; i < 5000; i++ {
		l := lines[i%len(lines)]
		if i >= 200 {
			l = lines[0] // lines that match: the gate closes
		}
		if w, g := std.FindStringSubmatchIndex(l), fast.FindStringSubmatchIndex(l); !slices.Equal(w, g) {
			t.Fatalf("%q: %v, regexp says %v", l, g, w)
		}
	}
	opened := 0
	for i := 0; i < gateResample; i++ {
		if fast.gate.open() {
			opened++
		}
	}
	if opened > 1 {
		t.Errorf("the gate opened %d times in %d on lines that all match", opened, gateResample)
	}
}

// TestDFATotalBound: once the automata of all patterns together hold
// maxDFATotal bytes, no automaton adds a state (lines go to the
// backtracker, answers stay regexp's), and an automaton gives its bytes
// back when released.
func TestDFATotalBound(t *testing.T) {
	pattern, line := `\bok \d+\b`, "not ok 12 - x"
	std := regexp.MustCompile(pattern)
	// The automata count in a total of their own: the package's is
	// lowered at any time by the cleanups of other tests' automata.
	var total atomic.Int64
	used := newDFA(MustCompile(pattern).prog)
	used.total = &total
	if used.match(line) != matched {
		t.Fatal("no match")
	}
	if grown := total.Load(); grown != int64(used.size) || grown == 0 {
		t.Errorf("total grew %d, the automaton holds %d", grown, used.size)
	}
	used.release()
	if total.Load() != 0 {
		t.Errorf("total %d after release, want 0", total.Load())
	}

	total.Store(maxDFATotal)
	fresh := newDFA(MustCompile(pattern).prog)
	fresh.total = &total
	if o := fresh.match(line); o != gaveUp || !fresh.full {
		t.Errorf("automaton past the total: %v, want gaveUp", o)
	}
	// The Regexp whose automaton gives up answers as regexp does.
	full := MustCompile(pattern)
	full.auto.Store(fresh)
	if w, g := std.MatchString(line), full.MatchString(line); w != g {
		t.Errorf("MatchString = %v, regexp says %v", g, w)
	}
}

// TestPossessive: a greedy loop is possessive exactly when its exit cannot
// start with a byte of its class, and possessive or not the matches are
// regexp's (a run that must give back a byte is not marked).
func TestPossessive(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    bool
	}{
		{`^[^\s:]+:(\d+)`, true},
		{`^(\d+) x`, true},
		{`^(\w+)\w`, false},
		{`^(a+)(a|b)`, false},
		{`^(.*)$`, true},
		{`^(.*)x$`, false},
	} {
		re := MustCompile(c.pattern)
		got := false
		for _, in := range re.prog.insts {
			got = got || in.possessive
		}
		if got != c.want {
			t.Errorf("%s: possessive %v, want %v", c.pattern, got, c.want)
		}
		for _, line := range []string{"a.go:12 x", "123 x", "abc", "aaab", "aaa", "xyzx", "a:1:2"} {
			same(t, c.pattern, line)
		}
	}
}
