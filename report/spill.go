package report

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// MemFailures is how many failures a report holds in memory. A page larger
// than that (--limit 0 on a run with many thousands of failures) goes on to a
// temporary file, so memory stays bounded whatever the input size.
const MemFailures = 2000

// spill is the on-disk tail of a report's failures, in order, as records
// of spillcodec.go. (Not gob: its package initialisation costs every start
// of terse a few milliseconds.)
type spill struct {
	f     *os.File
	w     *bufio.Writer
	buf   []byte
	count int
	err   error
}

func (s *spill) add(f Failure) {
	if s.err != nil {
		return
	}
	if s.f == nil {
		file, err := os.CreateTemp("", "terse-failures-*")
		if err != nil {
			s.err = fmt.Errorf("spilling failures: %w", err)
			return
		}
		s.f = file
		s.w = bufio.NewWriterSize(file, 64<<10)
	}
	s.buf = appendFailure(s.buf[:0], &f)
	if _, err := s.w.Write(s.buf); err != nil {
		s.err = fmt.Errorf("spilling failures: %w", err)
		return
	}
	s.count++
}

// read reads the spilled failures back, in order, and calls fn with each.
// With views, a failure's strings and lists are views of the buffer it was
// read into, which the next failure overwrites (see Report.EachView).
func (s *spill) read(views bool, fn func(Failure) error) error {
	if s == nil || s.f == nil {
		return nil
	}
	if s.err != nil {
		return s.err
	}
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("spilled failures: %w", err)
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("spilled failures: %w", err)
	}
	r := bufio.NewReaderSize(s.f, 64<<10)
	var buf []byte
	var lists viewLists
	for i := 0; i < s.count; i++ {
		var f Failure
		var err error
		if views {
			buf, err = readFailureView(r, buf, &f, &lists)
		} else {
			buf, err = readFailure(r, buf, &f)
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return fmt.Errorf("spilled failures: %d of %d read", i, s.count)
			}
			return fmt.Errorf("spilled failures: %w", err)
		}
		if err := fn(f); err != nil {
			return err
		}
	}
	return nil
}

func (s *spill) close() {
	if s != nil && s.f != nil {
		name := s.f.Name()
		s.f.Close()
		os.Remove(name)
		s.f = nil
	}
}
