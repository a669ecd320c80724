package profiles_test

import (
	"encoding/json"
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
	groundTruth["pylint"] = pylintJSONTruth
	groundTruth["tsc"] = tscPlainTruth
}

// pylintJSONTruth reads pylint --output-format=json. Its types map to the
// profile's classes: error and fatal are errors, warning a warning, the
// rest (convention, refactor, info) notes.
func pylintJSONTruth(t *testing.T, path string) []truth {
	var msgs []struct {
		Type    string `json:"type"`
		Path    string `json:"path"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
		Symbol  string `json:"symbol"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(readFile(t, path), &msgs); err != nil {
		t.Fatal(err)
	}
	var out []truth
	for _, m := range msgs {
		sev := "note"
		switch m.Type {
		case "error", "fatal":
			sev = "error"
		case "warning":
			sev = "warning"
		}
		// The text format prints a message's first line on the problem's
		// line (duplicate-code lists the lines after it).
		msg, _, _ := strings.Cut(m.Message, "\n")
		out = append(out, truth{File: m.Path, Line: m.Line, Column: m.Column, Severity: sev, Name: m.Symbol, Message: msg})
	}
	return out
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
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

// tscPlainLineRe is one error of tsc's plain form (--pretty false).
var tscPlainLineRe = regexp.MustCompile(`^(\S+)\((\d+),(\d+)\): error (TS\d+): (.*)$`)

// tscPlainTruth reads the plain form of the same run, which --pretty
// prints differently.
func tscPlainTruth(t *testing.T, path string) []truth {
	var out []truth
	for _, l := range readLines(t, path) {
		if m := tscPlainLineRe.FindStringSubmatch(l); m != nil {
			out = append(out, truth{File: m[1], Line: atoi(m[2]), Column: atoi(m[3]), Severity: "error", Name: m[4], Message: m[5]})
		}
	}
	return out
}
