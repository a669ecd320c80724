package jest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// jestVerboseRe is what isVerboseLine reads: its oracle.
var jestVerboseRe = filters.Lazy(`^\s+(✓|✕|○|✎|√|×) `)

var verboseSeeds = []string{
	"  ✓ adds (2 ms)", "    ✕ fails", "  ○ skipped x", "\t✎ todo", "  √ ok", "  × bad", "✓ no margin", "  ✓", "  ✓x",
	"\f\n ✓ y", "  ● x", "", " ", "  \xe2\x9c", "  ×  y",
}

// TestVerboseLineMatchesRegexp compares the scan with the regexp on the
// seeds and every line of every capture.
func TestVerboseLineMatchesRegexp(t *testing.T) {
	lines := verboseSeeds
	files, _ := filepath.Glob("../../../profiles/*/testdata/captures/*.txt")
	if len(files) < 50 {
		t.Fatalf("only %d captures", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			lines = append(lines, l, filters.CleanLine(l))
		}
	}
	for _, l := range lines {
		if got, want := isVerboseLine(l), jestVerboseRe.MatchString(l); got != want {
			t.Errorf("isVerboseLine(%q) = %v, the regexp %v", l, got, want)
		}
	}
}

// FuzzVerboseLine compares the two on any line:
//
//	go test ./internal/parse/jest -run '^$' -fuzz FuzzVerboseLine -fuzztime 90s
func FuzzVerboseLine(f *testing.F) {
	for _, s := range verboseSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, l string) {
		if got, want := isVerboseLine(l), jestVerboseRe.MatchString(l); got != want {
			t.Errorf("isVerboseLine(%q) = %v, the regexp %v", l, got, want)
		}
	})
}
