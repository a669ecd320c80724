package profiles

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/iotest"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/leakcheck"
	"github.com/terse-dev/terse/report"
)

// sequentialShape is how a pipe was shaped before shaping ran beside the
// scan: scan the whole input into the spool, then shape from the spool.
// The concurrent path must give the very same report.
func sequentialShape(t *testing.T, s *Set, in []byte, opt Options) Outcome {
	t.Helper()
	head := in[:min(len(in), DetectHeadSize)]
	sp := &spool{}
	defer sp.close()
	segs, err := s.scanSegments(bytes.NewReader(in), sp)
	if err != nil {
		t.Fatal(err)
	}
	if len(segs) >= 2 {
		out, err := s.shapeSegments(segs, sp, opt)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	p := s.DetectText(head)
	if p == nil {
		p, _ = s.Get(Generic)
	}
	r, err := ShapeText(p, sp.section(0, sp.size), opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(segs) == 1 {
		reconcile(r, &segs[0].sig)
	}
	return Outcome{Report: r, Profile: p}
}

func textCaptures(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("*/testdata/captures/*.txt")
	if len(files) == 0 {
		t.Fatal("no captures")
	}
	return files
}

func sameOutcome(t *testing.T, what string, got, want Outcome) {
	t.Helper()
	// By name: a set on plain paths holds copies of the profiles.
	if name(got.Profile) != name(want.Profile) {
		t.Errorf("%s: profile %v, sequential %v", what, name(got.Profile), name(want.Profile))
	}
	if !reflect.DeepEqual(got.Report, want.Report) {
		t.Errorf("%s: report differs from the sequential one:\n%+v\n%+v", what, got.Report, want.Report)
	}
}

// Shaping beside the scan gives what scanning then shaping gave, the scan
// riding on a rules profile's reader, or the shaper fed the scan's lines
// or reading a copy of the bytes, on every
// text capture, a long input that goes past the in-memory spool, and two
// tools' captures one after the other (which still split in two runs).
// The sequential outcomes, which no mode changes, are shaped once for all
// modes (six times before: a third of the test's 7 s).
func TestShapeStreamMatchesSequential(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Window: report.Window{Limit: 20}}
	inputs := streamInputs(t, set, opt)
	for _, mode := range []struct{ ride, fed bool }{{true, true}, {false, true}, {false, false}} {
		t.Run(fmt.Sprintf("ride=%v,fed=%v", mode.ride, mode.fed), func(t *testing.T) {
			paths := plainPaths{feedLines: !mode.fed, rideScan: !mode.ride}
			if paths == (plainPaths{}) {
				shapeStreamMatchesSequential(t, set, opt, inputs)
				return
			}
			shapeStreamMatchesSequential(t, set.plainSet(paths), opt, inputs)
		})
	}
}

// streamInput is an input of TestShapeStreamMatchesSequential and its
// sequential outcome.
type streamInput struct {
	what string
	data []byte
	want Outcome
}

// streamInputs is the sampled text captures (captureSample), then two
// tools' runs one after the other, a run past the spool and a run with a
// line past the reader's limit, each with its sequential outcome.
func streamInputs(t *testing.T, set *Set, opt Options) []streamInput {
	t.Helper()
	var inputs []streamInput
	paths, _ := captureSample(textCaptures(t), nil)
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) == 0 || LooksLikeJSON(data) {
			continue
		}
		inputs = append(inputs, streamInput{what: path, data: data})
	}
	jest, err := os.ReadFile("jest/testdata/captures/many.color.txt")
	if err != nil {
		t.Fatal(err)
	}
	pytest, err := os.ReadFile("pytest/testdata/captures/brackets.color.txt")
	if err != nil {
		t.Fatal(err)
	}
	two := append(append([]byte(nil), pytest...), jest...)
	big := bytes.Repeat(jest, spoolMem/len(jest)+2)
	// A line past the reader's limit: its cut is counted by the scan's
	// reader and handed to the shaper with its lines.
	long := append(append(append([]byte(nil), jest[:len(jest)/2]...), bytes.Repeat([]byte("y"), 3*filters.DefaultMaxLine)...), jest[len(jest)/2:]...)
	inputs = append(inputs, streamInput{what: "pytest then jest", data: two},
		streamInput{what: "jest past the spool", data: big}, streamInput{what: "jest with an overlong line", data: long})
	for i := range inputs {
		inputs[i].want = sequentialShape(t, set, inputs[i].data, opt)
	}
	return inputs
}

// shapeStreamMatchesSequential is TestShapeStreamMatchesSequential with
// the shaper fed the scan's lines or a copy of the bytes (feedLines).
func shapeStreamMatchesSequential(t *testing.T, set *Set, opt Options, inputs []streamInput) {
	for _, in := range inputs {
		// Once with the spool, once with the input's own copy (as
		// terse's stdin keeps one).
		for _, again := range []Rereader{nil, rereadBytes(in.data)} {
			got, err := set.shapeStream(bytes.NewReader(in.data), in.data[:min(len(in.data), DetectHeadSize)], again, opt, nil)
			if err != nil {
				t.Fatalf("%s: %v", in.what, err)
			}
			sameOutcome(t, in.what, got, in.want)
			if in.what == "pytest then jest" && (got.Report == nil || !strings.Contains(got.Report.Tool, "jest") || !strings.Contains(got.Report.Tool, "pytest")) {
				t.Errorf("%s: not split into its two tools: %+v", in.what, got.Report)
			}
			if in.what == "jest with an overlong line" && !slices.ContainsFunc(got.Report.Omitted, func(o report.Omission) bool {
				return strings.Contains(o.What, "1 overlong line") && o.Count >= 2*filters.DefaultMaxLine
			}) {
				t.Errorf("%s: the cut is not counted: %+v", in.what, got.Report.Omitted)
			}
		}
	}
}

// rereadBytes is an input's own copy of data, read again by sections.
type rereadBytes []byte

func (r rereadBytes) Reread(from, to int64) (io.Reader, error) {
	return bytes.NewReader(r[from:to]), nil
}

// A read that fails in the middle of a pipe is reported, and the shaping
// that ran beside the scan is stopped: no goroutine is left behind. Jest's
// run is fed to its shaper by the scan; mocha's scan rides on its shaper's
// reader (scanRide).
func TestShapeStreamReadErrorLeaksNothing(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"jest/testdata/captures/many.color.txt", "mocha/testdata/captures/des-spec.txt"} {
		capture, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		data := bytes.Repeat(capture, (1<<20)/len(capture)+1)
		before := runtime.NumGoroutine()
		broken := errors.New("the disk went away")
		for range 3 {
			_, err := set.Shape(io.MultiReader(bytes.NewReader(data), iotest.ErrReader(broken)), nil, Options{})
			if !errors.Is(err, broken) {
				t.Fatalf("%s: error %v, want one that wraps %v", path, err, broken)
			}
		}
		// The shaper's goroutine has closed done before Shape returns.
		leakcheck.Goroutines(t, before, "the call returned")
	}
}

// A shaper that stops reading never holds the scan up: the rest of the
// stream is dropped, whatever its size.
func TestChunkPipeReaderQuits(t *testing.T) {
	c := newChunkPipe(2)
	buf := make([]byte, 10)
	if _, err := c.Write([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	if n, err := c.Read(buf); err != nil || string(buf[:n]) != "hello" {
		t.Fatalf("read %q, %v", buf[:n], err)
	}
	c.quit()
	for range 100 {
		if n, err := c.Write([]byte("more")); n != 4 || err != nil {
			t.Fatalf("write after quit: %d, %v", n, err)
		}
	}
	c.closeWrite(nil)
}

// The reader gets every byte written, in order, then the writer's error.
func TestChunkPipeCarriesStream(t *testing.T) {
	c := newChunkPipe(3)
	want := bytes.Repeat([]byte("0123456789abcdef"), 10000)
	broken := errors.New("cut")
	go func() {
		for i := 0; i < len(want); i += 1000 {
			c.Write(want[i:min(i+1000, len(want))])
		}
		c.closeWrite(broken)
	}()
	got, err := io.ReadAll(c)
	if !errors.Is(err, broken) {
		t.Errorf("error %v, want %v", err, broken)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("got %d bytes, want %d", len(got), len(want))
	}
}

// A spool reads back any section of what was written, across its blocks in
// memory and from its file past spoolMem.
func TestSpoolSections(t *testing.T) {
	for _, size := range []int{10, spoolBlock + 7, 3*spoolBlock + 5, spoolMem + spoolBlock/2} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(i*7 + i/251)
		}
		sp := &spool{}
		for at, step := 0, 1; at < len(data); step = step*3%65521 + 1 {
			end := min(len(data), at+step)
			if _, err := sp.Write(data[at:end]); err != nil {
				t.Fatal(err)
			}
			at = end
		}
		if (sp.file != nil) != (size > spoolMem) {
			t.Errorf("%d bytes: in a file %v", size, sp.file != nil)
		}
		for _, r := range [][2]int{{0, size}, {0, 1}, {size / 3, size / 2}, {spoolBlock - 1, min(size, spoolBlock+1)}, {size - 1, size}, {size, size}} {
			if r[0] > r[1] {
				continue
			}
			got, err := io.ReadAll(sp.section(int64(r[0]), int64(r[1])))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, data[r[0]:r[1]]) {
				t.Errorf("%d bytes: section %v differs", size, r)
			}
		}
		sp.close()
	}
}

// Once the report shaped beside a pipe's scan is sure to fail, the scan
// stops looking for failure signals, and a later tool's part of the stream
// looks for them as it is shaped again: a failing jest run followed by a
// go test run whose summary passes but whose vet line failed (a real
// stream) says so as the scan that looks at every line does.
func TestSignalsAfterRedAreFoundAgain(t *testing.T) {
	// Enough of jest's run that the report is red before the scan is
	// done with it.
	set, data, opt, want := redThenVet(t, "jest/testdata/captures/many.txt", 200, "jest")
	// The path taken: with the report red from the start, no line of
	// either part is looked at by the scan.
	red := new(atomic.Bool)
	red.Store(true)
	jestProf, _ := set.Get("jest")
	segs, err := set.scanFed(bytes.NewReader(data), nil, fedOwn, jestProf, true, nil, red)
	if err != nil {
		t.Fatal(err)
	}
	if len(segs) != 2 || !segs[0].unsignalled || !segs[1].unsignalled || segs[1].sig.n != 0 {
		t.Fatalf("scan with the report red: %d segments, unsignalled %v", len(segs), func() []bool {
			var u []bool
			for _, g := range segs {
				u = append(u, g.unsignalled)
			}
			return u
		}())
	}
	out, err := set.shapeSegments(segs, rereadBytes(data), opt)
	if err != nil {
		t.Fatal(err)
	}
	sameOutcome(t, "jest then go vet, shaped again unsignalled", out, want)
}

// A linter's report is sure to fail at its first error too: a pipe of gcc's
// run, red long before the scan is done with it, then go vet's run with a
// failure signal, gives what the two shaped one after the other give, the
// signal reported.
func TestLinterSignalsAfterRedAreFoundAgain(t *testing.T) {
	redThenVet(t, "gcc/testdata/captures/zlib.txt", 100, "gcc")
}

// redThenVet pipes the capture at path, times over, then a go test run
// whose summary passes but whose vet line failed (a real stream), and
// fails t unless that gives what the two shaped one after the other give,
// the go test part's failure signal reported, and the tool first named. It
// returns what it shaped with: the set, the stream, the options and what
// shaping it a part at a time gives.
func redThenVet(t *testing.T, path string, times int, first string) (*Set, []byte, Options, Outcome) {
	t.Helper()
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	capture, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	vet, err := os.ReadFile("../testdata/multi/streams/go-vet.txt")
	if err != nil {
		t.Fatal(err)
	}
	data := append(bytes.Repeat(capture, times), vet...)
	opt := Options{Window: report.Window{Limit: 20}}
	want := sequentialShape(t, set, data, opt)
	got, err := set.shapeStream(bytes.NewReader(data), data[:DetectHeadSize], nil, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	sameOutcome(t, first+" then go vet", got, want)
	if got.Report == nil || got.Report.Unexplained != 1 || !strings.Contains(got.Report.Tool, "gotest") || !strings.Contains(got.Report.Tool, first) {
		t.Fatalf("the go test part's failure signal is not reported: %+v", got.Report)
	}
	return set, data, opt, want
}

// A stream that is one tool's run, unsignalled (the report beside the scan
// was sure to fail), whose report passes all the same, is shaped again
// looking for the signals: here a real go test stream whose summary passes
// after a vet failure, its report shaped without the scan's signals.
func TestUnsignalledPassIsShapedAgain(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../testdata/multi/streams/go-vet.txt")
	if err != nil {
		t.Fatal(err)
	}
	gotest, _ := set.Get("gotest")
	opt := Options{Window: report.Window{Limit: 20}}
	r, err := ShapeText(gotest, bytes.NewReader(data), opt)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != report.StatusPass {
		t.Fatalf("the stream shaped without its signals: %s, not PASS", r.Status)
	}
	g := &segment{prof: gotest, to: int64(len(data)), unsignalled: true}
	out, err := settleOne(Outcome{Report: r, Profile: gotest}, g, rereadBytes(data), opt, false)
	if err != nil {
		t.Fatal(err)
	}
	if out.Report.Status != report.StatusFail || out.Report.Unexplained != 1 {
		t.Errorf("settled: %s with %d unexplained, want FAIL with the vet line", out.Report.Status, out.Report.Unexplained)
	}
	sameOutcome(t, "go vet stream", out, sequentialShape(t, set, data, opt))
}

// A golangci-lint run cut before its tally (killed, or its output cut
// short), then a clean run: "0 issues." is the only tally the report goes
// by, after the first run's problems, which fail it. The two disagree,
// and the report does not say PASS, named (-p) or detected. Named, the
// lines after the first problem went unwatched (the report was sure to
// fail there), which the line says; detected, the run is read whole.
// (With its tally, the first run's count adds to the second's:
// TestLinterTalliesOfRunsAddUp.)
func TestLinterSummaryThatPassesAfterErrorsIsNoPass(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) string { return golangciCapture(t, name) }
	clean := read("clean.txt")
	if clean != "0 issues.\n" {
		t.Fatalf("clean.txt is %q", clean)
	}
	golangci, _ := set.Get("golangci-lint")
	for _, c := range []struct {
		name, first string
		prof        *Profile
		want        string
	}{
		{"named", "many.txt", golangci, redThenPassed + redUnwatched},
		{"detected", "many.txt", nil, redThenPassed},
		{"detected", "typecheck.txt", nil, redThenPassed},
	} {
		in := untallied(t, read(c.first)) + clean
		for range 3 {
			out, err := set.Shape(strings.NewReader(in), c.prof, Options{Window: report.Window{Limit: 20}})
			if err != nil {
				t.Fatal(err)
			}
			r := out.Report
			if r.Status == report.StatusPass || r.Said != report.StatusPass || r.Unexplained == 0 {
				t.Fatalf("%s: status %s, said %s, %d unexplained", c.name, r.Status, r.Said, r.Unexplained)
			}
			if !slices.Contains(r.Notes, "  "+c.want) {
				t.Errorf("%s: notes %q, want the line %q", c.name, r.Notes, c.want)
			}
			r.Close()
		}
	}
	// A long run (sure to fail long before its end), a clean tally,
	// then make giving up (a line of gcc's make capture): detected, the
	// run that went unwatched after its first problem is read again
	// whole, and the make line is among what the report does not
	// account for.
	makeLine := "make: *** [Makefile:8: src/f120.o] Error 1"
	if !strings.Contains(string(readData(t, "gcc/testdata/captures/make-300.txt")), makeLine+"\n") {
		t.Fatalf("gcc's make capture has no %q", makeLine)
	}
	in := strings.Repeat(untallied(t, read("typecheck.txt")), 300) + clean + makeLine + "\n"
	for range 3 {
		out, err := set.Shape(strings.NewReader(in), nil, Options{Window: report.Window{Limit: 20}})
		if err != nil {
			t.Fatal(err)
		}
		r := out.Report
		if r.Status == report.StatusPass || !slices.Contains(r.Notes, "  "+makeLine) {
			t.Fatalf("detected, make's line after: status %s, notes %q", r.Status, r.Notes)
		}
		r.Close()
	}
}

// untallied is golangci-lint's run without its tally ("70 issues:" and a
// line for each linter), as a run cut before it prints one; t fails when
// the run had none.
func untallied(t *testing.T, run string) string {
	t.Helper()
	tally := regexp.MustCompile(`(?m)^(?:\d+ issues?[:.]|\* [a-z][a-z0-9_-]*: \d+)\n`)
	out := tally.ReplaceAllString(run, "")
	if out == run {
		t.Fatalf("no tally in %q", run)
	}
	return out
}

// Runs of one linter one after the other add their tallies up, as they
// list the problems of all of them: golangci-lint's run and then a clean
// one fail with the first run's problems; two runs with problems count
// both, detected as one golangci-lint run (go vet's signature, first by
// name, matches their issue lines too) and named.
func TestLinterTalliesOfRunsAddUp(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) string { return golangciCapture(t, name) }
	golangci, _ := set.Get("golangci-lint")
	for _, c := range []struct {
		runs []string
		want int
	}{
		{[]string{"many.txt", "clean.txt"}, 70},
		{[]string{"many.txt", "default.txt"}, 85},
		{[]string{"many.txt", "many.txt", "many.txt", "many.txt"}, 280},
	} {
		var in strings.Builder
		for _, name := range c.runs {
			in.WriteString(read(name))
		}
		for _, prof := range []*Profile{golangci, nil} {
			out, err := set.Shape(strings.NewReader(in.String()), prof, Options{Window: report.Window{Limit: 20}})
			if err != nil {
				t.Fatal(err)
			}
			r := out.Report
			if r.Tool != "golangci-lint" || r.Status != report.StatusFail || r.Lint == nil || r.Lint.Errors != c.want ||
				r.Page.Total != c.want || r.Unexplained != 0 {
				t.Errorf("%v (named %v): %s %s, lint %+v, %d listed, %d unexplained; want golangci-lint's FAIL, %d errors, %d listed",
					c.runs, prof != nil, r.Tool, r.Status, r.Lint, r.Page.Total, r.Unexplained, c.want, c.want)
			}
			r.Close()
		}
	}
}

// golangciCapture is golangci-lint's capture called name, as text.
func golangciCapture(t *testing.T, name string) string {
	t.Helper()
	return string(readData(t, "golangci-lint/testdata/captures/"+name))
}
