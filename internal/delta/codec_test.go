package delta

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/terse-dev/terse/internal/jsonscan"
	"github.com/terse-dev/terse/report"
)

// codecRecords are records with every field, empty ones and strings that
// encoding/json escapes: quotes, HTML, control bytes, U+2028, bytes that
// are not UTF-8.
func codecRecords() []Record {
	odd := "a\"b\\c<d>e&f\x00\x01\x1f\b\f\n\r\t\u2028\u2029é😀\xff\xc3(\x7f/"
	return []Record{
		{Version: 1, Tool: "jest", Failures: []Entry{}},
		{Version: 1, Tool: "jest"},
		{Version: 1, Tool: "pytest", TooMany: true, Failures: []Entry{}},
		{Version: 1, Tool: odd, Failures: []Entry{
			{File: "src/a.test.js", Line: 12, Name: "a > b", Kind: "assertion", Sum: "0123456789abcdef01234567"},
			{Sum: ""},
			{File: odd, Line: -3, Name: odd, Kind: odd, Sum: odd},
			{Name: "only a name", Sum: "x"},
		}},
	}
}

// The record is written as JSON that encoding/json reads back as the
// record json.Marshal writes, and read as json.Unmarshal reads it.
func TestRecordCodecIsJSON(t *testing.T) {
	for _, r := range codecRecords() {
		checkWrittenAsJSON(t, r)
		want, _ := json.Marshal(r)
		checkDecodesAsJSON(t, want)
	}
}

// checkWrittenAsJSON holds appendRecord to json.Marshal on r: what
// json.Unmarshal reads of each is the same record.
func checkWrittenAsJSON(t *testing.T, r Record) {
	t.Helper()
	want, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	got := appendRecord(nil, r)
	var a, b Record
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatalf("written as %s: %v", got, err)
	}
	if err := json.Unmarshal(want, &b); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("written as\n%s\nread back as\n%#v\njson.Marshal's as\n%#v", got, a, b)
	}
}

// A record terse wrote is read by the fast reader whole, escapes and
// all, as json.Unmarshal reads it.
func TestRecordReaderTakesWhatTerseWrites(t *testing.T) {
	for _, r := range codecRecords() {
		data, _ := r.Encode()
		var got, want Record
		if err := (&recordReader{sc: jsonscan.Scanner{B: data}}).record(&got); err != nil {
			t.Errorf("%s: %v", data, err)
		}
		if err := json.Unmarshal(data, &want); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read as %+v, json.Unmarshal's %+v (%v)", data, got, want, err)
		}
	}
}

// checkDecodesAsJSON holds decodeRecord to json.Unmarshal on data: the
// same record, or an error from both.
func checkDecodesAsJSON(t *testing.T, data []byte) {
	t.Helper()
	var want Record
	wantErr := json.Unmarshal(data, &want)
	got, err := decodeRecord(data)
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("%q: error %v, json.Unmarshal's %v", data, err, wantErr)
	}
	if err == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: read as\n%#v\njson.Unmarshal's\n%#v", data, got, want)
	}
}

// Records that are not as terse writes them read as json.Unmarshal reads
// them: spaces, other orders, escapes, keys in other cases, numbers that
// are not ints, damage.
func TestRecordReaderFallsBack(t *testing.T) {
	for _, data := range []string{
		` { "failures" : [ { "sum" : "s" , "line" : 3 } ] , "tool" : "jest" , "version" : 1 } `,
		`{"version":1,"tool":"je\u0073t","failures":[{"name":"a\/b","sum":"s"}]}`,
		`{"Version":1,"TOOL":"jest","failures":[]}`,
		`{"version":1.5,"tool":"jest","failures":[]}`,
		`{"version":01,"tool":"jest","failures":[]}`,
		`{"version":1,"tool":"jest","failures":[{"line":null,"sum":"s"}]}`,
		`{"version":1,"tool":"jest","failures":[{"sum":"s"}]`,
		`{"version":1,"tool":"jest","failures":[]}x`,
		`{"version":1,"tool":"jest","failures":[],"other":{"a":[1,2]}}`,
		`{"version":1,"tool":"jest","failures":[],"tooMany":false}`,
		`{"version":99999999999999999999,"tool":"jest"}`,
		`[]`, ``, `null`,
	} {
		checkDecodesAsJSON(t, []byte(data))
	}
}

// FuzzRecordCodec: any strings are written as JSON encoding/json reads
// back as it reads json.Marshal's, and any bytes read as json.Unmarshal
// reads them.
//
//	go test ./internal/delta -run '^$' -fuzz FuzzRecordCodec -fuzztime 60s
func FuzzRecordCodec(f *testing.F) {
	f.Add("jest", "src/a.js", 3, "a > b", "assertion", "0123", false, []byte(`{"version":1,"tool":"jest","failures":[{"sum":"s"}]}`))
	f.Fuzz(func(t *testing.T, tool, file string, line int, name, kind, sum string, tooMany bool, raw []byte) {
		r := Record{Version: 1, Tool: tool, TooMany: tooMany, Failures: []Entry{{File: file, Line: line, Name: name, Kind: kind, Sum: sum}, {Sum: sum}}}
		checkWrittenAsJSON(t, r)
		want, _ := json.Marshal(r)
		checkDecodesAsJSON(t, want)
		checkDecodesAsJSON(t, appendRecord(nil, r))
		checkDecodesAsJSON(t, raw)
		checkComparesAsDecoded(t, raw, r)
		checkComparesAsDecoded(t, appendRecord(nil, r), r)
	})
}

// checkComparesAsDecoded checks that data, compared as saved with cur,
// fails where Decode fails, and counts as Compare and the naive comparison
// count on the record Decode reads.
func checkComparesAsDecoded(t *testing.T, data []byte, cur Record) {
	t.Helper()
	prev, decErr := Decode(data)
	c, saved, err := CompareSaved(data, cur.Keys(), 3)
	if (err == nil) != (decErr == nil) {
		t.Fatalf("CompareSaved: %v; Decode: %v", err, decErr)
	}
	if err != nil {
		return
	}
	if want := Compare(prev, cur, 3); !reflect.DeepEqual(c.Delta, want) {
		t.Errorf("CompareSaved = %+v, Compare = %+v", c.Delta, want)
	}
	if want := naiveCompare(prev, cur, 3); !reflect.DeepEqual(c.Delta, want) {
		t.Errorf("CompareSaved = %+v, the naive comparison %+v", c.Delta, want)
	}
	if saved.Tool != prev.Tool || saved.TooMany != prev.TooMany || saved.Version != prev.Version {
		t.Errorf("CompareSaved's record %+v, Decode's %+v", saved, prev)
	}
}

// Every field of a record, set, reads back through the writer: a field
// added to Record or Entry later that appendRecord leaves out fails here,
// instead of being dropped from every record saved.
func TestRecordCarriesEveryField(t *testing.T) {
	n := 0
	var fill func(v reflect.Value)
	fill = func(v reflect.Value) {
		n++
		switch v.Kind() {
		case reflect.String:
			v.SetString(fmt.Sprintf("s%d", n))
		case reflect.Int:
			v.SetInt(int64(n))
		case reflect.Bool:
			v.SetBool(true)
		case reflect.Slice:
			v.Set(reflect.MakeSlice(v.Type(), 2, 2))
			fill(v.Index(0))
			fill(v.Index(1))
		case reflect.Struct:
			for i := range v.NumField() {
				fill(v.Field(i))
			}
		default:
			t.Fatalf("a field of kind %s: teach appendRecord and this test", v.Kind())
		}
	}
	var r Record
	fill(reflect.ValueOf(&r).Elem())
	var got Record
	if err := json.Unmarshal(appendRecord(nil, r), &got); err != nil || !reflect.DeepEqual(got, r) {
		t.Errorf("read back as %+v (%v), want %+v", got, err, r)
	}
}

// WriteTo writes the bytes Encode returns, whatever the record: with no
// list, too many, escapes, and more than one buffer of failures.
func TestWriteToIsEncode(t *testing.T) {
	var big []report.Failure
	for i := range 3000 {
		big = append(big, report.Failure{Kind: report.KindAssertion, File: fmt.Sprintf("f%d.js", i%9), Line: i,
			Name: fmt.Sprintf("test \"%d\" <é>\n", i), Message: "m"})
	}
	many, err := RecordOf("jest", 0, func(fn func(report.Failure) error) error {
		for _, f := range big {
			if err := fn(f); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []Record{
		{Version: Version, Tool: "jest"},
		{Version: Version, Tool: "jest", Failures: []Entry{}},
		TooMany("pytest"),
		many,
	} {
		want, err := r.Encode()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		n, err := r.WriteTo(&buf)
		if err != nil || n != int64(len(want)) || !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("WriteTo of %d failures: %d bytes (%v), Encode's %d; equal %v", len(r.Failures), n, err, len(want), bytes.Equal(buf.Bytes(), want))
		}
	}
}
