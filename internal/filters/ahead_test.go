package filters

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

	"github.com/terse-dev/terse/internal/leakcheck"
)

// collect is every line EachClean hands fn, read ahead or inline.
func collect(t *testing.T, data []byte, max int, ahead bool) ([]string, *LineReader) {
	t.Helper()
	lr := NewLineReader(bytes.NewReader(data))
	lr.inline = !ahead
	lr.Max = max
	var got []string
	if err := lr.EachClean(func(l string) { got = append(got, l) }); err != nil {
		t.Fatal(err)
	}
	return got, lr
}

// TestReadAheadChangesNothing: every capture of every tool, and all of them
// at once (many batches), give the parser the same lines in the same order,
// and the reader the same counts, read ahead as inline; with a small Max
// too, so that cut lines cross the goroutines.
func TestReadAheadChangesNothing(t *testing.T) {
	files, _ := filepath.Glob("../../profiles/*/testdata/captures/*")
	if len(files) < 50 {
		t.Fatalf("%d captures", len(files))
	}
	var all []byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, data...)
		for _, max := range []int{DefaultMaxLine, 40} {
			ahead, lra := collect(t, data, max, true)
			inline, lri := collect(t, data, max, false)
			if !reflect.DeepEqual(ahead, inline) {
				t.Errorf("%s (max %d): the lines read ahead differ from the lines read inline", f, max)
			}
			if lra.CutLines != lri.CutLines || lra.CutBytes != lri.CutBytes || lra.Bytes != lri.Bytes {
				t.Errorf("%s (max %d): counts ahead %d/%d/%d, inline %d/%d/%d", f, max,
					lra.CutLines, lra.CutBytes, lra.Bytes, lri.CutLines, lri.CutBytes, lri.Bytes)
			}
		}
	}
	ahead, _ := collect(t, all, DefaultMaxLine, true)
	inline, _ := collect(t, all, DefaultMaxLine, false)
	if len(inline) < 20*aheadBatch {
		t.Errorf("%d lines in all captures: too few to cross batches", len(inline))
	}
	if !reflect.DeepEqual(ahead, inline) {
		t.Error("all captures: the lines read ahead differ from the lines read inline")
	}
}

// TestReadAheadError: a read error after several batches reaches the
// caller after every line before it, and no goroutine is left.
func TestReadAheadError(t *testing.T) {
	text := bytes.Repeat([]byte("a line\n"), 3*aheadBatch+7)
	boom := errors.New("boom")
	before := runtime.NumGoroutine()
	n := 0
	err := NewLineReader(io.MultiReader(bytes.NewReader(text), iotest.ErrReader(boom))).EachClean(func(string) { n++ })
	if !errors.Is(err, boom) {
		t.Fatalf("error = %v, want %v", err, boom)
	}
	if n != 3*aheadBatch+7 {
		t.Errorf("%d lines before the error, want %d", n, 3*aheadBatch+7)
	}
	leakcheck.Goroutines(t, before, "EachClean returned")
}

// TestReadAheadBatchBytes: a batch of long lines ends once it holds
// aheadBytes, so that the batches in flight stay a few MB whatever the
// lines are.
func TestReadAheadBatchBytes(t *testing.T) {
	line := bytes.Repeat([]byte("x"), 60<<10)
	text := bytes.Repeat(append(line, '\n'), 40)
	lr := NewLineReader(bytes.NewReader(text))
	out, free, done := make(chan *aheadBatchOf[string], 100), make(chan *aheadBatchOf[string]), make(chan struct{})
	convertAhead(lr, func(raw []byte, _ bool, l *string) { *l = string(raw) }, out, free, done)
	lines := 0
	for b := range out {
		size := 0
		for _, l := range b.items {
			size += len(l)
		}
		if size > aheadBytes+len(line) {
			t.Errorf("a batch of %d lines holds %d bytes, more than %d and a line", len(b.items), size, aheadBytes)
		}
		lines += len(b.items)
	}
	if lines != 40 {
		t.Errorf("%d lines, want 40", lines)
	}
}

// A panic of conv's on the goroutine that reads ahead is raised again on
// the caller's, where terse recovers it (to pass its input on unchanged),
// after the lines before it: it never ends the process.
func TestReadAheadPanicReachesTheCaller(t *testing.T) {
	text := bytes.Repeat([]byte("a line\n"), 3*aheadBatch)
	before := runtime.NumGoroutine()
	seen := 0
	got := func() (v any) {
		defer func() { v = recover() }()
		lr := NewLineReader(bytes.NewReader(text))
		n := 0
		_ = EachAhead(lr, true, func(raw []byte, _ bool, dst *string) {
			if n++; n == 2*aheadBatch+5 {
				panic("conv bug")
			}
			*dst = string(raw)
		}, func(*string) { seen++ })
		return nil
	}()
	if got != "conv bug" {
		t.Fatalf("recovered %v, want the conv's panic", got)
	}
	if seen != 2*aheadBatch {
		t.Errorf("%d lines handed over before the panic, want %d", seen, 2*aheadBatch)
	}
	leakcheck.Goroutines(t, before, "the call returned")
}
