package profiles

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/terse-dev/terse/report"
)

// A tool's run among others is shaped with the profile that run alone is
// detected as, where a line of it matches another profile's signature
// first: golangci-lint's run (its lines match go vet's signature, which
// comes first in order) followed by another tool's is golangci-lint's
// part, its problems as the run alone gives them and none of its code
// excerpts and carets kept, however long the run; go vet's own run (every signature of
// golangci-lint's its lines match, go vet's match too) stays go vet's.
func TestStreamPartHasItsRunsProfile(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	read := func(path string) string { return string(readData(t, path)) }
	pass := read("pytest/testdata/captures/pass.txt")
	opt := Options{Window: report.Window{Limit: 0}}
	for _, c := range []struct {
		run   string
		times int
		tool  string
	}{
		{"golangci-lint/testdata/captures/many.txt", 1, "golangci-lint"},
		{"golangci-lint/testdata/captures/default.txt", 1, "golangci-lint"},
		// 38 kB: the run's tally ("70 issues:") past the head, every
		// line of it there go vet's too: golangci-lint's by its Over.
		{"golangci-lint/testdata/captures/many.txt", 4, "golangci-lint"},
		{"go-vet/testdata/captures/vet.txt", 1, "go-vet"},
		{"go-vet/testdata/captures/build.txt", 1, "go-vet"},
	} {
		run := strings.Repeat(read(c.run), c.times)
		alone, err := set.Shape(strings.NewReader(run), nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		if alone.Profile == nil || alone.Profile.Name != c.tool {
			t.Fatalf("%s alone detected as %v, want %s", c.run, alone.Profile, c.tool)
		}
		out, err := set.Shape(strings.NewReader(run+pass), nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		r := out.Report
		if len(r.Parts) != 2 || r.Parts[0].Tool != c.tool || r.Parts[1].Tool != "pytest" {
			t.Fatalf("%s then pytest's run: parts %+v, want %s's then pytest's", c.run, r.Parts, c.tool)
		}
		if !reflect.DeepEqual(r.Parts[0].Lint, alone.Report.Lint) {
			t.Errorf("%s's part counts %+v, alone %+v", c.run, r.Parts[0].Lint, alone.Report.Lint)
		}
		var got, want []report.Failure
		for _, f := range []struct {
			r   *report.Report
			dst *[]report.Failure
		}{{r, &got}, {alone.Report, &want}} {
			if err := f.r.Each(func(x report.Failure) error { *f.dst = append(*f.dst, x); return nil }); err != nil {
				t.Fatal(err)
			}
		}
		if len(want) == 0 || len(got) < len(want) || !reflect.DeepEqual(got[:len(want)], want) {
			t.Errorf("%s's part: %d failures, the run alone %d, or not the same", c.run, len(got), len(want))
		}
		if c.tool == "golangci-lint" && slices.ContainsFunc(r.Lines, func(l string) bool { return strings.TrimSpace(l) == "^" }) {
			t.Errorf("%s's part keeps its carets: %q", c.run, r.Lines)
		}
		alone.Report.Close()
		r.Close()
	}
}

// A profile's Over names one of its own signatures: another is an error
// that says so, as a user's profile loads.
func TestOverNamesOwnSignature(t *testing.T) {
	const y = "name: x\ndetect:\n  text: ['^a: ']\n  over:\n    - profile: go-vet\n      text: '%s'\ntext:\n  rules:\n    - match: '^a: (?P<message>.*)'\n      emit: failure\n"
	if _, err := Parse(fmt.Appendf(nil, y, "^a: "), "x.yaml"); err != nil {
		t.Fatalf("over one of its signatures: %v", err)
	}
	_, err := Parse(fmt.Appendf(nil, y, "^b: "), "x.yaml")
	if err == nil || !strings.Contains(err.Error(), `detect.over: "^b: " (over go-vet) is not one of detect.text`) {
		t.Fatalf("over a pattern not among its signatures: %v", err)
	}
}
