package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/terse-dev/terse/report"
)

func deltaReport() *report.Report {
	r := &report.Report{Tool: "jest", Status: "FAIL", Tests: report.Counts{Total: 83, Failed: 3, Passed: 80},
		Failures: []report.Failure{
			{Kind: "assertion", File: "a.test.js", Line: 4, Name: "old one", Message: "expected 1", Expected: "1", Received: "2"},
			{Kind: "assertion", File: "b.test.js", Line: 9, Name: "new one", Message: "expected 3"},
			{Kind: "assertion", File: "c.test.js", Line: 2, Name: "old two", Message: "boom"},
		},
		Page:  report.Page{Total: 3, Limit: 20},
		Delta: &report.Delta{Since: 41, New: 1, Fixed: 2, Unchanged: 2, FixedNames: []string{"x", "y"}, Show: "terse show 42 --only unchanged"},
	}
	r.SetChange(func(f report.Failure) string {
		if strings.HasPrefix(f.Name, "old") {
			return report.ChangeUnchanged
		}
		return report.ChangeNew
	})
	return r
}

func TestLLMDelta(t *testing.T) {
	var b bytes.Buffer
	if err := LLM(&b, deltaReport(), Hints{}); err != nil {
		t.Fatal(err)
	}
	want := `FAIL 3/83 (since run 41: 1 new, 2 fixed, 2 unchanged)

--- b.test.js:9 "new one"
expected 3

unchanged (in full: terse show 42 --only unchanged):
a.test.js:4 "old one"
c.test.js:2 "old two"

fixed since run 41: "x", "y"
`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// Fitted to a budget, the page is in the same order.
func TestLLMDeltaFit(t *testing.T) {
	var b bytes.Buffer
	if err := LLM(&b, deltaReport(), Hints{Fit: &Fit{Fail: 10_000, Pass: 10_000}}); err != nil {
		t.Fatal(err)
	}
	var plain bytes.Buffer
	LLM(&plain, deltaReport(), Hints{})
	if b.String() != plain.String() {
		t.Errorf("fitted:\n%s\nplain:\n%s", b.String(), plain.String())
	}
}

func TestJSONDelta(t *testing.T) {
	var b bytes.Buffer
	if err := JSON(&b, deltaReport(), Hints{}, false); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		`"delta":{"since":41,"new":1,"fixed":2,"unchanged":2,"fixedNames":["x","y"],"show":"terse show 42 --only unchanged"}`,
		// The tool's order; an unchanged failure is named, no more.
		`"failures":[{"kind":"assertion","file":"a.test.js","line":4,"name":"old one","change":"unchanged"},` +
			`{"kind":"assertion","file":"b.test.js","line":9,"name":"new one","message":"expected 3","change":"new"},`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("JSON lacks %s:\n%s", want, got)
		}
	}
}

// Without a delta nothing changes: no suffix, every failure in full.
func TestNoDeltaNoChange(t *testing.T) {
	r := deltaReport()
	r.Delta = nil
	r.SetChange(nil)
	var b bytes.Buffer
	LLM(&b, r, Hints{})
	if strings.Contains(b.String(), "since") || strings.Count(b.String(), "\n--- ") != 3 {
		t.Errorf("without delta:\n%s", b.String())
	}
}
