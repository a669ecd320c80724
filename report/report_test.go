package report

import (
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
)

func TestBuilderPageAndCounts(t *testing.T) {
	b := NewBuilder("x", Window{Offset: 2, Limit: 3})
	for i := 0; i < 10; i++ {
		b.AddFailure(Failure{Kind: KindAssertion, Name: fmt.Sprint(i)})
	}
	b.AddFailure(Failure{Kind: KindSuite, Name: "suite"})
	b.Omit("frames", 2)
	b.Omit("frames", 3)
	b.Omit("nothing", 0)
	r := b.Finish()
	if len(r.Failures) != 3 || r.Failures[0].Name != "2" || r.Failures[2].Name != "4" {
		t.Fatalf("page = %+v", r.Failures)
	}
	if r.Page != (Page{Total: 11, Limit: 3, Offset: 2, HasMore: true}) {
		t.Fatalf("page = %+v", r.Page)
	}
	if r.Status != "FAIL" || r.Tests.Failed != 10 || r.Tests.Total != 10 {
		t.Fatalf("no summary: status %s tests %+v (suite failures are not failing tests)", r.Status, r.Tests)
	}
	if len(r.Omitted) != 1 || r.OmittedCount("frames") != 5 {
		t.Fatalf("omitted = %+v", r.Omitted)
	}
}

func TestBuilderStatus(t *testing.T) {
	pass := NewBuilder("x", Window{})
	pass.AddTests(Counts{Total: 3, Passed: 3})
	if s := pass.Finish().Status; s != "PASS" {
		t.Fatalf("status %s", s)
	}
	none := NewBuilder("x", Window{})
	if s := none.Finish().Status; s != "NONE" {
		t.Fatalf("status %s", s)
	}
	suite := NewBuilder("x", Window{})
	suite.AddTests(Counts{Total: 2, Passed: 2})
	suite.AddSuites(Counts{Total: 3, Errors: 1})
	if s := suite.Finish().Status; s != "FAIL" {
		t.Fatalf("a suite that failed to run must fail the run, got %s", s)
	}
}

// A page larger than the memory budget spills to disk and reads back whole
// and in order.
func TestSpill(t *testing.T) {
	b := NewBuilder("x", Window{})
	b.MemFailures = 4
	for i := 0; i < 25; i++ {
		b.AddFailure(Failure{Kind: KindError, Name: fmt.Sprint(i), Line: i, Frames: []Frame{{File: "a.js", Line: i}}})
	}
	r := b.Finish()
	defer r.Close()
	if len(r.Failures) != 4 || r.Shown() != 25 {
		t.Fatalf("in memory %d, shown %d", len(r.Failures), r.Shown())
	}
	i := 0
	err := r.Each(func(f Failure) error {
		if f.Name != fmt.Sprint(i) || f.Line != i || f.Frames[0].Line != i {
			return fmt.Errorf("failure %d read back as %+v", i, f)
		}
		i++
		return nil
	})
	if err != nil || i != 25 {
		t.Fatalf("read %d: %v", i, err)
	}
	// A second pass reads the same.
	j := 0
	if err := r.Each(func(Failure) error { j++; return nil }); err != nil || j != 25 {
		t.Fatalf("second pass read %d: %v", j, err)
	}
}

// EachView walks the failures Each does, field for field, those read back
// from disk as views of a buffer used again for the next.
func TestEachView(t *testing.T) {
	b := NewBuilder("x", Window{})
	b.MemFailures = 3
	for i := range 40 {
		f := Failure{Kind: KindAssertion, File: fmt.Sprintf("f%d.js", i), Line: i, Name: fmt.Sprint("t", i),
			Message: strings.Repeat("m", i*37), Expected: fmt.Sprint(i), Received: fmt.Sprint(-i)}
		// Lists of every length up to 4, and none, in turn.
		for k := range i % 5 {
			f.Diff = append(f.Diff, fmt.Sprintf("-%d.%d", i, k))
			f.Frames = append(f.Frames, Frame{Func: fmt.Sprint("fn", k), File: "a.js", Line: k, Col: i})
		}
		for k := range (i + 2) % 5 {
			f.Details = append(f.Details, fmt.Sprintf("at %d.%d", i, k))
		}
		b.AddFailure(f)
	}
	r := b.Finish()
	defer r.Close()
	var want []Failure
	if err := r.Each(func(f Failure) error { want = append(want, f); return nil }); err != nil || len(want) != 40 {
		t.Fatalf("Each read %d: %v", len(want), err)
	}
	i := 0
	err := r.EachView(func(f Failure) error {
		if !reflect.DeepEqual(f, want[i]) {
			return fmt.Errorf("failure %d read as views as\n%+v\nwant\n%+v", i, f, want[i])
		}
		i++
		return nil
	})
	if err != nil || i != 40 {
		t.Fatalf("EachView read %d: %v", i, err)
	}
}

// TestBuilderOmitInterleaved counts kinds of omission that come in turn and
// in runs (the last kind counted is remembered): each kind keeps its total
// and the place it was first seen.
func TestBuilderOmitInterleaved(t *testing.T) {
	b := NewBuilder("x", Window{})
	for _, w := range []string{"lines", "lines", "frames", "lines", "detail lines", "frames", "frames", "lines"} {
		b.Omit(w, 1)
	}
	b.Omit("frames", 0)
	b.OmitKey("lines", 2)
	r := b.Finish()
	want := []Omission{{What: "lines", Count: 6}, {What: "frames", Count: 3}, {What: "detail lines", Count: 1}}
	if fmt.Sprint(r.Omitted) != fmt.Sprint(want) {
		t.Fatalf("omitted = %+v, want %+v", r.Omitted, want)
	}
}

// A suite the tool marked failed fails the run even when none of its
// failures made it into the output (jest's "FAIL file", the rest cut off):
// never NONE, which says nothing ran.
func TestFailedSuiteFailsTheRun(t *testing.T) {
	b := NewBuilder("jest", Window{})
	b.AddSuites(Counts{Total: 1, Failed: 1})
	if r := b.Finish(); r.Status != StatusFail {
		t.Errorf("status %s, want %s", r.Status, StatusFail)
	}
	b = NewBuilder("jest", Window{})
	b.AddSuites(Counts{Total: 1, Passed: 1})
	if r := b.Finish(); r.Status != StatusNone {
		t.Errorf("a passed suite with no test: status %s, want %s", r.Status, StatusNone)
	}
}

// Red is set once the report is sure to fail, and only then: a test's
// failure or a failed count; a linter's problem leaves it to the lint
// summary (a warning may pass).
func TestBuilderRed(t *testing.T) {
	for _, c := range []struct {
		name string
		add  func(b *Builder)
		red  bool
	}{
		{"nothing", func(*Builder) {}, false},
		{"passed tests", func(b *Builder) { b.AddTests(Counts{Total: 3, Passed: 3}) }, false},
		{"a lint warning", func(b *Builder) { b.AddFailure(Failure{Kind: KindLint, Severity: "warning"}) }, false},
		{"a failed count", func(b *Builder) { b.AddTests(Counts{Total: 3, Failed: 1}) }, true},
		{"a failure", func(b *Builder) { b.AddFailure(Failure{Kind: KindAssertion}) }, true},
		{"marked", func(b *Builder) { b.MarkRed() }, true},
	} {
		b := NewBuilder("x", Window{Limit: 1})
		b.Red = new(atomic.Bool)
		c.add(b)
		if b.Red.Load() != c.red {
			t.Errorf("%s: Red %v, want %v", c.name, b.Red.Load(), c.red)
		}
		if r := b.Finish(); c.red && c.name != "marked" && r.Status != StatusFail {
			t.Errorf("%s: Red, and the report %s", c.name, r.Status)
		}
	}
	NewBuilder("x", Window{}).MarkRed() // no Red: nothing to set
}

// A summary with a total and no passed figure: what it does not count
// failed, skipped or to do passed, unless another summary gives a passed
// figure, or errors are counted (whether they are among the total differs
// by tool).
func TestAddTestsPassedUntold(t *testing.T) {
	cases := []struct {
		name  string
		build func(b *Builder)
		want  Counts
	}{
		{"clean run", func(b *Builder) { b.AddTestsPassedUntold(Counts{Total: 2}) }, Counts{Total: 2, Passed: 2}},
		{"failed and skipped on the same line", func(b *Builder) {
			b.AddTestsPassedUntold(Counts{Total: 13, Failed: 9, Skipped: 2})
		}, Counts{Total: 13, Passed: 2, Failed: 9, Skipped: 2}},
		{"failures on another line", func(b *Builder) {
			b.AddTestsPassedUntold(Counts{Total: 66})
			b.AddTests(Counts{Failed: 23})
		}, Counts{Total: 66, Passed: 43, Failed: 23}},
		{"a passed figure told elsewhere wins", func(b *Builder) {
			b.AddTestsPassedUntold(Counts{Total: 10})
			b.AddTests(Counts{Passed: 7, Failed: 1})
		}, Counts{Total: 10, Passed: 7, Failed: 1}},
		{"errors leave passed unsaid", func(b *Builder) {
			b.AddTestsPassedUntold(Counts{Total: 372, Failed: 3, Skipped: 54, Errors: 29})
		}, Counts{Total: 372, Failed: 3, Skipped: 54, Errors: 29}},
		{"a passed figure alone is not derived", func(b *Builder) {
			b.AddTests(Counts{Total: 5, Failed: 5})
		}, Counts{Total: 5, Failed: 5}},
	}
	for _, c := range cases {
		b := NewBuilder("t", Window{Limit: 20})
		c.build(b)
		if got := b.Finish().Tests; got != c.want {
			t.Errorf("%s: tests %+v, want %+v", c.name, got, c.want)
		}
	}
}

// A flaky test's failure keeps its place: on every page, the failures are
// those of the list without marks; it is said flaky on the page, past it
// and spilled to disk, and is no failed test.
func TestBuilderMarkFlaky(t *testing.T) {
	list := []Failure{
		{Kind: KindAssertion, File: "a.js", Line: 3, Name: "one"},
		{Kind: KindError, File: "a.js", Line: 9, Name: "flaky"},
		{Kind: KindAssertion, File: "b.js", Line: 4, Name: "two"},
		{Kind: KindAssertion, File: "b.js", Line: 8, Name: "three"},
	}
	for off := range len(list) + 1 {
		b := NewBuilder("t", Window{Offset: off, Limit: 1})
		// The whole list holds one failure in memory: the rest, the
		// flaky one among them, are spilled to disk.
		whole := NewBuilder("t", Window{})
		whole.MemFailures = 1
		b.Every = whole
		for _, f := range list {
			b.AddFailure(f)
		}
		b.AddTests(Counts{Total: 9, Passed: 6, Failed: 3, Flaky: 1})
		b.MarkFlaky("a.js", 9, "flaky")
		r := b.Finish()
		var page []Failure
		if err := r.Each(func(f Failure) error { page = append(page, f); return nil }); err != nil {
			t.Fatal(err)
		}
		want := list[min(off, len(list)):min(off+1, len(list))]
		if len(page) != len(want) || len(page) == 1 && (page[0].Name != want[0].Name || page[0].Flaky != (want[0].Name == "flaky")) {
			t.Errorf("offset %d: page %+v, want %+v, flaky marked", off, page, want)
		}
		if r.Page.Total != len(list) || r.Status != StatusFail || r.Tests.Failed != 3 {
			t.Errorf("offset %d: page %+v, status %s, tests %+v", off, r.Page, r.Status, r.Tests)
		}
		if off == 0 && (len(r.Past) == 0 || !r.Past[0].Flaky) {
			t.Errorf("offset 0: the flaky failure past the page is not said flaky: %+v", r.Past)
		}
		all := whole.Finish()
		n := 0
		if err := all.Each(func(f Failure) error {
			n++
			if f.Flaky != (f.Name == "flaky") {
				t.Errorf("the whole list: %+v", f)
			}
			return nil
		}); err != nil || n != len(list) || all.spill == nil {
			t.Fatalf("the whole list: %d failures, spilled %v, %v", n, all.spill != nil, err)
		}
		r.Close()
		all.Close()
	}
}

// A run whose only failure is a flaky test's passes, and Red, set by that
// failure, is cleared: the report may pass after all. With no summary, the
// flaky test is not counted failed.
func TestBuilderOnlyFlakyPasses(t *testing.T) {
	for _, counted := range []bool{true, false} {
		b := NewBuilder("t", Window{Limit: 20})
		b.Red = new(atomic.Bool)
		b.AddFailure(Failure{Kind: KindError, File: "a.js", Line: 9, Name: "flaky"})
		if counted {
			b.AddTests(Counts{Total: 2, Passed: 2, Flaky: 1})
		}
		if !b.Red.Load() {
			t.Fatal("a failure did not set Red")
		}
		b.MarkFlaky("a.js", 9, "flaky")
		r := b.Finish()
		if b.Red.Load() || r.Tests.Failed != 0 || len(r.Failures) != 1 || !r.Failures[0].Flaky || r.Page.Total != 1 {
			t.Errorf("counted %v: red %v, tests %+v, failures %+v, page %+v", counted, b.Red.Load(), r.Tests, r.Failures, r.Page)
		}
		if want := map[bool]Status{true: StatusPass, false: StatusNone}[counted]; r.Status != want {
			t.Errorf("counted %v: status %s, want %s", counted, r.Status, want)
		}
	}
}
