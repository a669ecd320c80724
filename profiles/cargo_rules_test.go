package profiles_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// The rule-language parts cargo's profiles brought: a block's message rule
// fills the location its groups hold, a block's detail rule keeps its
// message group, and a linter's file whose warnings came in two runs shows
// under one header.

func shapeWith(t *testing.T, yaml, input string) *report.Report {
	t.Helper()
	p, err := profiles.Parse([]byte(yaml), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out, err := builtin(t).Shape(strings.NewReader(input), p, profiles.Options{Window: report.Window{Limit: 0}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Report
}

const panicProfile = `name: x
text:
  unmatched: drop
  rules:
    - match: '^---- (?P<name>\S+) stdout ----$'
      emit: failure
      until: '^failures:$'
      block:
        - match: "^thread '[^']*' panicked at (?P<file>[^\\s:]+):(?P<line>\\d+):(?P<column>\\d+):$"
          emit: message
        - match: '^\s+(?P<message>at \./\S+)$'
          emit: detail
`

func TestBlockMessageRuleFillsLocation(t *testing.T) {
	r := shapeWith(t, panicProfile, "---- tests::a stdout ----\nthread 'tests::a' panicked at src/lib.rs:63:9:\nboom\n  left: 1\n             at ./src/lib.rs:63:9\nfailures:\n")
	if len(r.Failures) != 1 {
		t.Fatalf("failures %+v, want one", r.Failures)
	}
	f := r.Failures[0]
	got := []any{f.Name, f.File, f.Line, f.Column, f.Message, f.Details}
	want := []any{"tests::a", "src/lib.rs", 63, 9, "boom", []string{"  left: 1", "at ./src/lib.rs:63:9"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, want %#v", got, want)
	}
}

func TestLintFileInTwoRunsUnderOneHeader(t *testing.T) {
	const yaml = `name: x
text:
  lint: {}
  rules:
    - match: '^(?P<file>\S+):(?P<line>\d+): (?P<severity>warning): (?P<message>.*)$'
      emit: failure
`
	r := shapeWith(t, yaml, "a.rs:1: warning: one\nb.rs:2: warning: two\na.rs:3: warning: three\n")
	var files []string
	for _, f := range r.Failures {
		files = append(files, f.File)
	}
	if want := []string{"a.rs", "a.rs", "b.rs"}; !reflect.DeepEqual(files, want) {
		t.Errorf("files in order %q, want %q", files, want)
	}
}
