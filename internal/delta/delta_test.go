package delta

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/terse-dev/terse/report"
)

func rec(fs ...report.Failure) Record {
	r, err := RecordOf("jest", 0, func(fn func(report.Failure) error) error {
		for _, f := range fs {
			if err := fn(f); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		panic(err)
	}
	return r
}

func fail(file, name, msg string) report.Failure {
	return report.Failure{Kind: report.KindAssertion, File: file, Line: 3, Name: name, Message: msg}
}

func TestCompare(t *testing.T) {
	prev := rec(
		fail("a.test.js", "adds", "expected 5"),
		fail("a.test.js", "subtracts", "expected 1"),
		fail("b.test.js", "parses", "bad date"),
		fail("b.test.js", "formats", "bad output"),
	)
	cur := rec(
		fail("a.test.js", "adds", "expected 5"),       // unchanged
		fail("a.test.js", "subtracts", "expected 2"),  // message changed: new
		fail("b.test.js", "formats", "bad output"),    // unchanged
		fail("c.test.js", "renders", "no element"),    // new
		fail("b.test.js", "parses (utc)", "bad date"), // another name: new
	)
	d := Compare(prev, cur, 41)
	if d.Since != 41 || d.New != 3 || d.Fixed != 1 || d.Unchanged != 2 {
		t.Errorf("Compare = %+v, want since 41: 3 new, 1 fixed, 2 unchanged", d)
	}
	if !slices.Equal(d.FixedNames, []string{"parses"}) {
		t.Errorf("FixedNames = %q", d.FixedNames)
	}
	mark := Marker(prev)
	for _, c := range []struct {
		f    report.Failure
		want string
	}{
		{fail("a.test.js", "adds", "expected 5"), report.ChangeUnchanged},
		{fail("a.test.js", "subtracts", "expected 2"), report.ChangeNew},
		{fail("b.test.js", "formats", "bad output"), report.ChangeUnchanged},
		{fail("other.test.js", "adds", "expected 5"), report.ChangeNew}, // another file
	} {
		if got := mark(c.f); got != c.want {
			t.Errorf("Marker(%s %q) = %s, want %s", c.f.File, c.f.Name, got, c.want)
		}
	}
}

// Expected and received are part of what must not change; the line is not
// (an edit above the test moves it).
func TestUnchangedNeedsExpectedAndReceived(t *testing.T) {
	a := fail("a.test.js", "adds", "expect(received).toBe(expected)")
	a.Expected, a.Received = "5", "4"
	b := a
	b.Received = "6"
	moved := a
	moved.Line = 90
	if d := Compare(rec(a), rec(b), 1); d.New != 1 || d.Unchanged != 0 || d.Fixed != 0 {
		t.Errorf("received changed: %+v, want 1 new", d)
	}
	if d := Compare(rec(a), rec(moved), 1); d.Unchanged != 1 {
		t.Errorf("line moved: %+v, want 1 unchanged", d)
	}
	// No field can bleed into the next and make two triples alike.
	c := a
	c.Message, c.Expected = a.Message+"5", ""
	if EntryOf(c).Sum == EntryOf(a).Sum {
		t.Error("message+expected shifted hash alike")
	}
}

// Two failures alike (a parametrized test of one name) match one to one.
func TestDuplicatesMatchOneToOne(t *testing.T) {
	f := fail("a.test.js", "case", "boom")
	d := Compare(rec(f), rec(f, f), 1)
	if d.New != 1 || d.Unchanged != 1 || d.Fixed != 0 {
		t.Errorf("Compare = %+v, want 1 new, 1 unchanged", d)
	}
}

// A failure without a name (a suite that failed to load) is known by its
// file and kind.
func TestSuiteFailureIdentity(t *testing.T) {
	s := report.Failure{Kind: report.KindSuite, File: "a.test.js", Message: "Cannot find module"}
	d := Compare(rec(s), rec(), 1)
	if d.Fixed != 1 || d.FixedNames[0] != "a.test.js" {
		t.Errorf("Compare = %+v", d)
	}
}

func TestFixedNamesAreCapped(t *testing.T) {
	var fs []report.Failure
	for i := range MaxFixedNames + 5 {
		fs = append(fs, fail("a.test.js", strings.Repeat("x", i+1), "m"))
	}
	d := Compare(rec(fs...), rec(), 1)
	if d.Fixed != MaxFixedNames+5 || len(d.FixedNames) != MaxFixedNames {
		t.Errorf("Compare = %d fixed, %d named", d.Fixed, len(d.FixedNames))
	}
}

func TestEncodeDecode(t *testing.T) {
	r := rec(fail("a.test.js", "adds", "m"))
	data, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data)
	if err != nil || back.Tool != "jest" || len(back.Failures) != 1 || back.Failures[0] != r.Failures[0] {
		t.Errorf("Decode = %+v, %v", back, err)
	}
	if _, err := Decode([]byte(`{"version":99,"tool":"jest"}`)); err == nil {
		t.Error("a record of another version was read")
	}
	if _, err := Decode([]byte(`{"version":`)); err == nil {
		t.Error("a torn record was read")
	}
}

func TestComparable(t *testing.T) {
	j := rec(fail("a", "b", "c"))
	p := j
	p.Tool = "pytest"
	many := Record{Version: Version, Tool: "jest", TooMany: true}
	if !Comparable(j, j) || Comparable(j, p) || Comparable(many, j) || Comparable(j, many) {
		t.Error("Comparable: want only records of one tool, both whole")
	}
}

func TestRecordOfTooMany(t *testing.T) {
	r, err := RecordOf("jest", 0, func(fn func(report.Failure) error) error {
		for range MaxEntries + 1 {
			if err := fn(report.Failure{Name: "x"}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil || !r.TooMany || len(r.Failures) != 0 {
		t.Errorf("RecordOf past MaxEntries = %d entries, TooMany %v, %v", len(r.Failures), r.TooMany, err)
	}
}

// A failure's sum is the one earlier versions of terse saved (sha256 of
// each of message, expected and received as "%d:%s"), so a run recorded by
// one still compares with the next.
func TestEntrySumIsStable(t *testing.T) {
	long := strings.Repeat("x", 2000)
	for _, f := range []report.Failure{{}, {Message: "boom"}, {Message: long, Expected: "1", Received: "é\xff"}} {
		h := sha256.New()
		for _, s := range []string{f.Message, f.Expected, f.Received} {
			fmt.Fprintf(h, "%d:%s", len(s), s)
		}
		if want := hex.EncodeToString(h.Sum(nil)[:12]); EntryOf(f).Sum != want {
			t.Errorf("sum of %q: %s, want %s", f.Message[:min(10, len(f.Message))], EntryOf(f).Sum, want)
		}
	}
	if got := EntryOf(report.Failure{Message: "boom"}).Sum; got != "c0cd898faaad4b782cceb2fe" {
		t.Errorf("sum of boom: %s", got)
	}
}

// A failure's keys are hashes of its fields: fields that join to the same
// text are still different failures, and a failure without a name is the
// same as one named after its kind in parentheses, as when the keys were
// the strings.
func TestKeysKeepFieldsApart(t *testing.T) {
	a := Entry{File: "a", Name: "bc", Sum: "s"}
	b := Entry{File: "ab", Name: "c", Sum: "s"}
	if a.id() == b.id() || a.key() == b.key() {
		t.Errorf("%+v and %+v have one key", a, b)
	}
	c := Entry{File: "a", Name: "bc", Sum: "t"}
	if a.id() != c.id() || a.key() == c.key() {
		t.Errorf("a changed message: ids equal %v, keys equal %v", a.id() == c.id(), a.key() == c.key())
	}
	unnamed := Entry{File: "a", Kind: "suite", Sum: "s"}
	named := Entry{File: "a", Name: "(suite)", Sum: "s"}
	if unnamed.key() != named.key() {
		t.Error("a failure without a name is no longer known by its kind")
	}
	long := Entry{File: strings.Repeat("f", 600), Name: strings.Repeat("n", 600), Sum: "s"}
	longer := long
	longer.Name += "n"
	if long.key() == longer.key() || long.key() != (Entry{File: long.File, Name: long.Name, Sum: "s"}).key() {
		t.Error("fields past the stack buffer are not all hashed")
	}
}

// Decode takes a record's strings as views of the data: reading one back
// allocates its list, not a string a failure.
func TestDecodeAllocatesTheListAlone(t *testing.T) {
	var fs []report.Failure
	for i := range 1000 {
		fs = append(fs, fail(fmt.Sprintf("f%d.test.js", i%7), fmt.Sprintf("test %d", i), "m"))
	}
	data, err := rec(fs...).Encode()
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	allocs := testing.AllocsPerRun(5, func() {
		if back, err = Decode(data); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 4 {
		t.Errorf("Decode of 1000 failures: %v allocations", allocs)
	}
	if len(back.Failures) != 1000 || back.Failures[999].Name != "test 999" {
		t.Errorf("Decode = %d failures", len(back.Failures))
	}
}

// A run compared with the previous run's record as saved, read a failure
// at a time, gets the counts, names and marks Compare and Marker give on
// the record read whole: from the record as terse writes it, and from one
// written otherwise (indented JSON, keys in another order, a key terse
// does not write), which encoding/json reads.
func TestCompareSavedIsCompare(t *testing.T) {
	var many []report.Failure
	for i := range MaxFixedNames + 5 {
		many = append(many, fail("m.test.js", strings.Repeat("x", i+1), "m"))
	}
	dup := fail("d.test.js", "twice", "m")
	suite := report.Failure{Kind: report.KindSuite, File: "s.test.js", Message: "Cannot find module"}
	cases := []struct{ prev, cur []report.Failure }{
		{
			[]report.Failure{fail("a.test.js", "adds", "expected 5"), fail("a.test.js", "subtracts", "expected 1"),
				fail("b.test.js", "parses", "bad date"), fail("b.test.js", "formats", "bad output")},
			[]report.Failure{fail("a.test.js", "adds", "expected 5"), fail("a.test.js", "subtracts", "expected 2"),
				fail("b.test.js", "formats", "bad output"), fail("c.test.js", "renders", "no element"),
				fail("b.test.js", "parses (utc)", "bad date")},
		},
		{[]report.Failure{dup}, []report.Failure{dup, dup}},
		{[]report.Failure{dup, dup}, []report.Failure{dup}},
		{[]report.Failure{suite, dup}, []report.Failure{dup}},
		{many, nil},
		{nil, many},
	}
	for i, c := range cases {
		prev, cur := rec(c.prev...), rec(c.cur...)
		want := Compare(prev, cur, 9)
		mark := Marker(prev)
		terse, err := prev.Encode()
		if err != nil {
			t.Fatal(err)
		}
		// (A key terse does not write sends it to encoding/json.)
		other, err := json.MarshalIndent(struct {
			Failures []Entry `json:"failures"`
			Tool     string  `json:"tool"`
			Version  int     `json:"version"`
			Later    string  `json:"later"`
		}{prev.Failures, prev.Tool, prev.Version, "a field of a later terse"}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		for _, data := range [][]byte{terse, other} {
			got, saved, err := CompareSaved(data, cur.Keys(), 9)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			if saved.Tool != prev.Tool || saved.Failures != nil || !reflect.DeepEqual(got.Delta, want) {
				t.Errorf("case %d: CompareSaved = %+v (tool %q, %d failures held), Compare = %+v", i, got.Delta, saved.Tool, len(saved.Failures), want)
			}
			for _, f := range append(append(c.prev, c.cur...), fail("n.test.js", "new", "m")) {
				if got.Mark(f) != mark(f) {
					t.Errorf("case %d: Mark(%s %q) = %s, Marker's %s", i, f.File, f.Name, got.Mark(f), mark(f))
				}
			}
		}
	}
	if _, _, err := CompareSaved([]byte(`{"version":2,"tool":"jest","failures":[]}`), rec().Keys(), 1); err == nil {
		t.Error("a record of another version is compared")
	}
}
