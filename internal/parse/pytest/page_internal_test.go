package pytest

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/longtest"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// TestPagesOfOneAgreeWithAll reads all the captures as one log, then each
// failure alone as a page of one: every page must be the same failure as in
// the whole list. The blocks before a page are dropped and their records
// reused (pySpare), so a record that kept something of a dropped block
// would show here. Each page reads the whole log again: outside the long
// run (TERSE_LONG_TESTS=1) every fifth failure is a page, from the first,
// where all of them took 5 s of the package's default run.
func TestPagesOfOneAgreeWithAll(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "profiles", "pytest", "testdata", "captures", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures: %v", err)
	}
	var data []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, b...)
	}
	all := parsePage(t, data, report.Window{})
	if len(all.Failures) < 100 {
		t.Fatalf("only %d failures in all the captures", len(all.Failures))
	}
	offsets := make([]int, len(all.Failures))
	for i := range offsets {
		offsets[i] = i
	}
	for _, i := range longtest.Sample(offsets, 5) {
		want := all.Failures[i]
		page := parsePage(t, data, report.Window{Offset: i, Limit: 1})
		if len(page.Failures) != 1 || !reflect.DeepEqual(page.Failures[0], want) {
			t.Fatalf("failure %d alone is %+v, in all %+v", i, page.Failures, want)
		}
	}
}

func parsePage(t *testing.T, data []byte, win report.Window) *report.Report {
	t.Helper()
	b := report.NewBuilder("pytest", win)
	if err := Parse(filters.NewLineReader(bytes.NewReader(data)), b, parse.Options{Window: win}); err != nil {
		t.Fatal(err)
	}
	return b.Finish()
}
