package render

import (
	"bytes"
	"fmt"
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

func groupReport() *report.Report {
	te := func(file, name, msg string) report.Failure {
		return report.Failure{Kind: report.KindError, File: file, Line: 8, Name: name, Message: msg,
			Frames: []report.Frame{{Func: "connect", File: "src/db.js", Line: 31}}}
	}
	return &report.Report{Tool: "jest", Status: "FAIL", Tests: report.Counts{Total: 9, Failed: 4, Passed: 5},
		Failures: []report.Failure{
			te("a.test.js", "inserts", "connect ECONNREFUSED 127.0.0.1:5432"),
			{Kind: report.KindAssertion, File: "b.test.js", Line: 3, Name: "adds", Message: "expect(received).toBe(expected)", Expected: "5", Received: "4"},
			te("a.test.js", "reads", "connect ECONNREFUSED 127.0.0.1:5432"),
			te("c.test.js", "deletes", "connect ECONNREFUSED 127.0.0.1:5433"),
		},
		Page: report.Page{Total: 4, Limit: 20},
	}
}

func TestLLMGroup(t *testing.T) {
	var b bytes.Buffer
	if err := LLM(&b, groupReport(), Hints{Group: true}); err != nil {
		t.Fatal(err)
	}
	// The failure of another port is another reason: it is shown in
	// full, in its place, not as a member of the group.
	want := `FAIL 4/9

--- [×2] connect ECONNREFUSED 127.0.0.1:5432
  at connect (src/db.js:31)
a.test.js:
  :8 "inserts"
  :8 "reads"

--- b.test.js:3 "adds"
expect(received).toBe(expected)
expected: 5
received: 4

--- c.test.js:8 "deletes"
connect ECONNREFUSED 127.0.0.1:5433
  at connect (src/db.js:31)
`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	b.Reset()
	LLM(&b, groupReport(), Hints{})
	if strings.Contains(b.String(), "[×") || strings.Count(b.String(), "\n--- ") != 4 {
		t.Errorf("without Group:\n%s", b.String())
	}
}

// A page cut to fit is never grouped: the next page's offset would skip
// the failures a group gathered from further down.
func TestFitUngroupsACutPage(t *testing.T) {
	var b bytes.Buffer
	h := Hints{Group: true, Fit: &Fit{Fail: 170, Pass: 170, Why: "cut", NextAt: func(o, l int) string { return fmt.Sprintf("next %d %d", o, l) }}}
	if err := LLM(&b, groupReport(), h); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	if strings.Contains(got, "[×") || !strings.Contains(got, "; cut); next ") {
		t.Errorf("cut page:\n%s", got)
	}
	// Fitting whole, it is grouped.
	b.Reset()
	h.Fit.Fail = 10_000
	LLM(&b, groupReport(), h)
	if !strings.Contains(b.String(), "--- [×2] ") {
		t.Errorf("whole page:\n%s", b.String())
	}
}

// A group's members in one file are written under the file, without the
// start of the name they all share, cut at a separator so that no word is
// cut, and never leaving a name empty.
func TestNamePrefix(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"profile › displayName of user 1", "profile › displayName of Ada"}, "profile › displayName of "},
		{[]string{"account › emailDomain of Ada", "account › emailDomain is lower case"}, "account › emailDomain "},
		{[]string{"TestParse/empty", "TestParse/nested"}, "TestParse/"},
		{[]string{"inserts", "reads"}, ""},
		{[]string{"a b", "a c"}, ""},              // too short to be worth it
		{[]string{"suite › ", "suite › one"}, ""}, // would leave the first name empty
		{[]string{"test_api.py::test_get", "test_api.py::test_gets"}, "test_api.py::"},
	} {
		if got := namePrefix(c.names); got != c.want {
			t.Errorf("namePrefix(%q) = %q, want %q", c.names, got, c.want)
		}
	}
}

func TestLLMGroupSharedNameStart(t *testing.T) {
	r := groupReport()
	r.Failures[0].Name, r.Failures[2].Name = "db › inserts a row", "db › reads a row"
	var b bytes.Buffer
	if err := LLM(&b, r, Hints{Group: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "a.test.js \"db › …\":\n  :8 \"inserts a row\"\n  :8 \"reads a row\"\n") {
		t.Errorf("members under their file without the shared start:\n%s", b.String())
	}
}
