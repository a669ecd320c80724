package gotest

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
	"testing/iotest"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/leakcheck"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// parseWith parses data with the lines read ahead or not, with lines cut
// at max bytes (0: the reader's default).
func parseWith(t *testing.T, data []byte, ahead bool, max int) *report.Report {
	t.Helper()
	b := report.NewBuilder("go test", report.Window{Limit: 5})
	lr := filters.NewLineReader(bytes.NewReader(data))
	if max > 0 {
		lr.Max = max
	}
	if err := parseLines(lr, b, parse.Options{Cwd: "/tmp/terse-fixtures/gotest"}, !ahead); err != nil {
		t.Fatal(err)
	}
	return b.Finish()
}

// TestReadAheadChangesNothing: every capture of go test (text, -v and
// -json), and all of them at once, which crosses many batches, and each
// with lines cut short (-json events among them), reads into the same
// report with the lines made ready on another goroutine as on the
// parser's.
func TestReadAheadChangesNothing(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "profiles", "gotest", "testdata", "captures", "*"))
	var all []byte
	n := 0
	for _, f := range files {
		if ext := filepath.Ext(f); ext != ".txt" && ext != ".json" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n++
		all = append(all, data...)
		for _, max := range []int{0, 60} {
			if ahead, inline := parseWith(t, data, true, max), parseWith(t, data, false, max); !reflect.DeepEqual(ahead, inline) {
				t.Errorf("%s (max %d): reading ahead changes the report:\n%+v\ninline:\n%+v", f, max, ahead, inline)
			}
		}
	}
	if n < 10 || bytes.Count(all, []byte("\n")) < 20*batchLines {
		t.Fatalf("%d captures, %d lines: too few to cross batches", n, bytes.Count(all, []byte("\n")))
	}
	if ahead, inline := parseWith(t, all, true, 0), parseWith(t, all, false, 0); !reflect.DeepEqual(ahead, inline) {
		t.Errorf("all captures: reading ahead changes the report")
	}
}

// batchLines is the most lines filters.EachAhead hands over at once: the
// tests' inputs are many times that, to cross batches.
const batchLines = 512

// TestReadAheadError: a read error after several batches reaches the
// caller, and no goroutine is left once Parse has returned.
func TestReadAheadError(t *testing.T) {
	text := bytes.Repeat([]byte("=== RUN   TestX\n--- PASS: TestX (0.00s)\n"), 3*batchLines)
	boom := errors.New("boom")
	before := runtime.NumGoroutine()
	b := report.NewBuilder("go test", report.Window{})
	err := Parse(filters.NewLineReader(io.MultiReader(bytes.NewReader(text), iotest.ErrReader(boom))), b, parse.Options{})
	if !errors.Is(err, boom) {
		t.Fatalf("error = %v, want %v", err, boom)
	}
	leakcheck.Goroutines(t, before, "Parse returned")
}
