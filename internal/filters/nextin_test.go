package filters_test

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"

	"github.com/terse-dev/terse/internal/filters"
)

// lineRead is what a LineReader's read gave: a line, whether it was cut,
// and the bytes read so far.
type lineRead struct {
	line  string
	cut   bool
	bytes int64
}

// readAll reads r to its end with next, as a batch reader does: every
// batch lines long, its lines checked, once the batch is done, to read as
// they did when they were returned (the text they lie in is the batch's
// until then), the texts of three batches used in turn.
func readAll(t *testing.T, lr *filters.LineReader, batch int, in bool) ([]lineRead, error) {
	t.Helper()
	texts := [3][]byte{}
	k := 0
	var out, cur []lineRead
	var views [][]byte
	done := func() {
		for i, v := range views {
			if string(v) != cur[i].line {
				t.Fatalf("line %d of a batch reads %q once the batch is done, %q when read", len(out)+i+1, v, cur[i].line)
			}
		}
		out = append(out, cur...)
		cur, views = cur[:0], views[:0]
		k = (k + 1) % len(texts)
		texts[k] = texts[k][:0]
	}
	for {
		var line []byte
		var cut bool
		var err error
		if in {
			line, cut, err = lr.NextIn(&texts[k])
		} else {
			line, cut, err = lr.Next()
		}
		if err != nil {
			done()
			if errors.Is(err, io.EOF) {
				return out, nil
			}
			return out, err
		}
		cur = append(cur, lineRead{string(line), cut, lr.Bytes})
		if in {
			views = append(views, line)
		} else {
			views = append(views, []byte(string(line)))
		}
		if len(cur) == batch {
			done()
		}
	}
}

// FuzzNextInIsNext: NextIn reads the lines, cuts, counts and errors Next
// reads, whatever the stream's reads (a byte at a time, halves, with the
// last data, failing halfway) and the line limit, and its lines stay as
// they were until their batch is done.
func FuzzNextInIsNext(f *testing.F) {
	f.Add([]byte("a\nbb\r\n\nccc"), uint8(3), uint8(0), uint8(2))
	f.Add([]byte("0123456789\n01234\n\n0123456789012345678901234567890"), uint8(5), uint8(1), uint8(1))
	f.Add(bytes.Repeat([]byte("  91,\n      -  91\n\n"), 500), uint8(64), uint8(2), uint8(7))
	f.Add([]byte("\r\n\r\r\nx\ry"), uint8(1), uint8(3), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, max, how, batch uint8) {
		broken := errors.New("broken")
		reader := func() io.Reader {
			r := io.Reader(bytes.NewReader(data))
			switch how % 5 {
			case 1:
				r = iotest.OneByteReader(r)
			case 2:
				r = iotest.HalfReader(r)
			case 3:
				r = iotest.DataErrReader(r)
			case 4:
				r = io.MultiReader(bytes.NewReader(data[:len(data)/2]), iotest.ErrReader(broken))
			}
			return r
		}
		read := func(in bool) ([]lineRead, int, int64, error) {
			lr := filters.NewLineReader(reader())
			if max > 0 {
				lr.Max = int(max)
			}
			lines, err := readAll(t, lr, int(batch%16)+1, in)
			return lines, lr.CutLines, lr.CutBytes, err
		}
		want, wantCut, wantCutBytes, wantErr := read(false)
		got, gotCut, gotCutBytes, gotErr := read(true)
		if (wantErr == nil) != (gotErr == nil) || wantErr != nil && !errors.Is(gotErr, broken) {
			t.Fatalf("error %v, Next's %v", gotErr, wantErr)
		}
		// Before a failed read, the same lines; the line the failure
		// cut in two is dropped by both.
		if len(got) != len(want) {
			t.Fatalf("%d lines, Next read %d:\n%+v\n%+v", len(got), len(want), got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("line %d: %+v, Next's %+v", i+1, got[i], want[i])
			}
		}
		if wantErr == nil && (gotCut != wantCut || gotCutBytes != wantCutBytes) {
			t.Fatalf("%d cut lines, %d bytes; Next's %d, %d", gotCut, gotCutBytes, wantCut, wantCutBytes)
		}
	})
}

// NextIn reads ahead a bounded amount, whatever the texts it is given: a
// read as large as the room of the caller's text left that much unread in
// pend, which the next batch's text, if smaller, needed an array twice as
// large for, whose room the next read took, and so on, until the whole
// input sat in memory (detected mocha's 100 MB pipe: texts of 46 MB, 174
// MB of heap and 14 s of garbage collection, in one run of a few, by the
// order its batches came back in). Here batches of 8 kB of short lines
// take the texts of a pool in turn, as a pipeline's recycled batches come
// back: the texts stay a few hundred kB on 32 MB of input.
func TestNextInReadsAheadBoundedly(t *testing.T) {
	const size = 32 << 20
	data := bytes.Repeat([]byte("      -  91\n\n  x\n"), size/17)
	for _, pool := range []int{2, 3, 5, 12} {
		lr := filters.NewLineReader(bytes.NewReader(data))
		texts := make([][]byte, pool)
		largest, read := 0, 0
		for batch := 0; ; batch++ {
			text := &texts[batch%pool]
			*text = (*text)[:0]
			used := 0
			for used < 8<<10 {
				line, _, err := lr.NextIn(text)
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				used += len(line) + 1
			}
			read += used
			largest = max(largest, cap(*text))
			if used < 8<<10 {
				break
			}
		}
		if read != len(data) {
			t.Fatalf("pool of %d: read %d bytes of %d", pool, read, len(data))
		}
		if largest > 1<<20 {
			t.Errorf("pool of %d texts: a batch's text grew to %d bytes on %d of input: NextIn read ahead without bound", pool, largest, len(data))
		}
	}
}
