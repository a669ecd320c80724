package profiles

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/longtest"
)

// lineSample is lines whole in the long run (TERSE_LONG_TESTS=1, as CI
// runs), and otherwise every eighth of them, spread over every capture. The
// tests that compare two ways of answering line by line over every capture
// line (a fast path and the plain one) took most of the package's default
// run whole (260 s of 419 s on a loaded 2-core host); their part still
// checks the property on every run, the long run on every line. The race
// run (-race -short) takes the same part, which the race detector would
// otherwise slow to most of a package's ten minutes.
func lineSample[T any](lines []T) []T {
	return longtest.Sample(lines, 8)
}

// readTextCaptures is every text capture under testdata, its path and its
// bytes: the inputs of the tests that shape with a shortcut on and off.
func readTextCaptures(t testing.TB) (files []string, caps [][]byte) {
	t.Helper()
	files, _ = filepath.Glob("*/testdata/captures/*.txt")
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

// captureSample is files (and caps, their contents in the same order, or
// nil) whole in the long run, and otherwise every sixth capture of each
// tool's (profiles/<tool>/testdata/captures), from its first: every tool's format is
// in the part. It is for the tests that shape each capture two ways and
// compare, as lineSample is for those that compare line by line.
func captureSample(files []string, caps [][]byte) ([]string, [][]byte) {
	var pf []string
	var pc [][]byte
	for _, i := range longtest.ByDir(files, 6) {
		pf = append(pf, files[i])
		if caps != nil {
			pc = append(pc, caps[i])
		}
	}
	return pf, pc
}
