package profiles

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// shortSample is lines whole, or under -short every eighth of them. The
// tests that compare two ways of answering line by line over every capture
// line are single-goroutine and run whole in the full run; the race run
// (-race -short) takes this part of theirs, which the race detector would
// otherwise slow to most of a package's ten minutes (551 s of the package's
// run under -race before, on a 2-core host).
func shortSample[T any](lines []T) []T {
	if !testing.Short() {
		return lines
	}
	var part []T
	for i := 0; i < len(lines); i += 8 {
		part = append(part, lines[i])
	}
	return part
}

// readTextCaptures is every text capture under testdata, its path and its
// bytes: the inputs of the tests that shape with a shortcut on and off.
func readTextCaptures(t testing.TB) (files []string, caps [][]byte) {
	t.Helper()
	files, _ = filepath.Glob("../testdata/*/captures/*.txt")
	if len(files) < 50 {
		t.Fatalf("%d captures", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		caps = append(caps, b)
	}
	return files, caps
}

// cleanCaptureLines is every line of every text capture, cleaned as the
// parsers read it (filters.CleanLine).
func cleanCaptureLines(t testing.TB) []string {
	t.Helper()
	_, caps := readTextCaptures(t)
	var lines []string
	for _, b := range caps {
		for _, l := range strings.Split(string(b), "\n") {
			lines = append(lines, filters.CleanLine(l))
		}
	}
	return lines
}
