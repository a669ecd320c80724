package profiles

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"runtime"
	"testing"
	"testing/iotest"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/leakcheck"
)

// TestRuleAheadChangesNothing: every rules profile reads every capture (its
// own and every other tool's, and all of them at once, which crosses many
// batches) into the same report with the rules matched ahead on the other
// goroutine as with the parser matching each line itself.
func TestRuleAheadChangesNothing(t *testing.T) {
	files, in := captureSample(readTextCaptures(t))
	files = append(files, "all captures")
	in = append(in, bytes.Join(in, nil))
	if len(in[len(in)-1]) < 100*aheadBatch {
		t.Errorf("the joined captures are %d bytes: too few to cross batches", len(in[len(in)-1]))
	}
	for _, p := range rulesProfiles(t) {
		for i, b := range in {
			if ahead, inline := shapeWith(t, p, b, plainPaths{}), shapeWith(t, p, b, plainPaths{ruleAhead: true}); !reflect.DeepEqual(ahead, inline) {
				t.Errorf("%s on %s: matching ahead changes the report:\n%+v\ninline:\n%+v", p.Name, files[i], ahead, inline)
			}
		}
	}
}

// TestRuleAheadReadError: a read error after several batches of lines
// reaches the caller, as it does without the worker, and the worker is
// gone once the parser has returned.
func TestRuleAheadReadError(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	p, _ := set.Get("mypy")
	line := "pkg/mod.py:12:5: error: Name \"x\" is not defined  [name-defined]\n"
	text := bytes.Repeat([]byte(line), 5*aheadBatch)
	before := runtime.NumGoroutine()
	boom := errors.New("boom")
	_, err = ShapeText(p, io.MultiReader(bytes.NewReader(text), iotest.ErrReader(boom)), Options{})
	if !errors.Is(err, boom) {
		t.Fatalf("error = %v, want %v", err, boom)
	}
	leakcheck.Goroutines(t, before, "the parser returned")
}

// TestRuleAheadBatchBytes: the reader ends a batch of long lines once it
// holds aheadBytes, so that the batches in flight stay a few MB.
func TestRuleAheadBatchBytes(t *testing.T) {
	line := bytes.Repeat([]byte("y"), 60<<10)
	lines := 0
	for _, b := range readBatches(t, "mypy", bytes.NewReader(bytes.Repeat(append(line, '\n'), 40))) {
		size := 0
		for _, l := range b.lines {
			size += len(l.line)
		}
		if size > aheadBytes+len(line) {
			t.Errorf("a batch of %d lines holds %d bytes, more than %d and a line", len(b.lines), size, aheadBytes)
		}
		lines += len(b.lines)
	}
	if lines != 40 {
		t.Errorf("%d lines, want 40", lines)
	}
}

// TestRuleAheadBatchFill: a batch of short lines goes on past aheadBatch
// lines until it holds aheadFill bytes (or aheadLines lines), and one of
// longer lines ends at aheadBatch, as before.
func TestRuleAheadBatchFill(t *testing.T) {
	for _, c := range []struct {
		line      string
		wantLines int
	}{
		// 12 bytes a line: aheadFill is reached past aheadBatch lines.
		{"      -  91\n", (aheadFill + 10) / 11},
		// 2 bytes a line: aheadLines comes first.
		{" ]\n", aheadLines},
		// 100 bytes a line: aheadBatch lines hold aheadFill.
		{"      at Context.<anonymous> (test/cbc-test.js:61:16) " + string(bytes.Repeat([]byte("x"), 45)) + "\n", aheadBatch},
	} {
		var sizes []int
		for _, b := range readBatches(t, "mocha", bytes.NewReader(bytes.Repeat([]byte(c.line), 3*aheadLines))) {
			sizes = append(sizes, len(b.lines))
		}
		if len(sizes) < 2 {
			t.Fatalf("%q: %d batches", c.line, len(sizes))
		}
		if sizes[0] != c.wantLines {
			t.Errorf("%q: the first batch holds %d lines, want %d (batches %v)", c.line, sizes[0], c.wantLines, sizes)
		}
	}
}

// TestRuleAheadFedBatches: the lines a pipe's scan feeds, in batches of
// aheadBatch, make batches of aheadBatch, however short they are: a batch
// that waited for the scan's next ran a detected pipe of TAP 1.17 times as
// long.
func TestRuleAheadFedBatches(t *testing.T) {
	feed := filters.NewLineFeed(100)
	lines := make([]string, aheadBatch)
	for i := range lines {
		lines[i] = "      -  91"
	}
	go func() {
		for range 6 {
			feed.Send(lines, make([]bool, len(lines)))
		}
		feed.Close(nil, 0, 0)
	}()
	bs := readBatches(t, "mocha", feed)
	if len(bs) != 6 {
		t.Fatalf("%d batches, want 6", len(bs))
	}
	for i, b := range bs {
		if len(b.lines) != aheadBatch {
			t.Errorf("batch %d holds %d lines, want %d", i, len(b.lines), aheadBatch)
		}
	}
}

// readBatches is the batches the reader of profile name makes of in, read
// to its end without matchers.
func readBatches(t *testing.T, name string, in io.Reader) []*lineBatch {
	t.Helper()
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	p, _ := set.Get(name)
	if err := p.patterns(); err != nil {
		t.Fatal(err)
	}
	a := &lineAhead{
		p: p, lr: filters.NewLineReader(in),
		out: make(chan *lineBatch, 1000), todo: make(chan *lineBatch, 1000),
		free: make(chan *lineBatch), done: make(chan struct{}),
	}
	a.read()
	var bs []*lineBatch
	for b := range a.out {
		bs = append(bs, b)
	}
	return bs
}
