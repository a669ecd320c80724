package pytest

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// The expressions the progress and count scans replaced: the scans must
// read every line as they did.
var (
	oracleProgressRe = regexp.MustCompile(`^(?:\S+\.py [.FEsxXfR]+\s*(?:\[\s*\d+%\])?|[.FEsxXfR]+\s+\[\s*\d+%\]|[.FEsxX]+)$`)
	oracleVerboseRe  = regexp.MustCompile(`^(?:\[gw\d+\] )?(?:\[\s*\d+%\] )?(?:\S+::\S.*? (?:PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR)|(?:PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR) \S+::\S.*?)(?: \(.*\))?\s*(?:\[\s*\d+%\])?$`)
	oracleCountRe    = regexp.MustCompile(`(\d+) ([a-z]+)`)
	oracleFinalRe    = regexp.MustCompile(`^=*\s*(no tests ran|\d+ [a-z]+(?:, \d+ [a-z]+)*) in [0-9.]+s(?: \([0-9:.]+\))?\s*=*$`)
	oracleCollectRe  = regexp.MustCompile(`collected (\d+) items?(?: / (\d+) errors?)?(?: / (\d+) deselected)?(?: / (\d+) selected)?`)
)

// progressSeeds are every line of the real captures, raw, cleaned and
// trimmed as otherLine sees them, and edge cases of the three expressions.
func progressSeeds(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "profiles", "pytest", "testdata", "captures", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures: %v", err)
	}
	var seeds []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range bytes.Split(data, []byte("\n")) {
			seeds = append(seeds, string(l), strings.TrimSpace(filters.CleanLine(string(l))))
		}
	}
	return append(seeds,
		"tests/t.py::test_a PASSED", "tests/t.py::test_a PASSED [ 40%]", "tests/t.py::test_a FAILED  [100%]",
		"[gw0] [ 40%] PASSED tests/t.py::test_a", "[gw12] PASSED tests/t.py::test_a", "[gw] PASSED t.py::a",
		"[gw1]PASSED t.py::a", "[ 4%] t.py::a XFAIL (reason) [ 5%]", "[4%]::a PASSED", "t.py::a SKIPPED (x) )",
		"t.py::a SKIPPED (x\ny)", "t.py::a PASSED\n[ 5%]", "PASSED t.py::a\nb", "PASSED t.py::a\n (x)",
		"PASSED t.py::\na", "::a PASSED", "a:: PASSED", "a::b PASSEDx", "a::b XFAILED", "a::b  PASSED",
		"a::b x PASSED y PASSED", "a::b PASSED [ x%]", "a::b PASSED [ 5%", "a::b PASSED (r)[5%]", "a:::",
		"ERROR a::b", "ERROR  a::b", "XPASS a::b (r) [100%]", "t.py::a[1 - 2] PASSED", "t.py::a\tPASSED",
		"tests/t.py .F.s [ 40%]", "tests/t.py .F.s", "tests/t.py .F.s   [100%]", "t.py .", ".py .", "a.py  .",
		"a.py\t.", "a.pyx .", ".F.s [ 40%]", ".F.s[ 40%]", ".F", ".FR", "fR", "R [ 1%]", "..\n[ 1%]", ".. \t[1%]",
		"a.py .F [1%] ", "a.py .F\n", "é.py .",
		"== 3 failed, 1 passed in 0.12s ==", "12x 3 b", "1 2 a", "9 é 8 z", "99999999999999999999 passed",
		"", " ", "[", "[gw1] ", "[ 1%] ",
		"= 1 passed in 0.01s =", "1 passed in 0.01s", "no tests ran in 0.01s", "==== no tests ran in 1s ====",
		"== 2 failed, 3 passed, 1 warning in 1.50s (0:00:01) ==", "== 2 failed, in 1s ==", "== 2 failed,3 passed in 1s ==",
		"== 2 failed in 1s (x) ==", "== 2 failed in 1s () ==", "== 2 failed in 1s ( 1) ==", "== 2 failed in s ==",
		"== 2 failed in 1s == x", "== 2 failed in 1s \t==", "=\t2 failed in ..s", "== 2 Failed in 1s ==",
		"== 2 failed in 1s(1) ==", "== 2 failed in 1s (1)", "== 2 failed in 1s (1) (2) ==",
		"collected 3 items", "collected 1 item / 1 error", "collected 12 items / 2 errors / 3 deselected / 7 selected",
		"collected 5 items / 2 deselected / 3 selected", "collected 5 items / 3 selected", "collected x collected 2 items",
		"collected 2 itemss", "collected 2 item / 1 errors / x", "collected 2 items /  1 error", "collected  2 items",
		"collecting ... collected 4 items", "collected 4 items / 1 error / 1 errors",
	)
}

func TestPyProgressScansAgreeWithExpressions(t *testing.T) {
	for _, l := range progressSeeds(t) {
		checkProgress(t, l)
	}
}

func FuzzPyProgressScans(f *testing.F) {
	for _, l := range progressSeeds(f) {
		f.Add(l)
	}
	f.Fuzz(checkProgress)
}

// checkProgress compares the scans of progress, -v and count text with
// their expressions.
func checkProgress(t *testing.T, line string) {
	if got, want := pyIsVerbose(line), oracleVerboseRe.MatchString(line); got != want {
		t.Fatalf("pyIsVerbose(%q) = %v, expression %v", line, got, want)
	}
	if got, want := pyIsProgress(line), oracleProgressRe.MatchString(line); got != want {
		t.Fatalf("pyIsProgress(%q) = %v, expression %v", line, got, want)
	}
	checkFinal(t, line)
	checkCollected(t, line)
	var got [][]string
	for num, word, rest, ok := pyNextCount(line); ok; num, word, rest, ok = pyNextCount(rest) {
		got = append(got, []string{num + " " + word, num, word})
	}
	want := oracleCountRe.FindAllStringSubmatch(line, -1)
	if len(got) != len(want) {
		t.Fatalf("pyNextCount(%q) read %q, expression %q", line, got, want)
	}
	for i := range got {
		for j := range got[i] {
			if got[i][j] != want[i][j] {
				t.Fatalf("pyNextCount(%q) read %q, expression %q", line, got, want)
			}
		}
	}
}

func checkFinal(t *testing.T, line string) {
	counts, ok := pyFinalCounts(line)
	m := oracleFinalRe.FindStringSubmatch(line)
	if ok != (m != nil) || (m != nil && counts != m[1]) {
		t.Fatalf("pyFinalCounts(%q) = %q, %v; expression %q", line, counts, ok, m)
	}
}

func checkCollected(t *testing.T, line string) {
	got, ok := pyCollected(line)
	m := oracleCollectRe.FindStringSubmatch(line)
	if ok != (m != nil) || (m != nil && !slices.Equal(got[:], m)) {
		t.Fatalf("pyCollected(%q) = %q, %v; expression %q", line, got, ok, m)
	}
}
