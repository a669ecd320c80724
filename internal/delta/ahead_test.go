package delta

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/terse-dev/terse/report"
)

// eachOf gives fs, one at a time, as a report's Each does.
func eachOf(fs []report.Failure) func(func(report.Failure) error) error {
	return func(fn func(report.Failure) error) error {
		for _, f := range fs {
			if err := fn(f); err != nil {
				return err
			}
		}
		return nil
	}
}

// A Recording writes the bytes RecordOf's record encodes to, and keeps the
// keys that record gives, whatever the count says.
func TestRecordingIsRecordOf(t *testing.T) {
	odd := "a\"b\\c<d>e&f\x00\x1f\n\u2028é😀\xff/"
	var big []report.Failure
	for i := range 5000 {
		big = append(big, report.Failure{Kind: report.KindAssertion, File: fmt.Sprintf("f%d.js", i%9), Line: i,
			Name: fmt.Sprintf("test \"%d\" <é>\n", i), Message: "m", Expected: fmt.Sprint(i % 3)})
	}
	lists := [][]report.Failure{
		nil,
		{{Kind: report.KindSuite, File: "s.test.js", Message: "Cannot find module"}},
		{{Kind: report.Kind(odd), File: odd, Line: -1, Name: odd, Message: odd, Expected: odd, Received: odd}, {}},
		big,
	}
	for _, fs := range lists {
		for _, held := range []int{0, len(fs), len(fs) + 7} {
			want, err := RecordOf("jest", held, eachOf(fs))
			if err != nil {
				t.Fatal(err)
			}
			wantBytes, err := want.Encode()
			if err != nil {
				t.Fatal(err)
			}
			r := NewRecording("jest", held, eachOf(fs))
			var buf bytes.Buffer
			n, err := r.WriteTo(&buf)
			if err != nil || n != int64(buf.Len()) || !bytes.Equal(buf.Bytes(), wantBytes) {
				t.Errorf("%d failures, held %d: Recording wrote %d bytes (%v), RecordOf's %d; equal %v",
					len(fs), held, n, err, len(wantBytes), bytes.Equal(buf.Bytes(), wantBytes))
			}
			if got, keys := r.Keys(), want.Keys(); !reflect.DeepEqual(got, keys) {
				t.Errorf("%d failures, held %d: Recording's keys are not RecordOf's (%d, %d)", len(fs), held, got.Len(), keys.Len())
			}
		}
	}
}

func TestRecordingTooMany(t *testing.T) {
	fs := make([]report.Failure, MaxEntries+1)
	for i := range fs {
		fs[i] = report.Failure{Name: "x"}
	}
	r := NewRecording("jest", 0, eachOf(fs))
	if _, err := r.WriteTo(&bytes.Buffer{}); !errors.Is(err, ErrTooMany) || r.Keys().Len() != 0 {
		t.Errorf("Recording past MaxEntries: %v, %d keys", err, r.Keys().Len())
	}
	r = NewRecording("jest", 0, eachOf(fs[:MaxEntries]))
	if _, err := r.WriteTo(&bytes.Buffer{}); err != nil || r.Keys().Len() != MaxEntries {
		t.Errorf("Recording of MaxEntries: %v, %d keys", err, r.Keys().Len())
	}
}

// naiveCompare is the comparison as the package doc says it, by the
// strings themselves: fixed are the identities prev had and cur has not,
// each once, named in prev's order; unchanged the failures of cur matched
// one to one with prev's of the same identity and sum.
func naiveCompare(prev, cur Record, since int) *report.Delta {
	ident := func(e Entry) string {
		if e.Name != "" {
			return fmt.Sprintf("%q %q", e.File, e.Name)
		}
		return fmt.Sprintf("%q (%q)", e.File, e.Kind)
	}
	d := &report.Delta{Since: since}
	curIDs := map[string]bool{}
	for _, e := range cur.Failures {
		curIDs[ident(e)] = true
	}
	seen := map[string]bool{}
	for _, e := range prev.Failures {
		if id := ident(e); !curIDs[id] && !seen[id] {
			seen[id] = true
			d.Fixed++
			if len(d.FixedNames) < MaxFixedNames {
				d.FixedNames = append(d.FixedNames, e.Label())
			}
		}
	}
	had := map[string]int{}
	for _, e := range prev.Failures {
		had[ident(e)+" "+e.Sum]++
	}
	for _, e := range cur.Failures {
		if k := ident(e) + " " + e.Sum; had[k] > 0 {
			had[k]--
			d.Unchanged++
		} else {
			d.New++
		}
	}
	return d
}

// A saved record read ahead compares with a run as the naive comparison
// does, on runs drawn from a few files, names, kinds and messages (so that
// identities repeat, messages change, suites fail), as terse writes the
// record and as encoding/json would.
func TestSavedIsTheNaiveComparison(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func(n int) []report.Failure {
		fs := make([]report.Failure, n)
		for i := range fs {
			f := report.Failure{Kind: report.KindAssertion, File: fmt.Sprintf("f%d.test.js", rng.IntN(3)),
				Name: fmt.Sprintf("t%d", rng.IntN(12)), Message: fmt.Sprintf("m%d", rng.IntN(2))}
			if rng.IntN(8) == 0 {
				f.Kind, f.Name = report.KindSuite, ""
			}
			fs[i] = f
		}
		return fs
	}
	for i := range 300 {
		prev, cur := rec(draw(rng.IntN(30))...), rec(draw(rng.IntN(30))...)
		want := naiveCompare(prev, cur, 4)
		data, err := prev.Encode()
		if err != nil {
			t.Fatal(err)
		}
		// A field terse does not write sends the record to encoding/json.
		other := slices.Concat(bytes.TrimSuffix(bytes.TrimSpace(data), []byte("}")), []byte(`,"later":1}`))
		for _, d := range [][]byte{data, other} {
			s, err := ReadSaved(d)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			got := s.Compare(cur.Keys(), 4).Delta
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("case %d: Saved.Compare = %+v, the naive comparison %+v", i, got, want)
			}
			if s.Record().Tool != "jest" || s.Record().Failures != nil {
				t.Errorf("case %d: Saved.Record = %+v", i, s.Record())
			}
		}
		if c := Compare(prev, cur, 4); !reflect.DeepEqual(c, want) {
			t.Fatalf("case %d: Compare = %+v, the naive comparison %+v", i, c, want)
		}
		if slices.Contains(want.FixedNames, "") {
			t.Fatalf("case %d: a fixed failure without a label", i)
		}
	}
}

// OnlySeen keeps of the saved run what its reader read: a failure the
// reader never read is new to it, however unchanged; one read is
// unchanged; without a record of what was read, nothing was.
func TestOnlySeen(t *testing.T) {
	fail := func(name, msg string) report.Failure {
		return report.Failure{Kind: report.KindAssertion, File: "a.test.js", Name: name, Message: msg}
	}
	prev := []report.Failure{fail("a", "x"), fail("b", "y"), fail("c", "z")}
	cur := []report.Failure{fail("a", "x"), fail("b", "y"), fail("c", "z2")}
	rec, _ := RecordOf("jest", 0, eachOf(prev))
	now, _ := RecordOf("jest", 0, eachOf(cur))
	for _, tc := range []struct {
		seen           []report.Failure
		new, unchanged int
	}{
		{prev, 1, 2},
		{prev[:1], 2, 1},
		{nil, 3, 0},
		{[]report.Failure{fail("b", "other message")}, 3, 0},
	} {
		data, _ := rec.Encode()
		s, err := ReadSaved(data)
		if err != nil {
			t.Fatal(err)
		}
		var seen []Entry
		for _, f := range tc.seen {
			seen = append(seen, EntryOf(f))
		}
		s.OnlySeen(seen)
		c := s.Compare(now.Keys(), 1)
		if c.Delta.New != tc.new || c.Delta.Unchanged != tc.unchanged || c.Delta.Fixed != 0 {
			t.Errorf("seen %d: %+v, want %d new, %d unchanged", len(tc.seen), *c.Delta, tc.new, tc.unchanged)
		}
		if got := c.Mark(cur[1]); (tc.unchanged >= 2) != (got == report.ChangeUnchanged) {
			t.Errorf("seen %d: b is %s", len(tc.seen), got)
		}
	}
}
