package profiles

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/terse-dev/terse/report"
)

// shapeWith shapes b with p, taking the plain paths paths (none: the
// pipeline production runs).
func shapeWith(t *testing.T, p *Profile, b []byte, paths plainPaths) *report.Report {
	t.Helper()
	if paths != (plainPaths{}) {
		p = plainProfile(p, paths)
	}
	r, err := ShapeText(p, bytes.NewReader(b), Options{Window: report.Window{Limit: 5}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// rulesProfiles are the built-in profiles written as rules (ten or more,
// or the test fails).
func rulesProfiles(t *testing.T) []*Profile {
	t.Helper()
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var out []*Profile
	for _, p := range set.All() {
		if len(p.Text.Rules) > 0 {
			out = append(out, p)
		}
	}
	if len(out) < 10 {
		t.Fatalf("%d rules profiles", len(out))
	}
	return out
}

// TestShortcutsChangeNothing: every rules profile reads every capture (its
// own and every other tool's) into the same report with the parser's
// shortcuts (line filters, idle block rules) on as with them off, where
// every rule's regexp runs on every line it is tried on. The shortcuts are
// on in the parser's own loop and in the goroutines that match lines ahead
// (ruleahead.go); the slow way has neither.
func TestShortcutsChangeNothing(t *testing.T) {
	files, in := captureSample(readTextCaptures(t))
	for _, p := range rulesProfiles(t) {
		for i, b := range in {
			slow := shapeWith(t, p, b, plainPaths{shortcuts: true, ruleAhead: true})
			for _, ahead := range []bool{true, false} {
				if fast := shapeWith(t, p, b, plainPaths{ruleAhead: !ahead}); !reflect.DeepEqual(fast, slow) {
					t.Errorf("%s on %s (ahead %v): the shortcuts change the report:\n%+v\nwithout them:\n%+v", p.Name, files[i], ahead, fast, slow)
				}
			}
		}
	}
}
