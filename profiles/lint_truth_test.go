package profiles_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The ground truths of the one-line-per-problem profiles (text.lint). Each
// reads the tool's machine truth kept in testdata/<tool>/reports.
func init() {
	groundTruth["mypy"] = mypyTruth
}

// mypyLineRe is one of mypy's own problem lines: mypy 1.0 has no JSON
// output, its plain lines are its machine form.
var mypyLineRe = regexp.MustCompile(`^([^\s:]+):(\d+):(?:(\d+):)? error: (.*?)(?:  \[([a-z][a-z0-9-]*)\])?$`)

func mypyTruth(t *testing.T, path string) []truth {
	var out []truth
	for _, l := range readLines(t, path) {
		if m := mypyLineRe.FindStringSubmatch(l); m != nil {
			out = append(out, truth{File: m[1], Line: atoi(m[2]), Column: atoi(m[3]), Severity: "error",
				Name: m[5], Message: m[4]})
		}
	}
	return out
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(data), "\n"), "\n")
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
