package vitest

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// vitestFileRe is what isVitestFileLine reads: " ❯ test/cart.test.js (7
// tests | 4 failed | 1 skipped) 19ms", one line per file, which the "Test
// Files" summary counts again. The scan replaced it on every list line.
var vitestFileRe = filters.Lazy(`^\s*[✓❯×↓]\s+\S.*? \(\d+ tests?(?: \| [^)]*)?\)(?: \d[\d.]*m?s)?$`)

// captureLines is every line, cleaned as the parser sees it, of the real
// vitest captures, and a few edge cases of the patterns below.
func captureLines(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../../profiles/vitest/testdata/captures/*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures: %v", err)
	}
	lines := []string{"", "|", " \t| x", "12|", "  12 |", "1 2|", "a|", "\v|", "12", "  ⎯⎯ Unhandled Rejection ⎯⎯",
		"⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯", "⎯⎯ Uncaught Exception ⎯⎯", "⎯⎯⎯ Unhandled Errors ⎯⎯⎯", "⎯", "⎯⎯⎯[1/2]⎯", "⎯⎯ ", "⎯\xe2\x8e",
		" ✓ test/a.test.js (3 tests) 4ms", " ❯ test/cart.test.js (7 tests | 4 failed | 1 skipped) 19ms"}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(raw), "\n") {
			lines = append(lines, filters.CleanLine(l))
		}
	}
	return lines
}

// The hand-written tests that stand before or for regexps agree with them
// on every line of the captures: a prefilter that refused a line the
// pattern matches would lose it.
func TestPrefiltersAgree(t *testing.T) {
	codeRe := regexp.MustCompile(`^\s*\d*\s*\|`)
	fileRe := vitestFileRe.Re()
	unhandledRe := vitestUnhandledRe.Re()
	matched := map[string]int{}
	for _, l := range captureLines(t) {
		if got, want := isCodeLine(l), codeRe.MatchString(l); got != want {
			t.Errorf("isCodeLine(%q) = %v, the pattern says %v", l, got, want)
		}
		if fileRe.MatchString(l) {
			matched["file"]++
			if !strings.Contains(l, " test") {
				t.Errorf("file line %q lacks the prefilter's literal", l)
			}
		}
		tl := strings.TrimSpace(l)
		if got, want := isBareRule(tl), strings.Trim(tl, "⎯") == ""; got != want {
			t.Errorf("isBareRule(%q) = %v, want %v", tl, got, want)
		}
		if got, want := unhandledHeading(tl), unhandledRe.FindStringSubmatch(tl); strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("unhandledHeading(%q) = %q, the pattern says %q", tl, got, want)
		}
		if unhandledRe.MatchString(tl) {
			matched["unhandled"]++
		}
		if codeRe.MatchString(l) {
			matched["code"]++
		}
	}
	for _, k := range []string{"file", "unhandled", "code"} {
		if matched[k] == 0 {
			t.Errorf("no line matched the %s pattern: the check proves nothing", k)
		}
	}
}

// fileLineSeeds are the edge cases of vitestFileRe.
var fileLineSeeds = []string{
	" ✓ test/a.test.js (3 tests) 4ms", " ❯ test/cart.test.js (7 tests | 4 failed | 1 skipped) 19ms", "❯ a (1 test)",
	" × a (1 test) 1s", " ↓ a (1 tests)", "✓a (1 test)", "✓  (1 test)", "✓ a(1 test)", "✓ a (1 test) ", "✓ a (1 test) ms",
	"✓ a (1 test) .5ms", "✓ a (1 test) 1.5.ms", "✓ a (1 test)1ms", "✓ a (x) (1 test)", "✓ a (1 test) (2 tests)",
	"✓ a (1 test | x) y)", "✓ a (1 test |x)", "✓ a (1 test | (x)", "✓ a\n (1 test)", "✓ \n(1 test)", "✓ a (1 test | \n)",
	"✓ a (1 testss)", "✓ a ( 1 test)", "✓ a (1 test", "✓ (1 test)", "✓  (1 test)", "\f✓\f(\f(1 test)", "✓ \xff (1 test)",
	"✓ é (1 test) 2ms", "✓ a (1 test)\n", "✓ a (1 test) 2mss", "✓ a (1 test) 2sm", "  ✓ test/a.test.js > x 2ms",
}

// checkFileLine fails t where isVitestFileLine disagrees with vitestFileRe.
func checkFileLine(t *testing.T, l string) {
	t.Helper()
	if got, want := isVitestFileLine(l), vitestFileRe.MatchString(l); got != want {
		t.Errorf("isVitestFileLine(%q) = %v, the regexp %v", l, got, want)
	}
}

// TestFileLineMatchesRegexp checks the scan against the regexp on the
// seeds and every line of the vitest captures (and the others).
func TestFileLineMatchesRegexp(t *testing.T) {
	for _, l := range append(fileLineSeeds, captureLines(t)...) {
		checkFileLine(t, l)
	}
	files, _ := filepath.Glob("../../../profiles/*/testdata/captures/*.txt")
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(raw), "\n") {
			checkFileLine(t, l)
		}
	}
}

// FuzzFileLine checks the scan against the regexp on any line:
//
//	go test ./internal/parse/vitest -run '^$' -fuzz FuzzFileLine -fuzztime 3m
func FuzzFileLine(f *testing.F) {
	for _, s := range fileLineSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, l string) { checkFileLine(t, l) })
}

// TestSummaryKindMatchesCut: summaryKind names the label strings.Cut(t,
// "  ") finds when that is one of the tallies', and "" otherwise, on every
// trimmed capture line and a few edge cases.
func TestSummaryKindMatchesCut(t *testing.T) {
	lines := []string{"Tests  1 passed (1)", "Tests ", "Tests  ", "Test Files  x", "Tests   x", "Testsx  y", "Start at  1", "x  Tests  1", "Type Errors  no"}
	for _, l := range captureLines(t) {
		lines = append(lines, strings.TrimSpace(l))
	}
	for _, l := range lines {
		want := ""
		if kind, _, ok := strings.Cut(l, "  "); ok && slices.Contains(summaryKinds, kind) {
			want = kind
		}
		if got := summaryKind(l); got != want {
			t.Errorf("summaryKind(%q) = %q, want %q", l, got, want)
		}
	}
}
