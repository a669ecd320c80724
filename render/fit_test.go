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
	if !strings.Contains(got, `--- a_test.go:4 "T03"`) || strings.Contains(got, `--- a_test.go:5 "T04"`) {
		t.Errorf("want T00-T03 shown (each block is ~420 characters):\n%s", got)
	}
	// The six cut are named, one line each.
	if !strings.Contains(got, "\nnot on this page:\n"+`a_test.go:5 "T04"`+"\n") || !strings.Contains(got, `a_test.go:10 "T09"`+"\n… 6 more") {
		t.Errorf("want T04-T09 named:\n%s", got)
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

// A first line too big for the budget on its own (a long line the generic
// cleaner keeps) keeps its start, as much of it as fits, cut on a
// character boundary, rather than leaving a page that shows nothing.
func TestCutLinesKeepsTheStartOfALongFirstLine(t *testing.T) {
	long := strings.Repeat("é", 3000) + "\n"
	for _, budget := range []int{60, 61, 100, 997} {
		got := cutLines(long+"second\n", budget, "line", "lines", chars)
		if n := chars(got); n > budget {
			t.Errorf("budget %d: %d characters", budget, n)
		}
		head, rest, _ := strings.Cut(got, "\n")
		if !utf8.ValidString(head) || !strings.HasSuffix(head, lineCutMark) || !strings.HasPrefix(head, "é") {
			t.Errorf("budget %d: first line %q, want the start of the long line, cut", budget, head)
		}
		if rest != "… 1 more line cut to fit\n" {
			t.Errorf("budget %d: then %q, want the count of the line left", budget, rest)
		}
		// One more character would not have fit.
		kept := strings.Count(head, "é")
		more := strings.Repeat("é", kept+1) + lineCutMark + "\n" + rest
		if chars(more) <= budget {
			t.Errorf("budget %d: kept %d characters of the line, %d fit", budget, kept, kept+1)
		}
	}
	if got := cutLines(long, 10, "line", "lines", chars); got != "… 1 more line cut to fit\n" {
		t.Errorf("a budget that holds no character of it: %q, want the count alone", got)
	}
}

// FuzzLineStart: the start lineStart keeps fits its budget, is the line's
// own start cut on a character boundary, and is "" only when not even one
// character fits.
//
//	go test ./render -run '^$' -fuzz FuzzLineStart -fuzztime 30s
func FuzzLineStart(f *testing.F) {
	f.Add("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", 30)
	f.Add("ééééééééééééééééééééééééé", 21)
	f.Add("a✖b\xffc", 22)
	f.Fuzz(func(t *testing.T, l string, budget int) {
		got := lineStart(l, budget, chars)
		line := strings.TrimSuffix(l, "\n")
		if got == "" {
			first := line
			if _, n := utf8.DecodeRuneInString(line); n > 0 {
				first = line[:n]
			}
			if line != "" && chars(first+lineCutMark+"\n") <= budget {
				t.Fatalf("lineStart(%q, %d) kept nothing, %q fits", l, budget, first)
			}
			return
		}
		kept, ok := strings.CutSuffix(got, lineCutMark+"\n")
		if !ok || !strings.HasPrefix(line, kept) || kept == "" {
			t.Fatalf("lineStart(%q, %d) = %q: not a start of the line, marked", l, budget, got)
		}
		i := 0
		for i < len(kept) {
			_, n := utf8.DecodeRuneInString(line[i:])
			i += n
		}
		if i != len(kept) {
			t.Fatalf("lineStart(%q, %d) = %q: cut inside a character", l, budget, got)
		}
		if chars(got) > budget {
			t.Fatalf("lineStart(%q, %d) = %q: %d characters", l, budget, got, chars(got))
		}
	})
}

// A failure's block starts with a blank line: its header, too big for the
// budget, keeps its start after it, so the page names the failure it cut.
func TestCutLinesKeepsTheStartOfAFailuresHeader(t *testing.T) {
	block := "\n--- " + strings.Repeat("a", 200) + "\nmessage\n"
	const budget = 100
	after := "… 1 more line of this failure cut to fit\n"
	// The blank line, the header's start and its mark, and the count.
	n := budget - 1 - chars("--- "+lineCutMark+"\n") - chars(after)
	got := cutLines(block, budget, "line of this failure", "lines of this failure", chars)
	want := "\n--- " + strings.Repeat("a", n) + lineCutMark + "\n" + after
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// The first failure of a page is always shown: under a budget its header
// does not fit in (the page's head and tail take it all), the header stays
// whole, over the budget, since the next page starts after it. It was cut
// to a count of its lines, and no page named it.
func TestCutFailureKeepsItsHeader(t *testing.T) {
	block := "\n--- a_test.go:13 \"cart › computes the total\"\nexpected: 11\nreceived: 10\n"
	for _, budget := range []int{-50, 0, 10} {
		want := "\n--- a_test.go:13 \"cart › computes the total\"\n… 2 more lines of this failure cut to fit\n"
		if got := cutFailure(block, budget, chars); got != want {
			t.Errorf("budget %d: got %q, want %q", budget, got, want)
		}
	}
	// With room for it, the cut is cutLines'.
	if got, want := cutFailure(block, 200, chars), cutLines(block, 200, "line of this failure", "lines of this failure", chars); got != want {
		t.Errorf("budget 200: got %q, want cutLines' %q", got, want)
	}
}

// A page fitted to N lines (terse run --max-lines N, for `| tail -N`) is at
// most N lines, status line first, the rest counted with the next page.
func TestLineFitFitsTheLines(t *testing.T) {
	for _, n := range []int{8, 12, 30} {
		var b bytes.Buffer
		fit := LineFit(n, func(o, l int) string { return fmt.Sprintf("next %d %d", o, l) })
		if err := LLM(&b, fitReport(20, 10), Hints{Next: "unused", Fit: fit}); err != nil {
			t.Fatal(err)
		}
		got := b.String()
		if lines := strings.Count(got, "\n"); lines > n {
			t.Errorf("%d lines for a budget of %d:\n%s", lines, n, got)
		}
		if !strings.HasPrefix(got, "FAIL 20/20\n") || !strings.Contains(got, "(shown 1-") || !strings.Contains(got, "page cut to "+fmt.Sprint(n)+" lines); next page: next ") {
			t.Errorf("budget %d:\n%s", n, got)
		}
	}
	if LineSize("a\nb\n") != 2 || LineSize("a\nb") != 2 || LineSize("") != 0 {
		t.Errorf("LineSize")
	}
}
