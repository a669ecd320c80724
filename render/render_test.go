package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/terse-dev/terse/report"
)

func TestStatusLine(t *testing.T) {
	cases := []struct {
		r    report.Report
		want string
	}{
		{report.Report{Status: "PASS", Tests: report.Counts{Total: 83, Passed: 83}}, "PASS 83/83"},
		{report.Report{Status: "PASS", Tests: report.Counts{Total: 17, Passed: 15, Skipped: 1, Todo: 1}}, "PASS 15/17 (1 skipped, 1 todo)"},
		{report.Report{Status: "FAIL", Tests: report.Counts{Total: 50, Failed: 2, Passed: 48}}, "FAIL 2/50"},
		{report.Report{Status: "FAIL", Tests: report.Counts{Total: 2, Passed: 2}, Suites: &report.Counts{Total: 3, Errors: 2}}, "FAIL 0/2, 2 suites failed to run"},
		{report.Report{Status: "FAIL", Tests: report.Counts{Total: 2, Passed: 2}, Page: report.Page{Total: 1}}, "FAIL 0/2, 1 error outside the tests"},
		{report.Report{Status: "FAIL", Tests: report.Counts{Total: 2, Passed: 2}, Suites: &report.Counts{Total: 3, Errors: 2}, Page: report.Page{Total: 2}}, "FAIL 0/2, 2 suites failed to run"},
		{report.Report{Status: "NONE"}, ""},
		// A pass the tool said without a count (prettier --check).
		{report.Report{Status: "PASS", Counted: true}, "PASS"},
		// jest's "FAIL file" with the rest cut off: the suite says why.
		{report.Report{Status: "FAIL", Suites: &report.Counts{Total: 1, Failed: 1}}, "FAIL 0/0, 1 suite failed with no failure in the output"},
		// Failure signals in a run whose report said nothing ran.
		{report.Report{Status: "FAIL", Said: "NONE", Unexplained: 2}, "FAIL status unknown: no summary, 2 failure signals unexplained"},
		{report.Report{Status: "FAIL", Unexplained: 1, Tests: report.Counts{Total: 3, Passed: 3}}, "FAIL status unknown: PASS 3/3 by the summary, 1 failure signal unexplained"},
		// A failure shown says why already.
		{report.Report{Status: "FAIL", Tests: report.Counts{Total: 1, Failed: 1}, Suites: &report.Counts{Total: 1, Failed: 1}, Page: report.Page{Total: 1}}, "FAIL 1/1"},
	}
	for _, c := range cases {
		if got := StatusLine(&c.r); got != c.want {
			t.Errorf("StatusLine(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}

func TestLLMBlock(t *testing.T) {
	r := &report.Report{Status: "FAIL", Tests: report.Counts{Total: 2, Failed: 2},
		Failures: []report.Failure{
			{File: "src/a.test.ts", Line: 42, Name: `says "hi"`, Message: "expect(received).toBe(expected)", Expected: "401", Received: "200"},
			{File: "src/a.test.ts", Name: "no line", Message: "TypeError: x is not a function",
				Frames: []report.Frame{{Func: "handle", File: "src/api.ts", Line: 15}}},
			{Message: "bad \xff byte " + strings.Repeat("y", MaxLine)},
		},
		Omitted: []report.Omission{{What: "stack frames", Count: 3}},
		Page:    report.Page{Total: 5, Limit: 3, HasMore: true}}
	var b bytes.Buffer
	if err := LLM(&b, r, Hints{Next: "terse --offset 3", Raw: "raw.log"}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		"FAIL 2/2\n\n--- src/a.test.ts:42 \"says \\\"hi\\\"\"\nexpect(received).toBe(expected)\nexpected: 401\nreceived: 200\n",
		"\n--- src/a.test.ts \"no line\"\nTypeError: x is not a function\n  at handle (src/api.ts:15)\n",
		"\n--- (unknown file)\nbad \uFFFD byte yyy",
		fmt.Sprintf(" …[%d more bytes]\n", len("bad \uFFFD byte ")+MaxLine-MaxLine),
		"\nomitted: 3 stack frames (raw: raw.log)\n",
		"… 2 more failures (shown 1-3 of 5); next page: terse --offset 3\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

// JSON output has no null or empty values, and streaming spilled failures
// gives the same bytes as holding them in memory.
func TestJSONStreamsSpilledFailures(t *testing.T) {
	build := func(mem int) *report.Report {
		b := report.NewBuilder("x", report.Window{})
		b.MemFailures = mem
		for i := 0; i < 9; i++ {
			b.AddFailure(report.Failure{Kind: report.KindAssertion, File: "a.js", Line: i + 1, Name: fmt.Sprint("t", i)})
		}
		b.Omit("passed tests", 3)
		return b.Finish()
	}
	var mem, spilled, memText, spilledText bytes.Buffer
	a, s := build(100), build(2)
	defer a.Close()
	defer s.Close()
	for _, x := range []struct {
		r    *report.Report
		j, t *bytes.Buffer
	}{{a, &mem, &memText}, {s, &spilled, &spilledText}} {
		if err := JSON(x.j, x.r, Hints{}, false); err != nil {
			t.Fatal(err)
		}
		if err := LLM(x.t, x.r, Hints{}); err != nil {
			t.Fatal(err)
		}
	}
	if mem.String() != spilled.String() || memText.String() != spilledText.String() {
		t.Fatalf("spilled output differs:\n%s\n%s", mem.String(), spilled.String())
	}
	var doc map[string]any
	if err := json.Unmarshal(mem.Bytes(), &doc); err != nil {
		t.Fatalf("invalid JSON %s: %v", mem.String(), err)
	}
	if fs := doc["failures"].([]any); len(fs) != 9 {
		t.Fatalf("%d failures in JSON", len(fs))
	}
	for _, bad := range []string{"null", `""`, "[]", "{}"} {
		if strings.Contains(mem.String(), ":"+bad) {
			t.Errorf("JSON holds an empty value %s: %s", bad, mem.String())
		}
	}
	var pretty bytes.Buffer
	if err := JSON(&pretty, s, Hints{}, true); err != nil {
		t.Fatal(err)
	}
	var compacted bytes.Buffer
	if err := json.Compact(&compacted, pretty.Bytes()); err != nil {
		t.Fatal(err)
	}
	if compacted.String()+"\n" != mem.String() {
		t.Fatalf("pretty output is another document:\n%s\n%s", compacted.String(), mem.String())
	}
}

func TestCountNoun(t *testing.T) {
	for _, tc := range []struct {
		n          int
		what, want string
	}{
		{1, "timing lines", "timing line"},
		{2, "timing lines", "timing lines"},
		{1, "NUL bytes", "NUL byte"},
		{1, "passed tests", "passed test"},
		{1, "jest --json document lines", "jest --json document line"},
		{1, "matches", "match"},
		{1, "boxes", "box"},
		{1, "unchanged diff", "unchanged diff"},
		{1, "progress", "progress"},
		{0, "frames", "frames"},
		// Keys whose last word is not what makes them plural.
		{1, "detail lines of problems", "detail line of problems"},
		{1, "repeated failure summaries", "repeated failure summary"},
		{1, "output lines of other tests", "output line of other tests"},
		{1, "problems suppressed by eslint-disable comments", "problem suppressed by eslint-disable comments"},
	} {
		if got := countNoun(tc.n, tc.what); got != tc.want {
			t.Errorf("countNoun(%d, %q) = %q, want %q", tc.n, tc.what, got, tc.want)
		}
	}
}
