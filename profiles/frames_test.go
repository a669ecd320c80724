package profiles_test

import (
	"os"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// A profile's frames: section reaches its parser: frames its markers name
// are dropped and counted like node_modules', whichever origin they mark.
// Shaped on a real capture, whose frames in src/lib/ are user code to the
// generic rules.
func TestProfileFramesMarkers(t *testing.T) {
	raw, err := os.ReadFile("jest/testdata/captures/mixed.txt")
	if err != nil {
		t.Fatal(err)
	}
	shape := func(t *testing.T, frames string) *report.Report {
		t.Helper()
		p, err := profiles.Parse([]byte("name: jest-marked\ntext:\n  parser: jest\n"+frames), "jest-marked.yaml")
		if err != nil {
			t.Fatal(err)
		}
		r, err := profiles.ShapeText(p, strings.NewReader(string(raw)), profiles.Options{Window: report.Window{}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	inLib := func(r *report.Report) (n int) {
		for _, f := range r.Failures {
			for _, fr := range f.Frames {
				if strings.HasPrefix(fr.File, "src/lib/") {
					n++
				}
			}
		}
		return n
	}
	dropped := func(r *report.Report) int {
		for _, o := range r.Omitted {
			if o.What == "stack frames" {
				return o.Count
			}
		}
		return 0
	}
	plain := shape(t, "")
	if inLib(plain) == 0 {
		t.Fatal("the capture has no frame in src/lib/ to mark; pick another")
	}
	for _, frames := range []string{
		"frames:\n  runtime: [src/lib/]\n",
		"frames:\n  dependency: [src/lib/]\n",
	} {
		marked := shape(t, frames)
		if n := inLib(marked); n != 0 {
			t.Errorf("%s: %d frames in src/lib/ kept, want none", frames, n)
		}
		if dropped(marked) <= dropped(plain) {
			t.Errorf("%s: %d stack frames dropped, want more than the %d without markers", frames, dropped(marked), dropped(plain))
		}
	}
}

// The built-in runners carry their own machinery's markers.
func TestBuiltinFramesMarkers(t *testing.T) {
	want := map[string]string{"jest": "/jest-circus/", "vitest": "/@vitest/"}
	for name, mark := range want {
		data, err := profiles.BuiltinYAML.ReadFile(name + "/profile.yaml")
		if err != nil {
			t.Fatal(err)
		}
		p, err := profiles.Parse(data, name+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range p.Frames.Runtime {
			found = found || m == mark
		}
		if !found {
			t.Errorf("%s: frames.runtime %q lacks %q", name, p.Frames.Runtime, mark)
		}
	}
}
