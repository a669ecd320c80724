package generic

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sameAsOracle fails t when the classification of l differs from the
// oracle's (oracle_internal_test.go).
func sameAsOracle(t *testing.T, l string) {
	t.Helper()
	if r, h := classify(l); true {
		if or, oh := oldClassify(l); r != or || h != oh {
			t.Errorf("classify(%q) = %d, %v; oracle %d, %v", l, r, h, or, oh)
		}
	}
	if got, want := looksLikeProblem(l), oldLooksLikeProblem(l); got != want {
		t.Errorf("looksLikeProblem(%q) = %v; oracle %v", l, got, want)
	}
	if got, want := onlyWarning(l), oldOnlyWarning(l); got != want {
		t.Errorf("onlyWarning(%q) = %v; oracle %v", l, got, want)
	}
	if got, want := isProgressLine(l), oldIsProgressLine(l); got != want {
		t.Errorf("isProgressLine(%q) = %v; oracle %v", l, got, want)
	}
}

// TestClassifyMatchesOracle: every line of every capture of every tool,
// as read and with its right margin trimmed as Parse trims it, classifies
// as the regexp-only code did.
func TestClassifyMatchesOracle(t *testing.T) {
	files, err := filepath.Glob("../../../profiles/*/testdata/captures/*.txt")
	if err != nil || len(files) < 50 {
		t.Fatalf("captures: %d files, %v", len(files), err)
	}
	lines := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			l := sc.Text()
			sameAsOracle(t, l)
			sameAsOracle(t, strings.TrimRight(l, " \t\r"))
			lines++
		}
	}
	t.Logf("%d lines of %d captures", lines, len(files))
}

// FuzzClassifyMatchesOracle: any line classifies as the oracle does.
func FuzzClassifyMatchesOracle(f *testing.F) {
	for _, s := range []string{
		"src/a.c:3:5: error: x", "a.py:1:2: E0102: x", "a.py:1:2: F821 x", "x(1,2): warning X",
		"error[E0308]: x", "fatal error: x", "In a.sh line 3:", "  1) suite", "  --> src/lib.rs:3:5",
		"Not\x00Found here", "SEGMENTATION FAULT", "warnings: 3", "SyntaxErrors", "unfailing",
		"not ok 3 - x # TODO", "45%[=====>   ]", "  % Total    % Received", "[ 45%] Building C object", "45% ━━ x", "● a", "× b", "\f a:1: note x", "é:1: error x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, l string) { sameAsOracle(t, l) })
}
