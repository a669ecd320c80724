package generic

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// subOf is a scan's answer as FindStringSubmatch gives it: nil when it
// does not match, else the match (not compared: "") and the submatch.
func subOf(sub string, ok bool) []string {
	if !ok {
		return nil
	}
	return []string{"", sub}
}

// reSubOf is FindStringSubmatch's answer in subOf's form.
func reSubOf(m []string) []string {
	if m == nil {
		return nil
	}
	return []string{"", m[1]}
}

// checkLocatedScans fails t where a byte scan of located.go disagrees with
// the regexp it replaced (oracle_internal_test.go) on l.
func checkLocatedScans(t *testing.T, l string) {
	t.Helper()
	rest, loc := afterLoc(l)
	// The three located forms read what follows afterLoc's match.
	after := func(scan func(string) (string, bool)) (string, bool) {
		if !loc {
			return "", false
		}
		return scan(rest)
	}
	pairs := []struct {
		name      string
		got, want []string
	}{
		{"lintCode", subOf(after(lintCode)), reSubOf(oldLintCodeRe.FindStringSubmatch(l))},
		{"locSeverity", subOf(after(locSeverity)), reSubOf(oldLocSeverityRe.FindStringSubmatch(l))},
		{"codeFirst", subOf(after(codeFirst)), reSubOf(oldCodeFirstRe.FindStringSubmatch(l))},
		{"letterSeverity", subOf(after(letterSeverity)), reSubOf(letterSeverityRe.FindStringSubmatch(l))},
		{"msbuild", subOf(msbuild(l)), reSubOf(oldMsbuildRe.FindStringSubmatch(l))},
		{"severityHead", subOf(severityHead(l)), reSubOf(oldSeverityHeadRe.FindStringSubmatch(l))},
		{"shellcheckHead", subOf("", shellcheckHead(l)), subOf("", oldShellcheckRe.MatchString(l))},
		{"numberedHead", subOf("", numberedHead(l)), subOf("", oldNumberedRe.MatchString(l))},
		{"arrowLoc", subOf("", arrowLoc(l)), subOf("", oldArrowLocRe.MatchString(l))},
	}
	for _, p := range pairs {
		if !slices.Equal(p.got, p.want) {
			t.Errorf("%s(%q) = %q, the regexp %q", p.name, l, p.got, p.want)
		}
	}
}

// locatedSeeds are the edge cases of the located regexps.
var locatedSeeds = []string{
	"src/a.c:3:5: error: x", "src/a.c:3: warning: x", "a.ts:1:2 - error TS1: x", "a:1:2:error", "a:1:  error",
	"a:1: errors", "a:1: error_x", "a:1: fatal error: x", "a:1: fatal errors", "a:1:2:3: note x", "\f a:1: info",
	"a.py:1:2: E0102: x", "a.py:1:2: E010: x", "a.py:1:2: E01020: x", "a.py:1:2: X0102: x", "a.py:1:2: E0102 x",
	"a.py:1:2: F821 x", "a.py:1:2: ABCD821 x", "a.py:1:2: F8 x", "a.py:1:2: F82345 x", "a.py:1:2: F821", "a.py:1:2: F821x",
	"x(1,2): warning X", "x(1,2): error", "x(1,2):  error", "(1,2): error", "x((1,2): error", "x(1,2) : error",
	"a(b)(1,2): errorx", "x(,2): error", "\tx(12,34): warning: y", "x(1,2):\terror",
	"error[E0308]: x", "error[]: x", "error[E0308: x", "error: x", "errors: x", "fatal error: x", "warning[x_1]: y",
	"In a.sh line 3:", "In a.sh line 3: ", "In  a.sh line 3:", "In a.sh line :", "In a\tb line 3:",
	"  1) suite", "       1) suite", "      1) suite", "1)  x", "1) ", "12) \xff", "\n1) x",
	"  --> src/lib.rs:3:5", "--> a:b:1:2", "--> :1:2", "-->  a:1:2", "--> a:1:", "--> a:1:2x", "--> a:x:1:2 b",
	"é:1: error x", "a:1:\x00error",
	"lib/a.rb:3:5: C: [Correctable] Style/X: y", "a.rb:3:5: W: x", "a.rb:3:5: X: x", "a.rb:3: C: x", "a.rb:3:5: C:x", "a.rb:3:5: CW: x", "a.rb:3:5: C: ",
}

// TestLocatedScansMatchRegexps checks every scan against its regexp on the
// seeds and every line of every capture, raw and with its right margin
// trimmed as Parse trims it.
func TestLocatedScansMatchRegexps(t *testing.T) {
	for _, l := range locatedSeeds {
		checkLocatedScans(t, l)
	}
	files, err := filepath.Glob("../../../profiles/*/testdata/captures/*.txt")
	if err != nil || len(files) < 50 {
		t.Fatalf("captures: %d files, %v", len(files), err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			checkLocatedScans(t, sc.Text())
			checkLocatedScans(t, strings.TrimRight(sc.Text(), " \t\r"))
		}
	}
}

// FuzzLocatedScans checks every scan against its regexp on any line:
//
//	go test ./internal/parse/generic -run '^$' -fuzz FuzzLocatedScans -fuzztime 3m
func FuzzLocatedScans(f *testing.F) {
	for _, s := range locatedSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, l string) { checkLocatedScans(t, l) })
}
