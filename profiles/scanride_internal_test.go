package profiles

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/terse-dev/terse/internal/leakcheck"
	"github.com/terse-dev/terse/report"
)

// rideInputs are the inputs whose head is a rules profile's tool, which a
// pipe's scan rides on: every such capture, the multi-tool streams, and
// runs of two tools one after the other (the second's lines claimed by
// the scan itself), by name.
func rideInputs(t *testing.T, set *Set) map[string][]byte {
	t.Helper()
	files, _ := filepath.Glob("../testdata/*/captures/*.txt")
	streams, _ := filepath.Glob("../testdata/multi/streams/*.txt")
	inputs := map[string][]byte{}
	for _, path := range append(files, streams...) {
		data := readData(t, path)
		if len(data) == 0 || LooksLikeJSON(data) {
			continue
		}
		if p := set.DetectText(data[:min(len(data), DetectHeadSize)]); p != nil && p.Text.Parser == "" {
			inputs[path] = data
		}
	}
	mocha, cargo := readData(t, "../testdata/mocha/captures/des-spec.txt"), readData(t, "../testdata/cargo/captures/test-fail.txt")
	jest, vet := readData(t, "../testdata/jest/captures/many.color.txt"), readData(t, "../testdata/multi/streams/go-vet.txt")
	inputs["mocha then jest"] = append(append([]byte(nil), mocha...), jest...)
	inputs["cargo then go vet"] = append(append([]byte(nil), cargo...), vet...)
	inputs["mocha, jest, mocha"] = append(append(append([]byte(nil), mocha...), jest...), mocha...)
	if len(inputs) < 40 {
		t.Fatalf("only %d inputs with a rules profile's head", len(inputs))
	}
	return inputs
}

// rideSegments is the runs a scan riding on the shaper of data's head
// profile finds, as segmentsOf gives them.
func rideSegments(t *testing.T, set *Set, data []byte) string {
	t.Helper()
	spec := set.DetectText(data[:min(len(data), DetectHeadSize)])
	ride := newScanRide(newClaimIndex(set.All()), spec, nil)
	_, err := ShapeText(spec, bytes.NewReader(data), Options{ride: ride})
	segs, err := ride.segments(err)
	if err != nil {
		t.Fatal(err)
	}
	return segmentsText(segs)
}

// readData is the file at path.
func readData(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A scan riding on the shaper's reader finds the runs and failure signals
// the scan that reads for itself and claims every line finds, and a pipe
// shaped so gives what scanning, then shaping from the spool gives: with
// batches of a few lines (blank ones too), so that the scan, the claimers
// and the batches' ends meet anywhere, and with batches as they are.
func TestRideChangesNothing(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	inputs := rideInputs(t, set)
	opt := Options{Window: report.Window{Limit: 20}}
	for _, lines := range []int{3, 7, aheadLines} {
		t.Run(fmt.Sprintf("batches of %d", lines), func(t *testing.T) {
			defer func(n int) { rideBatchLines = n }(rideBatchLines)
			rideBatchLines = lines
			split := 0
			for what, data := range inputs {
				want := segmentsOf(t, set, data, false)
				if got := rideSegments(t, set, data); got != want {
					t.Errorf("%s: riding:\n%s\nby the scan:\n%s", what, got, want)
				}
				if strings.Count(want, "\n") > 1 {
					split++
				}
				got, err := set.shapeStream(bytes.NewReader(data), data[:min(len(data), DetectHeadSize)], nil, opt, nil)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				sameOutcome(t, what, got, sequentialShape(t, set, data, opt))
			}
			if split < 3 {
				t.Errorf("only %d inputs hold more than one run: the scan's own claims went untested", split)
			}
		})
	}
}

// Once the report is sure to fail, the riding scan's claimers stop looking
// for failure signals, and a later tool's part looks for them as it is
// shaped again: a failing mocha run long enough to be red before its end,
// then a go test run whose summary passes after a vet failure (a real
// stream), says so as the sequential shaping does.
func TestRideSignalsAfterRedAreFoundAgain(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	mocha, vet := readData(t, "../testdata/mocha/captures/des-spec.txt"), readData(t, "../testdata/multi/streams/go-vet.txt")
	data := append(bytes.Repeat(mocha, 100), vet...)
	opt := Options{Window: report.Window{Limit: 20}}
	got, err := set.shapeStream(bytes.NewReader(data), data[:DetectHeadSize], nil, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	sameOutcome(t, "mocha then go vet", got, sequentialShape(t, set, data, opt))
	if got.Report == nil || got.Report.Unexplained != 1 || !strings.Contains(got.Report.Tool, "gotest") {
		t.Fatalf("the go test part's failure signal is not reported: %+v", got.Report)
	}
	// The path taken: with the report red from the start, no line is
	// looked at, and both parts say so.
	red := new(atomic.Bool)
	red.Store(true)
	mochaProf, _ := set.Get("mocha")
	ride := newScanRide(newClaimIndex(set.All()), mochaProf, red)
	_, err = ShapeText(mochaProf, bytes.NewReader(data), Options{ride: ride})
	segs, err := ride.segments(err)
	if err != nil {
		t.Fatal(err)
	}
	if len(segs) != 2 || !segs[0].unsignalled || !segs[1].unsignalled || segs[1].sig.n != 0 {
		t.Fatalf("riding with the report red: %d segments, %+v", len(segs), segs)
	}
}

// A panic of a claimer's, riding in a matcher, is raised again on the
// shaper's goroutine, where terse recovers it: it never ends the process.
// (A claim index without its profiles fails on the first line a
// signature's checks let through.)
func TestRideClaimerPanicReachesTheShaper(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	mocha := readData(t, "../testdata/mocha/captures/des-spec.txt")
	mochaProf, _ := set.Get("mocha")
	before := runtime.NumGoroutine()
	got := func() (v any) {
		defer func() { v = recover() }()
		broken := newClaimIndex(set.All())
		broken.all = nil
		ride := newScanRide(broken, mochaProf, nil)
		_, _ = ShapeText(mochaProf, bytes.NewReader(mocha), Options{ride: ride})
		return nil
	}()
	if got == nil {
		t.Fatal("the claimers' panic did not reach the shaper")
	}
	leakcheck.Goroutines(t, before, "the call returned")
}
