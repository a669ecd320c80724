package profiles_test

import (
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// A build that warns before its tests fail (cargo test on a crate with 29
// rustc warnings) has its failing tests on page 1, above the warnings:
// failures of tests and errors come first on the page, whatever order the
// stream had (issue 54: page 1 was all warnings, the failures on page 2).
func TestFailuresBeforeWarnings(t *testing.T) {
	set := builtin(t)
	data := readFile(t, "../testdata/multi/streams/cargo-warned.txt")
	r := shapeRaw(t, set, data, profiles.Options{Window: report.Window{Limit: 20}})
	page := llmOfReport(t, r)
	status, _, _ := strings.Cut(page, "\n")
	if !strings.HasPrefix(status, "FAIL cargo: FAIL 3/10") {
		t.Errorf("status %q, want the tests' FAIL first", status)
	}
	warn := strings.Index(page, " warning ")
	if warn < 0 {
		t.Fatalf("no warning on page 1:\n%s", page)
	}
	want := toolReport(t, "cargo", "../testdata/multi/streams/cargo-warned.truth")
	if len(want) != 3 {
		t.Fatalf("ground truth has %d failures, the capture 3", len(want))
	}
	for _, w := range want {
		short := w.Name[strings.LastIndex(w.Name, "::")+2:] + `"`
		at := strings.Index(page, short)
		switch {
		case at < 0:
			t.Errorf("failure %q not on page 1:\n%s", w.Name, page)
		case at > warn:
			t.Errorf("failure %q after the first warning:\n%s", w.Name, page)
		}
	}
}
