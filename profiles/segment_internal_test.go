package profiles

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// One tool's output is one run: no capture of a single tool is split, and
// a passing capture has no failure signal (the guard would call it FAIL).
func TestSingleToolCapturesAreOneSegment(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("*/testdata/captures/*.txt")
	if len(files) == 0 {
		t.Fatal("no captures")
	}
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sp := &spool{}
		segs, err := set.scanSegments(f, sp)
		f.Close()
		sp.close()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if len(segs) != 1 {
			var names []string
			for _, g := range segs {
				names = append(names, g.prof.Name)
			}
			t.Errorf("%s: split into %d runs: %s", path, len(segs), strings.Join(names, ", "))
		}
	}
}
