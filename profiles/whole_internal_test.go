package profiles

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/terse-dev/terse/report"
)

// wholeWindows are the pages the whole-shaping tests compare.
var wholeWindows = []report.Window{{Limit: 1}, {Limit: 3}, {Offset: 2, Limit: 2}, {Offset: 5, Limit: 20}, {Limit: 20}}

// pageDiff shapes data with p as terse run's first pass does (Whole, then
// PageOf) and with the window, and says how the two pages differ ("" for
// not at all; every exported field of the report is compared).
func pageDiff(t *testing.T, set *Set, p *Profile, data []byte, win report.Window) string {
	t.Helper()
	want, err := set.Shape(bytes.NewReader(data), p, Options{Window: win})
	if err != nil {
		t.Fatal(err)
	}
	whole, err := set.Shape(bytes.NewReader(data), p, Options{Window: win, Whole: true})
	if err != nil {
		t.Fatal(err)
	}
	if !whole.Whole {
		// Not text of one tool (empty, binary, JSON): shaped with the
		// window, as asked.
		return "not shaped whole"
	}
	if whole.Report == nil || want.Report == nil {
		return fmt.Sprintf("report %v whole, %v windowed", whole.Report != nil, want.Report != nil)
	}
	defer want.Report.Close()
	defer whole.Report.Close()
	page, err := whole.Report.PageOf(win)
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	a, b := reportJSON(t, page), reportJSON(t, want.Report)
	if a != b {
		return fmt.Sprintf("paged from the whole report:\n%s\nshaped with the window:\n%s", a, b)
	}
	return ""
}

// reportJSON is r with its failures (those spilled too) as JSON.
func reportJSON(t *testing.T, r *report.Report) string {
	t.Helper()
	var all []report.Failure
	if err := r.Each(func(f report.Failure) error { all = append(all, f); return nil }); err != nil {
		t.Fatal(err)
	}
	c := *r
	c.Failures = all
	data, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// terse run shapes its output whole and pages it itself: for every profile
// whose parser is in wholeParsers (a linter's aside: forText), on every
// text capture, each page is the one shaping with its window gives, field
// for field.
func TestWholePagesAsTheWindow(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, pc := range profileCaptures(t, set, "*.txt") {
		if !wholeParsers[pc.prof.Text.Parser] || pc.prof.Text.Lint != nil {
			continue
		}
		for i, data := range pc.files {
			for _, win := range wholeWindows {
				if d := pageDiff(t, set, pc.prof, data, win); d != "" {
					t.Errorf("%s capture %d, window %+v: %s", pc.prof.Name, i, win, d)
				}
				pages++
			}
		}
	}
	t.Logf("%d pages compared", pages)
	// 440 here, the linters' captures aside (580 with them).
	if pages < 400 {
		t.Errorf("%d pages compared: the captures were not found", pages)
	}
}

// The parsers left out of wholeParsers page their own way: shaped whole
// and paged, at least one of their captures comes out otherwise (which is
// why they are left out, and what the test above would catch).
func TestWholeLeavesOutPagedParsers(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"gotest", "pytest"} {
		p, _ := set.Get(name)
		if wholeParsers[p.Text.Parser] {
			t.Fatalf("%s's parser is in wholeParsers", name)
		}
		differ := 0
		for _, pc := range profileCaptures(t, set, "*.txt") {
			if pc.prof != p {
				continue
			}
			for _, data := range pc.files {
				if forced(p, func() bool { return pageDiff(t, set, p, data, report.Window{Limit: 3}) != "" }) {
					differ++
				}
			}
		}
		if differ == 0 {
			t.Errorf("%s: every capture pages as the window does: it may join wholeParsers", name)
		}
	}
}

// forced runs f with p's parser in wholeParsers for the while.
func forced(p *Profile, f func() bool) bool {
	was, had := wholeParsers[p.Text.Parser]
	wholeParsers[p.Text.Parser] = true
	defer func() {
		if had {
			wholeParsers[p.Text.Parser] = was
		} else {
			delete(wholeParsers, p.Text.Parser)
		}
	}()
	return f()
}

// FuzzWholePages: on any input, each profile of wholeParsers pages its
// whole report as shaping with the window does.
//
//	go test ./profiles -run '^$' -fuzz FuzzWholePages -fuzztime 60s
func FuzzWholePages(f *testing.F) {
	fuzzPages(f, byParser(wholeParsers), pageDiff, "not shaped whole")
}

// byParser keeps the profiles whose parser is one of parsers.
func byParser(parsers map[string]bool) func(*Profile) bool {
	return func(p *Profile) bool { return parsers[p.Text.Parser] }
}

// fuzzPages fuzzes diff on the profiles keep takes, with seeds from their
// captures: any input, any of them, a window of up to 7 from up to 7; a
// difference but skip fails.
func fuzzPages(f *testing.F, keep func(*Profile) bool, diff func(*testing.T, *Set, *Profile, []byte, report.Window) string, skip string) {
	set, err := Builtin()
	if err != nil {
		f.Fatal(err)
	}
	var profs []*Profile
	for _, p := range set.All() {
		if keep(p) {
			profs = append(profs, p)
		}
	}
	for i, pc := range profileCaptures(f, set, "*.txt") {
		if keep(pc.prof) && len(pc.files) > 0 {
			// The first 4 kB: a seed the fuzzer can turn over quickly.
			f.Add(pc.files[0][:min(len(pc.files[0]), 4<<10)], uint8(i), uint8(1), uint8(2))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, prof, offset, limit uint8) {
		p := profs[int(prof)%len(profs)]
		win := report.Window{Offset: int(offset % 8), Limit: int(limit % 8)}
		if d := diff(t, set, p, data, win); d != "" && (skip == "" || d != skip) {
			t.Fatalf("%s, window %+v: %s", p.Name, win, d)
		}
	})
}

// A linter's profile is shaped with the window even when the whole run is
// asked for: with no page its sink would hold every warning in memory.
func TestWholeLeavesOutLinters(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	linters := 0
	for _, p := range set.All() {
		if p.Text.Lint == nil {
			continue
		}
		linters++
		win := report.Window{Limit: 20}
		if o, whole := (Options{Window: win, Whole: true}).forText(p); whole || o.Window != win {
			t.Errorf("%s: shaped whole (%v), window %+v", p.Name, whole, o.Window)
		}
	}
	if linters < 5 {
		t.Errorf("%d linters' profiles", linters)
	}
}

// everyDiff is everyDiffAsked for the page win with the whole list beside
// it, as terse run asks (Whole).
func everyDiff(t *testing.T, set *Set, p *Profile, data []byte, win report.Window) string {
	t.Helper()
	return everyDiffAsked(t, set, p, data, Options{Window: win, Whole: true})
}

// everyDiffAsked shapes data with p as ask asks, a page with the list of
// every failure beside it (Whole, as terse run does, or EveryMax, as a pipe
// does), and says how what it gives differs from shaping with the window
// alone (the page) and with no window (Outcome.All); "" for not at all.
func everyDiffAsked(t *testing.T, set *Set, p *Profile, data []byte, ask Options) string {
	t.Helper()
	win := ask.Window
	got, err := set.Shape(bytes.NewReader(data), p, ask)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Report.Close()
	defer got.All.Close()
	want, err := set.Shape(bytes.NewReader(data), p, Options{Window: win})
	if err != nil {
		t.Fatal(err)
	}
	defer want.Report.Close()
	whole, err := set.Shape(bytes.NewReader(data), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Report.Close()
	switch {
	case got.Whole:
		return "shaped whole: its parser is in wholeParsers"
	case got.Report == nil || want.Report == nil || whole.Report == nil || got.JSONIn || got.Report.Tool != p.Name:
		// Not text of p's (empty, binary, JSON): shaped with the
		// window, as asked.
		if got.All != nil {
			return "a list of every failure beside no text shaped by " + p.Name
		}
		return ""
	case got.All == nil:
		return "no list of every failure"
	}
	if a, b := reportJSON(t, got.Report), reportJSON(t, want.Report); a != b {
		return fmt.Sprintf("the page shaped with the list beside it:\n%s\nshaped with the window alone:\n%s", a, b)
	}
	if a, b := failuresJSON(t, got.All), failuresJSON(t, whole.Report); a != b {
		return fmt.Sprintf("the list of every failure:\n%s\nshaped with no window:\n%s", a, b)
	}
	if got.All.Page.Total != want.Report.Page.Total {
		return fmt.Sprintf("the list counts %d failures, the page %d", got.All.Page.Total, want.Report.Page.Total)
	}
	return ""
}

// failuresJSON is r's failures (those spilled too) as JSON.
func failuresJSON(t *testing.T, r *report.Report) string {
	t.Helper()
	var all []report.Failure
	if err := r.Each(func(f report.Failure) error { all = append(all, f); return nil }); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// terse run shapes go test's output a page at a time, as asked, and records
// every failure of the run from the same pass: for every profile whose
// parser is in everyParsers, on every text capture, the page is the one
// shaping with its window alone gives, field for field, and the list beside
// it holds the failures shaping with no window gives, field for field.
func TestEveryIsTheWholeList(t *testing.T) {
	compareLists(t, 100, 20, byParser(everyParsers),
		func(win report.Window) Options { return Options{Window: win, Whole: true} })
}

// compareLists runs everyDiffAsked, with the options ask gives a window, on
// every window of every capture of the profiles of text captures that keep
// takes, and fails t unless it compared at least pages pages, paged of them
// with failures off them.
func compareLists(t *testing.T, pages, paged int, keep func(*Profile) bool, ask func(report.Window) Options) {
	t.Helper()
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	n, off := 0, 0
	for _, pc := range profileCaptures(t, set, "*.txt", "*.json") {
		if !keep(pc.prof) {
			continue
		}
		for i, data := range pc.files {
			for _, win := range wholeWindows {
				if d := everyDiffAsked(t, set, pc.prof, data, ask(win)); d != "" {
					t.Errorf("%s capture %d, window %+v: %s", pc.prof.Name, i, win, d)
				}
				n++
				if r, _ := set.Shape(bytes.NewReader(data), pc.prof, Options{Window: win}); r.Report != nil {
					if r.Report.Page.HasMore {
						off++ // failures off the page: the list holds more than it
					}
					r.Report.Close()
				}
			}
		}
	}
	t.Logf("%d pages compared, %d with failures off them", n, off)
	if n < pages || off < paged {
		t.Errorf("%d pages compared, %d with failures off them: the captures were not found", n, off)
	}
}

// A pipe asks for the list of every failure beside its page, up to
// Options.EveryMax of them (to gather the failures of one cause without
// shaping its input again), of every profile whose parser gives each
// failure whole: the page is as it was, and the list is the whole run's.
func TestEveryMaxIsTheWholeList(t *testing.T) {
	compareLists(t, 300, 100, func(p *Profile) bool {
		return (offPageParsers[p.Text.Parser] || everyParsers[p.Text.Parser]) && p.Text.Lint == nil
	},
		func(win report.Window) Options { return Options{Window: win, EveryMax: 10_000} })
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	// A linter's page puts its errors first: no list beside it.
	p, _ := set.Get("flake8")
	out, err := set.Shape(strings.NewReader("a.py:1:1: E1 x\nb.py:2:1: W2 y\n"), p, Options{Window: report.Window{Limit: 1}, EveryMax: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer out.Report.Close()
	if out.All != nil {
		t.Errorf("a list of every failure beside a linter's page")
	}
}

// The list beside a page stops holding failures at Options.WholeMax, and
// still counts them all; those it holds are whole.
func TestEveryHoldsUpToWholeMax(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	p, _ := set.Get("gotest")
	for _, pc := range profileCaptures(t, set, "*.txt") {
		if pc.prof != p {
			continue
		}
		for _, data := range pc.files {
			out, err := set.Shape(bytes.NewReader(data), p, Options{Window: report.Window{Limit: 1}, Whole: true, WholeMax: 2})
			if err != nil {
				t.Fatal(err)
			}
			if out.Report == nil || out.Report.Page.Total <= 2 {
				out.Report.Close()
				out.All.Close()
				continue
			}
			if n := out.All.Shown(); n != 2 || out.All.Page.Total != out.Report.Page.Total {
				t.Errorf("the list holds %d failures and counts %d, of %d", n, out.All.Page.Total, out.Report.Page.Total)
			}
			// Those it holds are whole, though the text of the failures
			// past them was not kept for it.
			first, err := set.Shape(bytes.NewReader(data), p, Options{Window: report.Window{Limit: 2}})
			if err != nil {
				t.Fatal(err)
			}
			if a, b := failuresJSON(t, out.All), failuresJSON(t, first.Report); a != b {
				t.Errorf("the list holds\n%s\nnot the first two failures\n%s", a, b)
			}
			first.Report.Close()
			out.Report.Close()
			out.All.Close()
			return
		}
	}
	t.Fatal("no go test capture with more than 2 failures")
}

// FuzzEveryList: on any input, each profile of everyParsers gives the page
// its window gives, and beside it every failure shaping with no window
// gives.
//
//	go test ./profiles -run '^$' -fuzz FuzzEveryList -fuzztime 60s
func FuzzEveryList(f *testing.F) {
	fuzzPages(f, byParser(everyParsers), everyDiff, "")
}

// FuzzEveryMaxList: on any input, each profile of offPageParsers and
// everyParsers gives a pipe the page its window gives, and beside it every
// failure shaping with no window gives; a linter's gives no list.
//
//	go test ./profiles -run '^$' -fuzz FuzzEveryMaxList -fuzztime 60s
func FuzzEveryMaxList(f *testing.F) {
	parsers := map[string]bool{}
	for _, m := range []map[string]bool{offPageParsers, everyParsers} {
		for k := range m {
			parsers[k] = true
		}
	}
	fuzzPages(f, byParser(parsers), func(t *testing.T, set *Set, p *Profile, data []byte, win report.Window) string {
		ask := Options{Window: win, EveryMax: 10_000}
		if p.Text.Lint == nil {
			return everyDiffAsked(t, set, p, data, ask)
		}
		out, err := set.Shape(bytes.NewReader(data), p, ask)
		if err != nil {
			t.Fatal(err)
		}
		out.Report.Close()
		if out.All != nil {
			out.All.Close()
			return "a list of every failure beside a linter's page"
		}
		return ""
	}, "")
}
