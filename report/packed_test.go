package report

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"testing"
)

// packedCases are failures a Packed must give back as they were added:
// every field, bytes that are not UTF-8, a record larger than a chunk.
func packedCases() []Failure {
	return []Failure{
		{},
		{Kind: KindLint, Severity: "warning", File: "pkg/a.py", Line: 3, Column: 1, Name: "C0114",
			Message: "Missing module docstring (missing-module-docstring)"},
		{Kind: KindAssertion, Severity: "error", File: "src/a.test.js", Line: 12, Column: 5, Name: "a > b",
			Message: "expected \xff\xfe to be \"x\"", Expected: "1", Received: "-1",
			Diff: []string{"- 1", "+ 2", ""}, Details: []string{"at x", "\x00nul"},
			Frames: []Frame{{Func: "f", File: "a.js", Line: 3, Col: 7}, {File: "b.js"}}, Change: ChangeNew},
		{Line: -1, Column: math.MaxInt32, Frames: []Frame{{Line: math.MinInt32, Col: -2}}},
		{Message: string(bytes.Repeat([]byte("é"), packedChunk))},
	}
}

// Every failure added reads back whole, by its index, however many
// chunks they fill, and after more are added.
func TestPackedKeepsEveryField(t *testing.T) {
	var p Packed
	var want []Failure
	for i := range 5_000 {
		for _, f := range packedCases() {
			if len(f.Message) > packedChunk && i%1000 != 0 {
				continue // a few of the chunks of their own are enough
			}
			f.Line += i
			f.File = fmt.Sprintf("%s%d", f.File, i%7)
			if got := p.Add(&f); got != len(want) {
				t.Fatalf("Add gave index %d, want %d", got, len(want))
			}
			want = append(want, f)
		}
	}
	if p.Len() != len(want) || len(p.chunks) < 2 {
		t.Fatalf("%d failures in %d chunks, want %d in more than one", p.Len(), len(p.chunks), len(want))
	}
	for i, f := range want {
		if got := p.Get(i); !reflect.DeepEqual(got, f) {
			t.Fatalf("failure %d read back as\n%+v\nwant\n%+v", i, got, f)
		}
		if got := p.File(i); got != f.File {
			t.Fatalf("failure %d's file read as %q, want %q", i, got, f.File)
		}
	}
}

// A failure Get gave is its own: adding more, dropping some, or changing
// its lists touches neither it nor what the Packed holds.
func TestPackedGetIsItsOwn(t *testing.T) {
	var p Packed
	cases := packedCases()
	for i := range cases {
		p.Add(&cases[i])
	}
	got := make([]Failure, len(cases))
	for i := range cases {
		got[i] = p.Get(i)
	}
	got[2].Diff[0], got[2].Frames[0].Func = "changed", "changed"
	for range 20_000 {
		p.Add(&cases[1])
	}
	p.Drop([]bool{true, true})
	for i, f := range packedCases() {
		if i == 2 {
			f.Diff[0], f.Frames[0].Func = "changed", "changed"
		}
		if !reflect.DeepEqual(got[i], f) {
			t.Errorf("failure %d changed to\n%+v\nwant\n%+v", i, got[i], f)
		}
	}
	if f := p.Get(0); f.Diff[0] != "- 1" || f.Frames[0].Func != "f" {
		t.Errorf("the held failure changed with the one Get gave: %+v", f)
	}
}

// Drop keeps the others in order, their indices closed up.
func TestPackedDrop(t *testing.T) {
	var p Packed
	var drop []bool
	var want []Failure
	for i := range 30_000 {
		f := Failure{Kind: KindLint, File: fmt.Sprintf("f%d.c", i%13), Line: i, Message: fmt.Sprint("m", i)}
		p.Add(&f)
		d := i%3 != 0
		drop = append(drop, d)
		if !d {
			want = append(want, f)
		}
	}
	p.Drop(drop)
	if p.Len() != len(want) {
		t.Fatalf("%d failures after Drop, want %d", p.Len(), len(want))
	}
	for i, f := range want {
		if got := p.Get(i); !reflect.DeepEqual(got, f) {
			t.Fatalf("failure %d after Drop is\n%+v\nwant\n%+v", i, got, f)
		}
	}
	p.Drop(nil)
	if p.Len() != len(want) {
		t.Fatalf("Drop(nil) left %d of %d", p.Len(), len(want))
	}
}
