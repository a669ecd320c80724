package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/terse-dev/terse/report"
)

func llmText(t *testing.T, r *report.Report, h Hints) string {
	t.Helper()
	var b bytes.Buffer
	if err := LLM(&b, r, h); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A line of a failure's body that starts with "--- " at the margin (a
// quoted unified diff, go test's own "--- FAIL") would read as the header
// of a block of its own: split where readers split, the page has one
// block per failure, and the line is still there, indented.
func TestBodyLineNeverStartsABlock(t *testing.T) {
	r := &report.Report{Status: "FAIL", Tests: report.Counts{Total: 2, Failed: 2},
		Lines: []string{"--- a/notes.txt"},
		Failures: []report.Failure{
			{File: "a_test.go", Line: 3, Name: "TestA", Message: "--- FAIL: TestA (0.00s)\nmismatch:\n--- want\n+++ got"},
			{File: "b_test.go", Line: 9, Name: "TestB", Message: "config differs",
				Diff: []string{"--- a/config.yaml", "+++ b/config.yaml", "-port: 1", "+port: 2"}, Details: []string{"--- b_test.go:12"}},
		},
		Page: report.Page{Total: 2}}
	for _, verbose := range []bool{false, true} {
		got := llmText(t, r, Hints{Verbose: verbose})
		blocks := strings.Split(got, "\n--- ")
		if len(blocks)-1 != 2 {
			t.Errorf("verbose=%v: %d blocks, want 2:\n%s", verbose, len(blocks)-1, got)
		}
		for _, want := range []string{"\n  --- a/notes.txt\n", "\n  --- FAIL: TestA (0.00s)\n", "\n  --- want\n", "\n  --- a/config.yaml\n", "\n  --- b_test.go:12\n"} {
			if !strings.Contains(got, want) {
				t.Errorf("verbose=%v: %q not in\n%s", verbose, want, got)
			}
		}
	}
}

// vitest's "expected 7 to be 11" states the pair the report also holds:
// the compact page says it once, --llm=verbose twice as before. A message
// that does not state both (jest's matcher line) keeps the pair.
func TestPairSaidInMessageOnce(t *testing.T) {
	f := report.Failure{File: "t.test.js", Line: 10, Name: "adds", Message: "AssertionError: expected 7 to be 11", Expected: "11", Received: "7"}
	s := report.Failure{File: "t.test.js", Line: 12, Name: "slugs", Message: "AssertionError: expected 'tabs-too' to be 'tabs_too'", Expected: `"tabs_too"`, Received: `"tabs-too"`}
	j := report.Failure{File: "t.test.js", Line: 14, Name: "jest", Message: "expect(received).toBe(expected)", Expected: "11", Received: "7"}
	// "1" is not stated by "expected 11 to be 10": no pair is dropped on
	// a value that only a longer number holds.
	p := report.Failure{File: "t.test.js", Line: 16, Name: "part", Message: "AssertionError: expected 11 to be 10", Expected: "1", Received: "11"}
	r := &report.Report{Status: "FAIL", Tests: report.Counts{Total: 4, Failed: 4}, Failures: []report.Failure{f, s, j, p}, Page: report.Page{Total: 4}}
	compact := llmText(t, r, Hints{})
	for _, gone := range []string{"expected: 11\nreceived: 7\n\n--- t.test.js:12", `expected: "tabs_too"`} {
		if strings.Contains(compact, gone) {
			t.Errorf("compact page says %q twice:\n%s", gone, compact)
		}
	}
	for _, kept := range []string{"expect(received).toBe(expected)\nexpected: 11\nreceived: 7\n", "expected 11 to be 10\nexpected: 1\nreceived: 11\n"} {
		if !strings.Contains(compact, kept) {
			t.Errorf("compact page lacks %q:\n%s", kept, compact)
		}
	}
	verbose := llmText(t, r, Hints{Verbose: true})
	if !strings.Contains(verbose, "expected 7 to be 11\nexpected: 11\nreceived: 7\n") {
		t.Errorf("verbose page lost the pair:\n%s", verbose)
	}
}

// The compact page reads a diff's "-" as expected and "+" as received
// without jest's legend, and marks a hunk header's elision "…" once; a
// legend that says otherwise (mocha's "+ expected - actual") stays.
func TestCompactDiff(t *testing.T) {
	cases := []struct{ in, want []string }{
		{[]string{"- Expected", "+ Received", "@@ -21,11 +21,11 @@", "  …", "    529,", "-   575,", "+   576,"},
			[]string{"  …", "    529,", "-   575,", "+   576,"}},
		{[]string{"- Snapshot  - 2", "+ Received  + 2", "  {", "-   a", "+   b"}, []string{"  {", "-   a", "+   b"}},
		{[]string{"@@ -1,2 +1,2 @@", "-a", "+b", "@@ -9,2 +9,2 @@", "-c"}, []string{"  …", "-a", "+b", "  …", "-c"}},
		{[]string{"+ expected - actual", "-6", "+5"}, []string{"+ expected - actual", "-6", "+5"}},
	}
	for _, c := range cases {
		if got := compactDiff(c.in); strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("compactDiff(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// The compact omitted line adds the counts of lines into one and names
// the verbose page; --llm=verbose keeps every count and the raw command.
func TestOmittedLineCompact(t *testing.T) {
	r := &report.Report{Status: "FAIL", Tests: report.Counts{Total: 3, Failed: 1, Passed: 2},
		Omitted: []report.Omission{{What: "console blocks", Count: 6}, {What: "code-frame lines", Count: 126},
			{What: "stack frames", Count: 6}, {What: "timing lines", Count: 1}, {What: "passed tests", Count: 2}}}
	h := Hints{More: "… | terse --llm=verbose", Raw: "the same command without terse"}
	if got, want := OmittedLine(r, h), "omitted: 6 console blocks, 127 lines, 6 stack frames, 2 passed tests (more: … | terse --llm=verbose)"; got != want {
		t.Errorf("compact:\n got %q\nwant %q", got, want)
	}
	h.More, h.Verbose = "", true
	if got, want := OmittedLine(r, h), "omitted: 6 console blocks, 126 code-frame lines, 6 stack frames, 1 timing line, 2 passed tests (raw: the same command without terse)"; got != want {
		t.Errorf("verbose:\n got %q\nwant %q", got, want)
	}
}

// A frame kept as text at the place the header names (cargo's backtrace)
// goes from the compact page: the header said it.
func TestFrameAtHeaderOnce(t *testing.T) {
	f := report.Failure{File: "src/lib.rs", Line: 33, Name: "tests::pop", Message: "index out of bounds",
		Details: []string{"at ./src/lib.rs:33:17", "at ./src/lib.rs:84:22", "at src/lib.rs:330:1"}}
	r := &report.Report{Status: "FAIL", Tests: report.Counts{Total: 1, Failed: 1}, Failures: []report.Failure{f}, Page: report.Page{Total: 1}}
	compact := llmText(t, r, Hints{})
	if strings.Contains(compact, "at ./src/lib.rs:33:17") || !strings.Contains(compact, "at ./src/lib.rs:84:22\nat src/lib.rs:330:1\n") {
		t.Errorf("compact page:\n%s", compact)
	}
	if verbose := llmText(t, r, Hints{Verbose: true}); !strings.Contains(verbose, "at ./src/lib.rs:33:17\n") {
		t.Errorf("verbose page lost the frame:\n%s", verbose)
	}
}
