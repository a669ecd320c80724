package report

import (
	"fmt"
	"testing"
)

// whole is a report of n failures shaped with no limit (those past
// memFailures spilled), with a note and an omission of its own.
func whole(t *testing.T, n, memFailures int) *Report {
	t.Helper()
	b := NewBuilder("jest", Window{})
	b.MemFailures = memFailures
	for i := range n {
		b.AddFailure(Failure{Kind: KindAssertion, Name: fmt.Sprintf("test %d", i)})
	}
	b.Note("a note")
	b.Omit("stack frames", 7)
	return b.Finish()
}

// names are the names of r's failures, in order, spilled ones included.
func names(t *testing.T, r *Report) []string {
	t.Helper()
	var out []string
	if err := r.Each(func(f Failure) error { out = append(out, f.Name); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

// PageOf is the page a Builder with the window keeps, from a report of
// every failure, spilled ones included, and leaves that report whole.
func TestPageOf(t *testing.T) {
	for _, c := range []struct {
		n    int
		win  Window
		want []string
		more bool
	}{
		{5, Window{Limit: 2}, []string{"test 0", "test 1"}, true},
		{5, Window{Offset: 3, Limit: 2}, []string{"test 3", "test 4"}, false},
		{5, Window{Offset: 4, Limit: 20}, []string{"test 4"}, false},
		{5, Window{Offset: 9, Limit: 2}, nil, false},
		{12, Window{Offset: 8, Limit: 3}, []string{"test 8", "test 9", "test 10"}, true}, // from the spill
	} {
		all := whole(t, c.n, 4)
		page, err := all.PageOf(c.win)
		if err != nil {
			t.Fatal(err)
		}
		if got := names(t, page); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%d failures, %+v: page %q, want %q", c.n, c.win, got, c.want)
		}
		wantPage := Page{Total: c.n, Limit: c.win.Limit, Offset: c.win.Offset, HasMore: c.more}
		if page.Page != wantPage {
			t.Errorf("%d failures, %+v: Page %+v, want %+v", c.n, c.win, page.Page, wantPage)
		}
		if fmt.Sprint(page.Notes, page.Omitted) != fmt.Sprint(all.Notes, all.Omitted) {
			t.Errorf("notes and omissions %v %v, want the whole report's %v %v", page.Notes, page.Omitted, all.Notes, all.Omitted)
		}
		page.Close()
		if got := len(names(t, all)); got != c.n {
			t.Errorf("the whole report holds %d failures after PageOf and its page's Close, want %d", got, c.n)
		}
		all.Close()
	}
}

// A page larger than a report holds in memory goes on to disk, as a
// Builder's does (--limit 0 on a run of many thousands of failures).
func TestPageOfSpills(t *testing.T) {
	all := whole(t, MemFailures+50, 100)
	defer all.Close()
	page, err := all.PageOf(Window{})
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	if len(page.Failures) != MemFailures || page.spill == nil || page.spill.count != 50 {
		t.Fatalf("%d failures in memory and %v spilled, want %d and 50", len(page.Failures), page.spill, MemFailures)
	}
	if got := names(t, page); len(got) != MemFailures+50 || got[MemFailures+49] != fmt.Sprintf("test %d", MemFailures+49) {
		t.Errorf("page of %d failures ending %q", len(got), got[len(got)-1])
	}
}

// A merged report of several tools' runs, or the generic cleaner's page of
// lines, pages its own way: PageOf says so rather than page it wrong.
func TestPageOfRefuses(t *testing.T) {
	lines := &Report{Tool: "generic", LineItems: 3}
	if _, err := lines.PageOf(Window{Limit: 1}); err == nil {
		t.Error("PageOf paged the generic cleaner's lines")
	}
	merged := Merge([]*Report{whole(t, 3, 10), whole(t, 2, 10)}, Window{})
	defer merged.Close()
	if _, err := merged.PageOf(Window{Limit: 1}); err == nil {
		t.Error("PageOf paged a merge of two runs")
	}
}

// A page that ends among the failures held in memory is cut from them, the
// spilled ones counted and not read back: here the spill's file is closed,
// so a page that read it would fail. One that reaches the spill says so.
func TestPageOfInMemory(t *testing.T) {
	all := whole(t, 40, 10)
	defer all.Close()
	all.spill.f.Close()
	page, err := all.PageOf(Window{Offset: 3, Limit: 7})
	if err != nil {
		t.Fatalf("a page of the failures in memory read the spill: %v", err)
	}
	if got := names(t, page); fmt.Sprint(got) != fmt.Sprint([]string{"test 3", "test 4", "test 5", "test 6", "test 7", "test 8", "test 9"}) {
		t.Errorf("page %q", got)
	}
	if want := (Page{Total: 40, Limit: 7, Offset: 3, HasMore: true}); page.Page != want {
		t.Errorf("Page %+v, want %+v", page.Page, want)
	}
	if _, err := all.PageOf(Window{Offset: 5, Limit: 6}); err == nil {
		t.Error("a page that reaches the spill was made without reading it")
	}
}

// Held counts every failure Each walks, spilled ones and a merge's parts
// included, and no line of the generic cleaner's.
func TestHeld(t *testing.T) {
	spilt := whole(t, 25, 4)
	defer spilt.Close()
	if spilt.Held() != 25 {
		t.Errorf("Held %d, want 25", spilt.Held())
	}
	merged := Merge([]*Report{whole(t, 7, 3), whole(t, 2, 10), {Tool: "generic", LineItems: 5}}, Window{})
	defer merged.Close()
	if got, walked := merged.Held(), len(names(t, merged)); got != 9 || walked != 9 {
		t.Errorf("merged: Held %d, Each walked %d, want 9", got, walked)
	}
}

// Uncount takes lines back from an omission, and drops it at none.
func TestUncount(t *testing.T) {
	r := &Report{Omitted: []Omission{{What: "lines", Count: 7}, {What: "frames", Count: 2}}}
	r.Uncount("lines", 5)
	r.Uncount("nothing", 3)
	if fmt.Sprint(r.Omitted) != "[{lines 2} {frames 2}]" {
		t.Fatalf("omitted %v", r.Omitted)
	}
	r.Uncount("lines", 9)
	if fmt.Sprint(r.Omitted) != "[{frames 2}]" {
		t.Fatalf("omitted %v", r.Omitted)
	}
}
