package profiles

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"testing/iotest"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/leakcheck"
	"github.com/terse-dev/terse/report"
)

// segmentsOf is the runs a scan finds in data, as text to compare: each
// run's tool, bytes and failure signals.
func segmentsOf(t *testing.T, set *Set, data []byte, ahead bool) string {
	t.Helper()
	head := data[:min(len(data), DetectHeadSize)]
	segs, err := set.scanFed(bytes.NewReader(data), nil, fedOwn, set.DetectText(head), ahead, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return segmentsText(segs)
}

// segmentsText is segs as text to compare: each run's tool, bytes and
// failure signals.
func segmentsText(segs []*segment) string {
	var b bytes.Buffer
	for _, g := range segs {
		fmt.Fprintf(&b, "%s [%d,%d) %d signals %q\n", name(g.prof), g.from, g.to, g.sig.n, g.sig.lines)
	}
	return b.String()
}

// The claimers change nothing: on every capture, on captures of two tools
// one after the other (both orders, so that the second run's lines are
// claimed by the scan itself) and on all the captures of every tool joined,
// the scan finds the runs and the failure signals it finds claiming every
// line itself. Batches of a few lines, claimed from the first, so that
// the scan and the claimers take turns many times within one capture.
func TestClaimAheadChangesNothing(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	defer func(lines, from int) { scanBatchLines, claimAheadFrom = lines, from }(scanBatchLines, claimAheadFrom)
	scanBatchLines, claimAheadFrom = 7, 0
	files, _ := filepath.Glob("*/testdata/captures/*.txt")
	streams, _ := filepath.Glob("../testdata/multi/streams/*.txt")
	if len(files) < 50 || len(streams) == 0 {
		t.Fatalf("%d captures, %d streams", len(files), len(streams))
	}
	files, _ = captureSample(files, nil)
	inputs := map[string][]byte{}
	var all []byte
	for _, path := range append(files, streams...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) == 0 {
			continue
		}
		inputs[path] = data
		all = append(all, data...)
	}
	pytest, jest := readData(t, "pytest/testdata/captures/brackets.color.txt"), readData(t, "jest/testdata/captures/many.color.txt")
	if len(pytest) == 0 || len(jest) == 0 {
		t.Fatal("the pytest and jest captures are missing")
	}
	inputs["pytest then jest"] = append(append([]byte(nil), pytest...), jest...)
	inputs["jest then pytest"] = append(append([]byte(nil), jest...), pytest...)
	inputs["every capture"] = all
	split := 0
	for what, data := range inputs {
		want := segmentsOf(t, set, data, false)
		got := segmentsOf(t, set, data, true)
		if got != want {
			t.Errorf("%s: claimed ahead:\n%s\nby the scan:\n%s", what, got, want)
		}
		if bytes.Count([]byte(want), []byte("\n")) > 1 {
			split++
		}
	}
	if split < 3 {
		t.Errorf("only %d inputs hold more than one run: the scan's own claims after a switch went untested", split)
	}
}

// A read error ends the scan with the claimers running: the error is
// returned, and no goroutine waits on a batch nobody takes.
func TestClaimAheadReadError(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	defer func(lines, from int) { scanBatchLines, claimAheadFrom = lines, from }(scanBatchLines, claimAheadFrom)
	scanBatchLines, claimAheadFrom = 7, 0
	jest, err := os.ReadFile("jest/testdata/captures/many.color.txt")
	if err != nil {
		t.Fatal(err)
	}
	broken := errors.New("the disk went away")
	jestProf, _ := set.Get("jest")
	before := runtime.NumGoroutine()
	for range 20 {
		_, err := set.scanFed(io.MultiReader(bytes.NewReader(jest), iotest.ErrReader(broken)), nil, fedOwn, jestProf, true, nil, nil)
		if !errors.Is(err, broken) {
			t.Fatalf("error %v, want %v", err, broken)
		}
	}
	// The reader and the claimers end once the scan has stopped.
	leakcheck.Goroutines(t, before, "the call returned")
}

// FuzzShapeStreamMatchesSequential: on any input, a pipe shaped beside the
// scan (the shaper fed the scan's lines, the claimers claiming batches of
// three lines from the first; or the scan riding on a rules profile's
// reader, its batches of three lines) gives what scanning, then shaping
// from the spool gives.
func FuzzShapeStreamMatchesSequential(f *testing.F) {
	for _, path := range []string{"jest/testdata/captures/many.color.txt", "pytest/testdata/captures/brackets.color.txt",
		"gotest/testdata/captures/buildfail.v.txt", "mypy/testdata/captures/many.txt",
		"mocha/testdata/captures/des-spec.txt"} {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 4000)])
	}
	f.Add([]byte("=== RUN   TestA\n--- FAIL: TestA (0.00s)\n\n FAIL  a.test.js > x\n\x1b[31mError\x1b[0m\r\n"))
	set, err := Builtin()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || LooksLikeJSON(data) {
			return
		}
		defer func(lines, from, ride int) {
			scanBatchLines, claimAheadFrom, rideBatchLines = lines, from, ride
		}(scanBatchLines, claimAheadFrom, rideBatchLines)
		scanBatchLines, claimAheadFrom, rideBatchLines = 3, 0, 3
		opt := Options{Window: report.Window{Limit: 20}}
		got, err := set.shapeStream(bytes.NewReader(data), data[:min(len(data), DetectHeadSize)], rereadBytes(data), opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		sameOutcome(t, "fuzzed input", got, sequentialShape(t, set, data, opt))
	})
}

// A panic of a claimer's is raised again on the scan's goroutine, where
// terse recovers it (to pass its input on unchanged): it never ends the
// process. (A claim index without its profiles fails on the first line a
// signature's checks let through.)
func TestClaimerPanicReachesTheScan(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	jest, err := os.ReadFile("jest/testdata/captures/many.color.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer func(lines, from int) { scanBatchLines, claimAheadFrom = lines, from }(scanBatchLines, claimAheadFrom)
	scanBatchLines, claimAheadFrom = 7, 0
	broken := newClaimIndex(set.All(), plainPaths{})
	broken.all = nil
	jestProf, _ := set.Get("jest")
	before := runtime.NumGoroutine()
	got := func() (v any) {
		defer func() { v = recover() }()
		rd := startScanRead(bytes.NewReader(jest), false, fedOwn, broken, jestProf, nil)
		defer rd.stop()
		for b := range rd.out {
			if b.claimed != nil {
				b.waitClaimed()
			}
			rd.recycle(b)
		}
		return nil
	}()
	if got == nil {
		t.Fatal("the claimers' panic did not reach the scan")
	}
	leakcheck.Goroutines(t, before, "the call returned")
}

// A reader that keeps the lines it is fed, as views (viewParsers), cut
// from shared blocks (slabParsers) or as strings of their own, reads them
// as they were to the end: the scan never writes its batches' text or its
// blocks again, however many batches it reuses. The lines are kept until the
// scan is done, then compared with a clean of the input.
func TestFedViewsStayAsTheyWere(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	defer func(lines int) { scanBatchLines = lines }(scanBatchLines)
	scanBatchLines = 5
	data, err := os.ReadFile("mocha/testdata/captures/des-spec.txt")
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Repeat(data, 3)
	var want []string
	if err := filters.NewLineReader(bytes.NewReader(data)).EachClean(func(l string) { want = append(want, l) }); err != nil {
		t.Fatal(err)
	}
	for _, own := range []fedLines{fedOwn, fedSlab, fedViews} {
		feed := filters.NewLineFeed(scanDepth)
		var got []string
		done := make(chan error)
		go func() {
			done <- filters.NewLineReader(feed).EachClean(func(l string) { got = append(got, l) })
		}()
		mocha, _ := set.Get("mocha")
		if _, err := set.scanFed(bytes.NewReader(data), feed, own, mocha, true, nil, nil); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("fedLines %d: %d lines fed, want %d", own, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("fedLines %d: line %d reads %q once the scan is done, want %q", own, i+1, got[i], want[i])
			}
		}
	}
}
