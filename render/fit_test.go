package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/terse-dev/terse/report"
)

func fitReport(n, msgLen int) *report.Report {
	r := &report.Report{Status: "FAIL", Tests: report.Counts{Total: n, Failed: n},
		Page: report.Page{Total: n, Limit: n}}
	for i := 0; i < n; i++ {
		r.Failures = append(r.Failures, report.Failure{File: "a_test.go", Line: i + 1,
			Name: fmt.Sprintf("T%02d", i), Message: strings.Repeat("é", msgLen)})
	}
	return r
}

// A page cut to the budget shows whole failures, counts the rest and names
// the command for them, and never passes the budget.
func TestFitCutsThePage(t *testing.T) {
	fit := &Fit{Fail: 2000, Pass: 100, Why: "cut to fit", NextAt: func(o, l int) string { return fmt.Sprintf("next %d %d", o, l) }}
	var b bytes.Buffer
	if err := LLM(&b, fitReport(10, 400), Hints{Next: "unused", Fit: fit}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	if n := utf8.RuneCountInString(got); n > 2000 {
		t.Errorf("%d characters over a budget of 2000:\n%s", n, got)
	}
	if !strings.Contains(got, `"T03"`) || strings.Contains(got, `"T04"`) {
		t.Errorf("want T00-T03 shown (each block is ~420 characters):\n%s", got)
	}
	if !strings.HasSuffix(got, "… 6 more failures (shown 1-4 of 10; cut to fit); next page: next 4 4\n") {
		t.Errorf("last line:\n%s", got)
	}
	// A page that fits is the page as without a budget.
	var whole, plain bytes.Buffer
	_ = LLM(&whole, fitReport(3, 10), Hints{Next: "n", Fit: fit})
	_ = LLM(&plain, fitReport(3, 10), Hints{Next: "n"})
	if whole.String() != plain.String() {
		t.Errorf("a page within budget changed:\n%s\nwant\n%s", whole.String(), plain.String())
	}
}

// One failure bigger than the budget: shown cut, never dropped.
func TestFitCutsOneHugeFailure(t *testing.T) {
	r := fitReport(2, 10)
	for i := 0; i < 300; i++ {
		r.Failures[0].Details = append(r.Failures[0].Details, strings.Repeat("d", 60))
	}
	var b bytes.Buffer
	fit := &Fit{Fail: 3000, Why: "cut to fit", NextAt: func(o, l int) string { return fmt.Sprintf("next %d %d", o, l) }}
	if err := LLM(&b, r, Hints{Fit: fit}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	if n := utf8.RuneCountInString(got); n > 3000 {
		t.Errorf("%d characters over 3000", n)
	}
	for _, want := range []string{`"T00"`, "more lines of this failure cut to fit", "… 1 more failure (shown 1-1 of 2; cut to fit); next page: next 1 1"} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
}

// The line that counts what a cut left out says "line" for one.
func TestCutLinesCountsInTheSingular(t *testing.T) {
	got := cutLines("aaaa\nbbbb\n", 50, "line of this failure", "lines of this failure", chars)
	if want := "… 1 more line of this failure cut to fit\n"; !strings.HasSuffix(got, want) {
		t.Errorf("got %q, want it to end in %q", got, want)
	}
}
