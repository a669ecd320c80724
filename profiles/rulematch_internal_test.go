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
	shape := func(p *Profile, b []byte, on bool) *report.Report {
		t.Helper()
		shortcuts = on
		defer func() { shortcuts = true }()
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
			if fast, slow := shape(p, b, true), shape(p, b, false); !reflect.DeepEqual(fast, slow) {
				t.Errorf("%s on %s: the shortcuts change the report:\n%+v\nwithout them:\n%+v", p.Name, files[i], fast, slow)
			}
		}
	}
	if profiles < 10 {
		t.Errorf("%d rules profiles", profiles)
	}
}
