package vitest

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// captureBlocks returns the body of every error block of the real vitest
// captures: the lines after a " FAIL " line up to the next "⎯" line.
func captureBlocks(t *testing.T) [][]string {
	t.Helper()
	files, err := filepath.Glob("../../../profiles/vitest/testdata/captures/*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures: %v", err)
	}
	var blocks [][]string
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var cur []string
		in := false
		for _, l := range strings.Split(string(raw), "\n") {
			l = filters.CleanLine(l)
			tl := filters.TrimSpace(l)
			switch {
			case strings.HasPrefix(tl, "FAIL "):
				in, cur = true, nil
			case in && strings.HasPrefix(tl, "⎯"):
				blocks, in = append(blocks, cur), false
			case in:
				cur = append(cur, l)
			}
		}
	}
	return blocks
}

// analyzeBody reads a block the same whether it is handed the lines
// trimmed (as the parser does, having trimmed them to sort them) or trims
// them itself (the JSON report's stacks, and a Trimmed that does not fit).
func TestAnalyzeBodyTrimmedAgrees(t *testing.T) {
	blocks := captureBlocks(t)
	if len(blocks) < 10 {
		t.Fatalf("found %d blocks in the captures, want 10 or more", len(blocks))
	}
	opt := parse.Options{Cwd: "/root"}
	read := func(lines, trimmed []string) (report.Failure, *report.Report) {
		b := report.NewBuilder("vitest", report.Window{})
		f := report.Failure{Kind: report.KindAssertion}
		analyzeBody(&f, lines, trimmed, b, opt)
		return f, b.Finish()
	}
	for _, lines := range blocks {
		trimmed := make([]string, len(lines))
		for i, l := range lines {
			trimmed[i] = filters.TrimSpace(l)
		}
		wantF, wantR := read(lines, nil)
		for _, tr := range [][]string{trimmed, trimmed[:len(trimmed)/2]} {
			gotF, gotR := read(lines, tr)
			if !reflect.DeepEqual(gotF, wantF) || !reflect.DeepEqual(gotR, wantR) {
				t.Errorf("block %q: with %d trimmed lines read\n%+v\n%+v\nwithout\n%+v\n%+v", lines, len(tr), gotF, gotR, wantF, wantR)
			}
		}
	}
}
