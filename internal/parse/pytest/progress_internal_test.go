package pytest

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
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
)

// progressSeeds are every line of the real captures, raw, cleaned and
// trimmed as otherLine sees them, and edge cases of the three expressions.
func progressSeeds(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "pytest", "captures", "*.txt"))
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
