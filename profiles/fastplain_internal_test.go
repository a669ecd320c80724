package profiles

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/terse-dev/terse/report"
)

// fastPlainSeeds are real captures the fuzz test starts from: a test
// runner, a linter, a compiler and go test, colour and rules parsers
// among them, and two of them run together (two tools in one stream).
var fastPlainSeeds = []string{
	"pytest/testdata/captures/brackets.color.txt",
	"eslint/testdata/captures/mixed.txt",
	"tsc/testdata/captures/mixed.txt",
	"gotest/testdata/captures/mixed.txt",
	"cargo-build/testdata/captures/build-errors.txt",
	"jest/testdata/captures/teardown.txt",
}

// FuzzFastEqualsPlain: on any input, the pipeline production runs (every
// speed-up on) shapes the same outcome as the plain path (every speed-up
// off, each read, claim and rule tried the simple way). Run it with
//
//	go test ./profiles -run '^$' -fuzz FuzzFastEqualsPlain -fuzzminimizetime 1x
//
// the last flag because a run shapes the input twice through every
// profile: minimizing each input that finds new code, for the default
// minute each, leaves the fuzzer at 0 execs/s most of the time.
func FuzzFastEqualsPlain(f *testing.F) {
	set, err := Builtin()
	if err != nil {
		f.Fatal(err)
	}
	var caps [][]byte
	for _, path := range fastPlainSeeds {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		caps = append(caps, data)
		f.Add(data)
	}
	f.Add(bytes.Join(caps[:2], nil))
	slow := set.plainSet(everyPlainPath())
	f.Fuzz(func(t *testing.T, in []byte) {
		fast := shapeOutcome(t, set, in)
		plain := shapeOutcome(t, slow, in)
		if !reflect.DeepEqual(fast, plain) {
			t.Errorf("the speed-ups change the outcome:\n%+v\n%+v\nplain:\n%+v\n%+v", fast, fast.Report, plain, plain.Report)
		}
	})
}

// shapedOutcome is an Outcome as the fuzz test compares it: the profile
// by name (a Profile holds its compiled caches), the error as text.
type shapedOutcome struct {
	Outcome
	Profile string
	Err     string
}

// shapeOutcome is what set's Shape makes of in.
func shapeOutcome(t *testing.T, set *Set, in []byte) shapedOutcome {
	t.Helper()
	out, err := set.Shape(bytes.NewReader(in), nil, Options{Window: report.Window{Limit: 20}})
	if out.All != nil {
		t.Fatal("All set without Options.Whole")
	}
	got := shapedOutcome{Outcome: out, Profile: name(out.Profile)}
	got.Outcome.Profile = nil
	if err != nil {
		got.Err = err.Error()
	}
	if out.Invalid != nil {
		got.Err += " invalid: " + out.Invalid.Error()
		got.Invalid = nil
	}
	return got
}
