package profiles_test

import (
	"bytes"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// A pipe is shaped as -p shapes it: on every capture detection gives to
// its own profile, the output without -p is the output with it. (The guard
// may only add to it: a PASS that failure lines contradict, which -p
// leaves to the tool's own report; no capture has one.)
func TestDetectedEqualsForced(t *testing.T) {
	set := builtin(t)
	n := 0
	for prof, files := range captures(t) {
		for _, path := range files {
			opt := profiles.Options{Window: report.Window{Limit: 20}}
			det := shapeFile(t, set, path, "", opt)
			if det.Profile == nil || det.Profile.Name != prof {
				continue // TestDetect reports it
			}
			forced := shapeFile(t, set, path, prof, opt)
			var a, b bytes.Buffer
			if err := render.LLM(&a, det.Report, goldenHints); err != nil {
				t.Fatal(err)
			}
			if err := render.LLM(&b, forced.Report, goldenHints); err != nil {
				t.Fatal(err)
			}
			if a.String() != b.String() {
				t.Errorf("%s: detected output differs from -p %s:\n--- detected\n%s\n--- forced\n%s", path, prof, a.String(), b.String())
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no capture compared")
	}
}
