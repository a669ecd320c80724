package eslint

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// TestLastDoubleSpace: the backward scan is strings.LastIndex(s, "  ") on
// edge cases and every line of the eslint captures.
func TestLastDoubleSpace(t *testing.T) {
	lines := []string{"", " ", "  ", "   ", "a  b", "a  b  c", "a b", "a   ", "  a"}
	files, _ := filepath.Glob("../../../profiles/eslint/testdata/captures/*")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	for _, l := range lines {
		if got, want := lastDoubleSpace(l), strings.LastIndex(l, "  "); got != want {
			t.Errorf("lastDoubleSpace(%q) = %d, want %d", l, got, want)
		}
	}
}

// TestRowsRelativeToCwd: with a working directory, every row's file is
// opt.Rel of the path its table is under (the cached result is the one
// for the current file, file after file).
func TestRowsRelativeToCwd(t *testing.T) {
	data, err := os.ReadFile("../../../profiles/eslint/testdata/captures/many.txt")
	if err != nil {
		t.Fatal(err)
	}
	opt := parse.Options{Cwd: "/tmp/terse-fixtures/eslint/many"}
	b := report.NewBuilder("eslint", report.Window{})
	if err := Parse(filters.NewLineReader(bytes.NewReader(data)), b, opt); err != nil {
		t.Fatal(err)
	}
	var want []string // the file of each row, in order, from the text
	file := ""
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "/") {
			file = l
		} else if _, ok := parseRow(l); ok {
			want = append(want, opt.Rel(file))
		}
	}
	files := map[string]int{}
	for _, f := range b.Finish().Failures {
		files[f.File]++
	}
	wantFiles := map[string]int{}
	for _, f := range want {
		wantFiles[f]++
	}
	if len(files) < 2 || !maps.Equal(files, wantFiles) {
		t.Errorf("rows per file = %v, want %v", files, wantFiles)
	}
}
