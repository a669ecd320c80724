package report

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"testing"
)

// spilled is f as it reads back from a spill of one failure. Read as
// views (readFailureView, after a larger failure, so that its lists and
// buffer are reused), it must read back the same.
func spilled(t testing.TB, f Failure) Failure {
	t.Helper()
	rec := appendFailure(nil, &f)
	var got Failure
	if _, err := readFailure(bytes.NewReader(rec), nil, &got); err != nil {
		t.Fatalf("reading back %+v: %v", f, err)
	}
	big := Failure{Name: "big", Diff: []string{"a", "b", "c"}, Details: []string{"d", "e", "f", "g"},
		Frames: []Frame{{File: "x"}, {File: "y"}, {File: "z"}}}
	two := append(appendFailure(nil, &big), rec...)
	r := bytes.NewReader(two)
	var buf []byte
	var lists viewLists
	var view Failure
	for i, want := range []Failure{big, got} {
		view = Failure{}
		var err error
		if buf, err = readFailureView(r, buf, &view, &lists); err != nil {
			t.Fatalf("reading back %+v as views: %v", want, err)
		}
		if !reflect.DeepEqual(view, want) {
			t.Fatalf("failure %d read back as views as\n%+v\nwant\n%+v", i, view, want)
		}
	}
	return got
}

// A spilled failure reads back as it was held in memory: every field, a
// frame's column, bytes that are not UTF-8, numbers of either sign. (JSON
// lost the column and put U+FFFD for the bytes.)
func TestSpillRecordKeepsEveryField(t *testing.T) {
	for _, f := range []Failure{
		{},
		{Kind: KindAssertion, Severity: "error", File: "src/a.test.js", Line: 12, Column: 5, Name: "a > b",
			Message: "expected \xff\xfe to be \"x\"\n<b>&</b>", Expected: "1", Received: "-1",
			Diff: []string{"- 1", "+ 2", ""}, Details: []string{"at x", "\x00nul"},
			Frames: []Frame{{Func: "f", File: "a.js", Line: 3, Col: 7}, {File: "b.js"}}, Change: ChangeNew},
		{Line: -1, Column: math.MaxInt32, Frames: []Frame{{Line: math.MinInt32, Col: -2}}},
		{Message: string(bytes.Repeat([]byte("é"), 100_000))},
	} {
		if got := spilled(t, f); !reflect.DeepEqual(got, f) {
			t.Errorf("read back as\n%+v\nwant\n%+v", got, f)
		}
	}
}

// Empty lists read back as none, as JSON's omitempty had them.
func TestSpillRecordEmptyLists(t *testing.T) {
	got := spilled(t, Failure{Diff: []string{}, Details: []string{}, Frames: []Frame{}})
	if got.Diff != nil || got.Details != nil || got.Frames != nil {
		t.Fatalf("empty lists read back as %+v", got)
	}
}

// A record cut short or spoilt is an error, never a failure made up.
func TestSpillRecordDamaged(t *testing.T) {
	rec := appendFailure(nil, &Failure{Kind: KindError, Name: "n", Details: []string{"a", "b"}})
	var f Failure
	if _, err := readFailure(bytes.NewReader(nil), nil, &f); err != io.EOF {
		t.Fatalf("no record: %v, want io.EOF", err)
	}
	for cut := 1; cut < len(rec); cut++ {
		if _, err := readFailure(bytes.NewReader(rec[:cut]), nil, &f); err == nil {
			t.Errorf("record cut at %d of %d read without an error", cut, len(rec))
		} else if cut >= 4 && !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("record cut at %d: %v, want io.ErrUnexpectedEOF", cut, err)
		}
	}
	long := append(append([]byte(nil), rec...), 0)
	long[0]++ // one byte more than its fields
	if _, err := readFailure(bytes.NewReader(long), nil, &f); err == nil {
		t.Error("a record longer than its fields read without an error")
	}
	bad := append([]byte(nil), rec...)
	bad[4] = 0xff // the kind's length: more than the record holds
	if _, err := readFailure(bytes.NewReader(bad), nil, &f); !errors.Is(err, errBadRecord) {
		t.Errorf("a length past the record: %v, want errBadRecord", err)
	}
}

// FuzzSpillRecord: any failure reads back as it was; any bytes read as a
// record give a failure or an error, never a panic.
//
//	go test ./report -run '^$' -fuzz FuzzSpillRecord -fuzztime 60s
func FuzzSpillRecord(f *testing.F) {
	f.Add("assertion", "src/a.js", 3, -4, "name", "msg\xff", "diff", "fn", 9, []byte{1, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, kind, file string, line, col int, name, msg, diff, fn string, fl int, raw []byte) {
		in := Failure{Kind: Kind(kind), File: file, Line: line, Column: col, Name: name, Message: msg,
			Diff: []string{diff, msg}, Details: []string{name}, Frames: []Frame{{Func: fn, File: file, Line: fl, Col: col}}}
		if got := spilled(t, in); !reflect.DeepEqual(got, in) {
			t.Fatalf("read back as %+v, want %+v", got, in)
		}
		var g Failure
		_, _ = readFailure(bytes.NewReader(raw), nil, &g)
	})
}

// fillAll sets every field of v (a struct, its slices of structs too) to a
// value that is not its zero, by reflection: a field added to Failure or
// Frame later that the record does not carry fails the test below,
// instead of being dropped from every spilled failure.
func fillAll(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d\xff", *n))
	case reflect.Int:
		v.SetInt(int64(-*n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fillAll(v.Index(i), n)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			fillAll(v.Field(i), n)
		}
	default:
		panic("fillAll: a field of kind " + v.Kind().String() + ": teach the record and this test")
	}
}

func TestSpillRecordCarriesEveryField(t *testing.T) {
	var f Failure
	n := 0
	fillAll(reflect.ValueOf(&f).Elem(), &n)
	if got := spilled(t, f); !reflect.DeepEqual(got, f) {
		t.Errorf("a field is not carried:\n%+v\nwant\n%+v", got, f)
	}
}
