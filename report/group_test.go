package report

import (
	"regexp"
	"testing"
)

func TestCauseKey(t *testing.T) {
	te := func(msg string) Failure { return Failure{Kind: KindError, Message: msg} }
	same := [][2]Failure{
		{te("TypeError: Cannot read properties of undefined (reading 'id')"), te("TypeError: Cannot read properties of undefined (reading 'name')")},
		{te("ENOENT: no such file or directory, open '/tmp/a/fixture.json'"), te("ENOENT: no such file or directory, open '/tmp/b/other.json'")},
		{te("connect ECONNREFUSED 127.0.0.1:5432"), te("connect ECONNREFUSED 127.0.0.1:5433")},
		{te("failed at src/db.js:31:7\nmore"), te("failed at src/db.js:44:2\nother")},
	}
	for _, p := range same {
		if a, b := CauseKey(p[0]), CauseKey(p[1]); a == "" || a != b {
			t.Errorf("%q and %q: keys %q, %q; want one", p[0].Message, p[1].Message, a, b)
		}
	}
	differ := [][2]Failure{
		{te("TypeError: x is not a function"), te("RangeError: x is not a function")},
		{te("TypeError: x is not a function"), {Kind: KindTimeout, Message: "TypeError: x is not a function"}},
	}
	for _, p := range differ {
		if CauseKey(p[0]) == CauseKey(p[1]) {
			t.Errorf("%q and %q share a key", p[0].Message, p[1].Message)
		}
	}
	never := []Failure{
		{Kind: KindAssertion, Message: "expect(received).toBe(expected)", Expected: "1", Received: "2"},
		{Kind: KindSnapshot, Message: "snapshot", Diff: []string{"- a", "+ b"}},
		{Kind: KindLint, Message: "no-unused-vars"},
		{Kind: KindAssertion, Message: "Add(-2, -3) = -4, want -5"},
		{Kind: KindError},
	}
	for _, f := range never {
		if k := CauseKey(f); k != "" {
			t.Errorf("CauseKey(%+v) = %q, want none: never grouped", f, k)
		}
	}
}

// causeRegexps are the expressions the masks of CauseKey read as, each
// with its replacement, in the order they are applied.
var causeRegexps = []struct {
	re   *regexp.Regexp
	with string
	mask func(string) string
}{
	{regexp.MustCompile("'[^']*'|\"[^\"]*\"|`[^`]*`"), "Q", maskQuoted},
	{regexp.MustCompile(`(?:[A-Za-z]:)?[\w.@~-]*(?:[/\\][\w.@~-]+)+(?::\d+)*`), "P", maskPaths},
	{regexp.MustCompile(`\d+(?:\.\d+)?`), "N", maskNumbers},
}

// checkMasks fails t when a mask, or the three in turn, read s otherwise
// than the expressions.
func checkMasks(t *testing.T, s string) {
	t.Helper()
	want, got := s, s
	for _, m := range causeRegexps {
		if w, g := m.re.ReplaceAllString(s, m.with), m.mask(s); w != g {
			t.Fatalf("%s on %q: %q, the expression %q", m.with, s, g, w)
		}
		want, got = m.re.ReplaceAllString(want, m.with), m.mask(got)
	}
	if want != got {
		t.Fatalf("masks in turn on %q: %q, the expressions %q", s, got, want)
	}
}

func TestCauseMasksAreTheRegexps(t *testing.T) {
	for _, s := range []string{
		"", "x", "'", "''", "'a' 'b", `"a'b" 'c"d'`, "`x` ``", "it's 'quoted' \"twice\"",
		"/", "a/", "/a", "a/b", "C:", "C:/", "C:x", "C:/x", "C:\\x\\y", "xC:/a", "ab:/c", "a:b/c",
		"src/db.js:31:7", "src/db.js:31:x", "a/b:", "a/b::1", "a/b:1:2:3", "a//b", "a/./b/", "a\\b/c",
		"open '/tmp/a/fixture.json' at C:\\Users\\me\\x.js:3", "127.0.0.1:5432", "1.2.3", "1.", ".5", "12ab34",
		"v1.2.3-beta/x", "~/.cache/go-build/ab/cd", "@scope/pkg", "é/ü", "\xff/a", "a/\xff", "x/é", "1\xff2",
		"TypeError: Cannot read properties of undefined (reading 'id')", "connect ECONNREFUSED 127.0.0.1:5432",
		"Z:a/b:9", "::/a", "a:/", "1:/a", "_:/a", "b:c:/d", "q:/", "x-y.z@w~v/u_t",
	} {
		checkMasks(t, s)
	}
	// Every string of up to 5 bytes of the bytes the expressions tell
	// apart, and a few they do not.
	alpha := "aZ1_.:/\\'\"` é"
	var walk func(s string, n int)
	walk = func(s string, n int) {
		checkMasks(t, s)
		if n == 0 {
			return
		}
		for i := 0; i < len(alpha); i++ {
			walk(s+alpha[i:i+1], n-1)
		}
	}
	walk("", 5)
}

func FuzzCauseMasks(f *testing.F) {
	for _, s := range []string{"src/db.js:31:7 'a' 1.5", "C:\\x/y:1", "a:/b", `"x" 'y' ` + "`z`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkMasks(t, s) })
}
