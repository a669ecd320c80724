package profiles

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/itchyny/gojq"
)

// A jq program that never ends, or that builds a value without end, is
// stopped by its budget; one that does its work is not.
func TestJQBudgetStops(t *testing.T) {
	// The bounds on steps and on outputs are under test, not the one on
	// time: under -race, with the other packages' tests on both cores, CI
	// stopped [repeat(1)] by its 2 s first.
	defer func(old time.Duration) { jqBaseTime = old }(jqBaseTime)
	jqBaseTime = time.Minute
	doc := map[string]any{"a": []any{json.Number("1"), json.Number("2")}}
	for _, c := range []struct {
		prog string
		why  string // "" when the run must succeed
	}{
		{"def f: f; f", "steps"},
		{"[repeat(1)]", "steps"},
		{"last(repeat(1))", "steps"},
		{"[range(200000)]", "an output of more than"},
		{"[.a[] * 2]", ""},
		{"[range(1000)] | length", ""},
	} {
		code := compileForBudgetTest(t, c.prog)
		out, err := runJQ(code, doc, 2)
		if c.why == "" {
			if err != nil || len(out) != 1 {
				t.Errorf("%s: %v, %d outputs", c.prog, err, len(out))
			}
			continue
		}
		if !IsJQBudget(err) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: error %v, want a budget error about %q", c.prog, err, c.why)
		}
	}
}

// A program that allocates without end in few steps (a string doubled at
// each) is stopped by the bound on memory.
func TestJQBudgetMemory(t *testing.T) {
	// The bound is reached at less cost: 8 MiB, not 64.
	defer func(old uint64) { jqBaseAlloc = old }(jqBaseAlloc)
	jqBaseAlloc = 8 << 20
	_, err := runJQ(compileForBudgetTest(t, `reduce range(40) as $i ("x"; . + .)`), nil, 1)
	if !IsJQBudget(err) || !strings.Contains(err.Error(), "MiB allocated") {
		t.Errorf("error %v, want a budget error about memory", err)
	}
}

// Only the outputs asked for are made: a program with endless outputs is
// read up to them.
func TestJQBudgetOutputs(t *testing.T) {
	out, err := runJQ(compileForBudgetTest(t, "repeat(1)"), nil, 2)
	if err != nil || len(out) != 2 {
		t.Fatalf("%v, %d outputs", err, len(out))
	}
}

// The bound on steps grows with the input: a program whose work is in
// proportion to its input runs to its end on a large one, beyond the base
// bound.
func TestJQBudgetGrowsWithInput(t *testing.T) {
	// The bound on steps is under test, not the one on time: under -race
	// on a loaded machine the run once took more than its 3 s.
	defer func(old time.Duration) { jqBaseTime = old }(jqBaseTime)
	jqBaseTime = time.Minute
	items := make([]any, 1<<18)
	for i := range items {
		items[i] = "x"
	}
	code := compileForBudgetTest(t, "[.[] | select(. == \"x\") | ascii_downcase | length] | add")
	b := newJQBudget(items)
	defer b.end()
	it := code.RunWithContext(b, items)
	v, ok := it.Next()
	if !ok || b.err != nil || v != len(items) {
		t.Fatalf("got %v (%v)", v, b.err)
	}
	if b.steps <= jqBaseSteps {
		t.Fatalf("%d steps: the test does not reach beyond the base bound", b.steps)
	}
}

// TestJQBudgetHeadroom runs every jq program of every built-in profile
// over every JSON document in testdata (captures of the real tools,
// fixtures, documents) and checks that none comes near its budget: a
// tenth of the base bound on steps, and a quarter of the bound per byte.
func TestJQBudgetHeadroom(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	// The shared testdata and each tool's own.
	roots, _ := filepath.Glob(filepath.Join("*", "testdata"))
	for _, root := range append([]string{"../testdata"}, roots...) {
		err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	maxSteps, maxPerByte := int64(0), 0.0
	maxAlloc, maxAllocPerByte := uint64(0), 0.0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.UseNumber()
		if dec.Decode(&doc) != nil {
			continue // JSON lines, or not JSON
		}
		for _, p := range set.All() {
			for what, code := range programsOf(t, p) {
				steps, alloc, err := runForHeadroom(code, doc)
				if err == nil && float64(alloc) > float64(len(data))*jqAllocPerByte/8 {
					// The process's allocation counter also counts what
					// other goroutines allocate meanwhile (a loaded
					// machine's GC and timers, tests' leftovers), which
					// only adds: the least of three runs is the program's.
					for range 2 {
						_, again, _ := runForHeadroom(code, doc)
						alloc = min(alloc, again)
					}
				}
				if err != nil {
					t.Errorf("%s %s on %s: %v", p.Name, what, path, err)
				}
				maxSteps, maxAlloc = max(maxSteps, steps), max(maxAlloc, alloc)
				if len(data) > 16<<10 {
					maxPerByte = max(maxPerByte, float64(steps)/float64(len(data)))
					maxAllocPerByte = max(maxAllocPerByte, float64(alloc)/float64(len(data)))
				}
			}
		}
	}
	t.Logf("%d documents: at most %d steps, %.1f steps per byte, %d bytes allocated, %.1f per byte",
		len(files), maxSteps, maxPerByte, maxAlloc, maxAllocPerByte)
	if raceEnabled {
		// Under the race detector the same program allocated 13.9 bytes per
		// byte where it allocates 8.1 without it, and 17.6 once in CI: the
		// bounds below are for the build users run, checked by the run
		// without -race.
		t.Log("race detector on: allocation not checked")
	} else if maxAlloc > jqBaseAlloc/10 {
		t.Errorf("a built-in program allocated %d bytes, more than a tenth of the base bound %d", maxAlloc, jqBaseAlloc)
	}
	if !raceEnabled && maxAllocPerByte > jqAllocPerByte/4 {
		t.Errorf("a built-in program allocated %.1f bytes per byte, more than a quarter of the bound %d", maxAllocPerByte, jqAllocPerByte)
	}
	if maxSteps > jqBaseSteps/10 {
		t.Errorf("a built-in program took %d steps, more than a tenth of the base bound %d", maxSteps, jqBaseSteps)
	}
	if maxPerByte > jqStepsPerByte/4 {
		t.Errorf("a built-in program took %.1f steps per byte, more than a quarter of the bound %d", maxPerByte, jqStepsPerByte)
	}
}

// programsOf is every compiled jq program of p, by what it is.
func programsOf(t *testing.T, p *Profile) map[string]*gojq.Code {
	t.Helper()
	if err := p.programs(); err != nil {
		t.Fatal(err)
	}
	out := map[string]*gojq.Code{}
	if p.jsonDetect != nil {
		out["detect.json"] = p.jsonDetect
	}
	if p.jsonMap != nil {
		out["json.program"] = p.jsonMap
	}
	if p.Document != nil {
		for i := range p.Document.Shapes {
			s := &p.Document.Shapes[i]
			for what, c := range map[string]*gojq.Code{"when": s.when, "program": s.program, "verbose_program": s.verboseProgram} {
				if c != nil {
					out[s.Name+" "+what] = c
				}
			}
		}
	}
	return out
}

// totalAlloc is the bytes allocated so far, exactly (allocSample's count
// is kept per span, too coarse for one small run).
// runForHeadroom runs code over doc to its end or first error value,
// within a budget, and gives the steps it took, the bytes the process
// allocated meanwhile and the budget's error.
func runForHeadroom(code *gojq.Code, doc any) (steps int64, alloc uint64, err error) {
	b := newJQBudget(doc)
	before := totalAlloc()
	it := code.RunWithContext(b, doc)
	for {
		v, ok := it.Next()
		if !ok {
			break
		}
		if _, isErr := v.(error); isErr {
			break
		}
	}
	b.end()
	alloc = totalAlloc() - before
	if b.err != nil {
		return b.steps, alloc, b.err
	}
	return b.steps, alloc, nil
}

func totalAlloc() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}

func compileForBudgetTest(t *testing.T, src string) *gojq.Code {
	t.Helper()
	c, err := compileJQ(src)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A user profile whose detect.json never ends leaves every JSON input to
// the other profiles, with a note naming it: a document read whole, and
// one streamed (larger than MemJSON), where detection sees its head.
func TestJQBudgetDetectFallsBack(t *testing.T) {
	dir := t.TempDir()
	prof := "name: aaloop\ndetect:\n  json: 'def f: f; f'\njson:\n  program: '{}'\n"
	if err := os.WriteFile(filepath.Join(dir, "aaloop.yaml"), []byte(prof), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if errs := set.LoadDir(dir); errs != nil {
		t.Fatal(errs)
	}
	var big strings.Builder
	big.WriteString(`{"items":[`)
	for big.Len() < MemJSON+(1<<20) {
		big.WriteString(`{"id":1,"name":"an item"},`)
	}
	big.WriteString(`{"id":2}]}`)
	for name, in := range map[string]string{"whole": `{"a":1}`, "streamed": big.String()} {
		out, err := set.Shape(strings.NewReader(in), nil, Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if out.Doc == nil || out.Profile == nil || out.Profile.Name != GenericJSON {
			t.Fatalf("%s: not shaped as plain JSON: %+v", name, out)
		}
		if len(out.Doc.Notes) != 1 || !strings.HasPrefix(out.Doc.Notes[0], "profile aaloop: its jq detect.json was stopped: more than ") {
			t.Errorf("%s: notes %q", name, out.Doc.Notes)
		}
	}
}
