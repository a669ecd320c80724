package profiles

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/terse-dev/terse/report"
)

// TestLineViewsKeepNothing shapes every text capture, one after another (far
// more than the reader's 64 KiB buffer, which is overwritten as it refills),
// with every rules profile, reading the lines as views of the reader's
// buffer and as copies: a string the report kept without copying it would
// hold later bytes by the end, and the reports would differ. The parser
// reads views when it reads the lines itself (ruleAhead off), and views of
// a batch's text, recycled once read, when a worker reads them ahead.
func TestLineViewsKeepNothing(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	_, caps := captureSample(readTextCaptures(t))
	in := bytes.Join(caps, nil)
	shape := func(p *Profile, views, ahead bool) *report.Report {
		t.Helper()
		r, err := ShapeText(plainProfile(p, plainPaths{viewLines: !views, ruleAhead: !ahead}), bytes.NewReader(in), Options{})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	profiles := 0
	for _, p := range set.All() {
		if len(p.Text.Rules) == 0 {
			continue
		}
		profiles++
		own := shape(p, false, false)
		for _, ahead := range []bool{true, false} {
			if view := shape(p, true, ahead); !sameReports(t, view, own) {
				t.Errorf("%s (ahead %v): the report of the lines read in place differs from the one of copies: %s", p.Name, ahead, firstDiff(view, own))
			}
		}
	}
	if profiles < 10 {
		t.Errorf("%d rules profiles", profiles)
	}
}

// sameReports reports whether a and b hold the same failures, those spilled
// to disk past the memory's share included (each spill is a file of its
// own, so the reports' own pointers to them differ), and the same exported
// fields otherwise.
func sameReports(t *testing.T, a, b *report.Report) bool {
	t.Helper()
	all := func(r *report.Report) []report.Failure {
		var fs []report.Failure
		if err := r.Each(func(f report.Failure) error { fs = append(fs, f); return nil }); err != nil {
			t.Fatal(err)
		}
		return fs
	}
	if !reflect.DeepEqual(all(a), all(b)) {
		return false
	}
	va, vb := reflect.ValueOf(*a), reflect.ValueOf(*b)
	for i := range va.NumField() {
		if va.Type().Field(i).IsExported() && !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			return false
		}
	}
	return true
}

// firstDiff says where two reports first differ: a failure, or else the
// rest of the report.
func firstDiff(a, b *report.Report) string {
	for i := range min(len(a.Failures), len(b.Failures)) {
		if !reflect.DeepEqual(a.Failures[i], b.Failures[i]) {
			return fmt.Sprintf("failure %d:\n%+v\nwant:\n%+v", i, a.Failures[i], b.Failures[i])
		}
	}
	x, y := *a, *b
	x.Failures, y.Failures = nil, nil
	return fmt.Sprintf("%d failures, want %d:\n%+v\nwant:\n%+v", len(a.Failures), len(b.Failures), x, y)
}
