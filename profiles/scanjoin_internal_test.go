package profiles

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// A long run whose lines now and then match another tool's signature (a
// pytest run's) is held as a few segments while it is scanned, not one for
// each such line, and still comes out as one run of its tool, from its
// first byte to its last.
func TestScanJoinsAsItGoes(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	pytest, _ := set.Get("pytest")
	files, _ := filepath.Glob("pytest/testdata/captures/*.txt")
	var lines []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")...)
	}
	if len(lines) == 0 {
		t.Fatal("no pytest captures")
	}
	sc := newScanner(set, nil)
	var end int64
	starts, most := 0, 0
	for range 20 {
		for _, raw := range lines {
			end += int64(len(raw)) + 1
			before := sc.cur
			sc.take(trimEnd(filters.CleanLine(raw)), end, nil)
			if sc.cur != before {
				starts++
			}
			most = max(most, len(sc.done))
		}
	}
	segs := sc.finish()
	if starts < 100 {
		t.Fatalf("only %d segments started: the input does not show what the test is for", starts)
	}
	if most > 2 {
		t.Errorf("%d segments started, and the scan held up to %d of them at once", starts, most)
	}
	if len(segs) != 1 || segs[0].prof != pytest || segs[0].from != 0 || segs[0].to != end {
		for _, g := range segs {
			t.Logf("%s [%d, %d)", name(g.prof), g.from, g.to)
		}
		t.Fatalf("%d segments, want one pytest run over [0, %d)", len(segs), end)
	}
	t.Logf("%d segments started, at most %d held", starts, most)
}
