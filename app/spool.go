package app

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

// spoolMem is how much raw input a spool keeps in memory before it spills to
// a temporary file.
const spoolMem = 4 << 20

// spool keeps a copy of the raw input as it is read, so that if shaping fails
// the raw bytes can still be passed on unchanged. Memory holds at most
// spoolMem bytes; the rest goes to a temporary file, removed by Close.
type spool struct {
	mem  bytes.Buffer
	file *os.File
	err  error
}

func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		return len(p), nil // the copy is best effort; shaping goes on
	}
	if s.file == nil && s.mem.Len()+len(p) <= spoolMem {
		return s.mem.Write(p)
	}
	if s.file == nil {
		f, err := os.CreateTemp("", "terse-spool-*")
		if err != nil {
			s.err = fmt.Errorf("spool: %w", err)
			return len(p), nil
		}
		s.file = f
	}
	if _, err := s.file.Write(p); err != nil {
		s.err = fmt.Errorf("spool: %w", err)
	}
	return len(p), nil
}

// Replay writes everything spooled so far to w.
func (s *spool) Replay(w io.Writer) error {
	if s.err != nil {
		return s.err
	}
	if _, err := w.Write(s.mem.Bytes()); err != nil {
		return fmt.Errorf("replaying input: %w", err)
	}
	if s.file == nil {
		return nil
	}
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("replaying input: %w", err)
	}
	if _, err := io.Copy(w, s.file); err != nil {
		return fmt.Errorf("replaying input: %w", err)
	}
	return nil
}

// Close removes the temporary file, if any.
func (s *spool) Close() {
	if s.file != nil {
		name := s.file.Name()
		s.file.Close()
		os.Remove(name)
	}
}
