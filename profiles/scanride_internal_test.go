package profiles

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
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
	files, _ := filepath.Glob("*/testdata/captures/*.txt")
	streams, _ := filepath.Glob("../testdata/multi/streams/*.txt")
	var paths []string
	var datas [][]byte
	for _, path := range append(files, streams...) {
		data := readData(t, path)
		if len(data) == 0 || LooksLikeJSON(data) {
			continue
		}
		if p := set.DetectText(data[:min(len(data), DetectHeadSize)]); p != nil && p.Text.Parser == "" {
			paths, datas = append(paths, path), append(datas, data)
		}
	}
	if len(paths) < 37 {
		t.Fatalf("only %d inputs with a rules profile's head", len(paths)+3)
	}
	paths, datas = captureSample(paths, datas)
	inputs := map[string][]byte{}
	for i, path := range paths {
		inputs[path] = datas[i]
	}
	mocha, cargo := readData(t, "mocha/testdata/captures/des-spec.txt"), readData(t, "cargo/testdata/captures/test-fail.txt")
	jest, vet := readData(t, "jest/testdata/captures/many.color.txt"), readData(t, "../testdata/multi/streams/go-vet.txt")
	inputs["mocha then jest"] = append(append([]byte(nil), mocha...), jest...)
	inputs["cargo then go vet"] = append(append([]byte(nil), cargo...), vet...)
	inputs["mocha, jest, mocha"] = append(append(append([]byte(nil), mocha...), jest...), mocha...)
	return inputs
}

// rideSegments is the runs a scan riding on the shaper of data's head
// profile finds, as segmentsOf gives them.
func rideSegments(t *testing.T, set *Set, data []byte) string {
	t.Helper()
	spec := set.DetectText(data[:min(len(data), DetectHeadSize)])
	ride := newScanRide(newClaimIndex(set.All(), plainPaths{}), spec, nil)
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
	mocha, vet := readData(t, "mocha/testdata/captures/des-spec.txt"), readData(t, "../testdata/multi/streams/go-vet.txt")
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
	ride := newScanRide(newClaimIndex(set.All(), plainPaths{}), mochaProf, red)
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
	mocha := readData(t, "mocha/testdata/captures/des-spec.txt")
	mochaProf, _ := set.Get("mocha")
	before := runtime.NumGoroutine()
	got := func() (v any) {
		defer func() { v = recover() }()
		broken := newClaimIndex(set.All(), plainPaths{})
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

// With the report red before the reader starts a batch, the reader leaves
// the lines no signature may match out of what the scan takes (rideScan):
// the runs found, to the byte, are the ones the scan that reads every
// line finds, whatever the batches' size, and every run says its lines
// went unlooked-at.
func TestRideLeavesOutInertLinesWhenRed(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	inputs := rideInputs(t, set)
	// A line of mocha's, lines nobody claims and no blank one, then
	// jest's run: the cut before jest's is at the start of its first
	// line, after the lines left out.
	mocha, jest := readData(t, "mocha/testdata/captures/des-spec.txt"), readData(t, "jest/testdata/captures/many.color.txt")
	inputs["mocha, plain lines, jest"] = slices.Concat(mocha, []byte("  3 passing (5ms)\n  plain words\n  more words\n"), jest)
	for _, lines := range []int{3, 7, aheadLines} {
		t.Run(fmt.Sprintf("batches of %d", lines), func(t *testing.T) {
			defer func(n int) { rideBatchLines = n }(rideBatchLines)
			rideBatchLines = lines
			for what, data := range inputs {
				head := data[:min(len(data), DetectHeadSize)]
				want, err := set.scanFed(bytes.NewReader(data), nil, fedOwn, set.DetectText(head), false, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				red := new(atomic.Bool)
				red.Store(true)
				spec := set.DetectText(head)
				ride := newScanRide(newClaimIndex(set.All(), plainPaths{}), spec, red)
				_, err = ShapeText(spec, bytes.NewReader(data), Options{ride: ride})
				got, err := ride.segments(err)
				if err != nil {
					t.Fatal(err)
				}
				if g, w := segmentBounds(got), segmentBounds(want); g != w {
					t.Errorf("%s: riding red:\n%s\nby the scan:\n%s", what, g, w)
				}
				for _, g := range got {
					if !g.unsignalled || g.sig.n != 0 {
						t.Errorf("%s: a run of %s riding red was looked at: %+v", what, name(g.prof), g)
					}
				}
			}
		})
	}
}

// segmentBounds is segs as text to compare: each run's tool and bytes.
func segmentBounds(segs []*segment) string {
	var b strings.Builder
	for _, g := range segs {
		fmt.Fprintf(&b, "%s [%d,%d)\n", name(g.prof), g.from, g.to)
	}
	return b.String()
}

// The reader leaves out, in a batch not looked at for signals, a line no
// signature may match, and the next line it notes starts where the line
// left out ended; it keeps blank lines, lines a signature may match, and
// every line of a batch that is looked at.
func TestRideScanLeavesOutOnlyInertLines(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	x := newClaimIndex(set.All(), plainPaths{})
	lines := []string{"  passes 1", "    ✔ formats a date", "  plain words", "", "  2 failing"}
	if !x.inert(lines[0], 2) || !x.inert(lines[2], 2) || x.inert(lines[1], 4) || x.inert(lines[4], 2) {
		t.Fatalf("the lines' claims by their edges are not as this test needs")
	}
	for _, unsignalled := range []bool{false, true} {
		b := &lineBatch{rideBatch: rideBatch{unsignalled: unsignalled, scanEnd: 100}}
		end := int64(100)
		for _, l := range lines {
			end += int64(len(l)) + 1
			n, _ := lineIndent(l)
			b.rideScan(l, end, n, int32(len(b.lines)), l == "", b.leavesOut(x, l, n, l == ""))
			if l != "" {
				b.lines = append(b.lines, aheadLine{line: l})
			}
		}
		var got []string
		for _, s := range b.scan {
			got = append(got, fmt.Sprintf("%q [%d,%d) %d", s.text, s.from, s.end, s.ahead))
		}
		// (✔ is 3 bytes.)
		want := []string{`"  passes 1" [100,111) 0`, `"    ✔ formats a date" [111,134) 1`, `"  plain words" [134,148) 2`, `"" [148,149) -1`, `"  2 failing" [149,161) 3`}
		if unsignalled {
			want = []string{`"    ✔ formats a date" [111,134) 1`, `"" [148,149) -1`, `"  2 failing" [149,161) 3`}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") || b.scanEnd != 161 {
			t.Errorf("unsignalled %v: noted\n%s\nwant\n%s\n(scanEnd %d)", unsignalled, strings.Join(got, "\n"), strings.Join(want, "\n"), b.scanEnd)
		}
	}
}
