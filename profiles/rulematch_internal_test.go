package profiles

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/terse-dev/terse/report"
)

// TestShortcutsChangeNothing: every rules profile reads every capture (its
// own and every other tool's) into the same report with the parser's
// shortcuts (line filters, idle block rules) on as with them off, where
// every rule's regexp runs on every line it is tried on.
func TestShortcutsChangeNothing(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	files, in := readTextCaptures(t)
	// The shortcuts are on in the parser's own loop and in the worker
	// that matches lines ahead (ruleahead.go); the slow way has neither.
	shape := func(p *Profile, b []byte, on, ahead bool) *report.Report {
		t.Helper()
		shortcuts, ruleAhead = on, ahead
		defer func() { shortcuts, ruleAhead = true, true }()
		r, err := ShapeText(p, bytes.NewReader(b), Options{Window: report.Window{Limit: 5}})
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
		for i, b := range in {
			slow := shape(p, b, false, false)
			for _, ahead := range []bool{true, false} {
				if fast := shape(p, b, true, ahead); !reflect.DeepEqual(fast, slow) {
					t.Errorf("%s on %s (ahead %v): the shortcuts change the report:\n%+v\nwithout them:\n%+v", p.Name, files[i], ahead, fast, slow)
				}
			}
		}
	}
	if profiles < 10 {
		t.Errorf("%d rules profiles", profiles)
	}
}
