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
//
// When the file cannot be written (TMPDIR missing, a full disk, ulimit -f),
// the bytes of that write are kept in memory (pending) and the spool fails:
// err says why, and every later write is dropped and counted in lost. A
// reader that stops at the failure (spoolReader) so loses nothing: what it
// read is all in the spool.
type spool struct {
	mem     bytes.Buffer
	file    *os.File
	pending []byte
	err     error
	lost    int64
}

// Write never fails: the copy is best effort, and shaping goes on. Failed
// tells whether the copy is whole.
func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		s.lost += int64(len(p))
		return len(p), nil
	}
	if s.file == nil && s.mem.Len()+len(p) <= spoolMem {
		return s.mem.Write(p)
	}
	if s.file == nil {
		f, err := os.CreateTemp("", "terse-spool-*")
		if err != nil {
			s.fail(err, p)
			return len(p), nil
		}
		s.file = f
	}
	if n, err := s.file.Write(p); err != nil {
		s.fail(err, p[n:])
	}
	return len(p), nil
}

// fail records why the spool cannot go on, keeping the bytes it could not
// write.
func (s *spool) fail(err error, unwritten []byte) {
	s.err = fmt.Errorf("spool: %w", err)
	s.pending = append([]byte(nil), unwritten...)
}

// Failed returns why the spool could not keep a copy of everything written
// to it, or nil.
func (s *spool) Failed() error { return s.err }

// Replay writes everything spooled so far to w. It fails without writing
// when bytes were dropped after the spool failed: the copy has a hole.
func (s *spool) Replay(w io.Writer) error {
	if s.lost > 0 {
		return s.err
	}
	if _, err := w.Write(s.mem.Bytes()); err != nil {
		return fmt.Errorf("replaying input: %w", err)
	}
	if s.file != nil {
		if _, err := s.file.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("replaying input: %w", err)
		}
		if _, err := io.Copy(w, s.file); err != nil {
			return fmt.Errorf("replaying input: %w", err)
		}
	}
	if _, err := w.Write(s.pending); err != nil {
		return fmt.Errorf("replaying input: %w", err)
	}
	return nil
}

// section reads bytes [from, to) of what was spooled: the first ones from
// memory, the rest from the file. It fails when the copy is not whole.
func (s *spool) section(from, to int64) (io.Reader, error) {
	if s.err != nil {
		return nil, s.err
	}
	mem := int64(s.mem.Len())
	size := mem
	if s.file != nil {
		fi, err := s.file.Stat()
		if err != nil {
			return nil, fmt.Errorf("spool: %w", err)
		}
		size += fi.Size()
	}
	if from < 0 || from > to || to > size {
		return nil, fmt.Errorf("spool: bytes %d to %d asked of %d", from, to, size)
	}
	var parts []io.Reader
	if from < mem {
		parts = append(parts, bytes.NewReader(s.mem.Bytes()[from:min(to, mem)]))
	}
	if to > mem {
		at := max(from, mem)
		parts = append(parts, io.NewSectionReader(s.file, at-mem, to-at))
	}
	return io.MultiReader(parts...), nil
}

// Close removes the temporary file, if any.
func (s *spool) Close() {
	if s.file != nil {
		name := s.file.Name()
		s.file.Close()
		os.Remove(name)
	}
}

// spoolReader reads r, copying what it reads into s, and stops with the
// spool's error as soon as the spool cannot keep its copy: then everything
// read so far is in the spool and the rest is still in r, so the input can
// be passed on whole.
type spoolReader struct {
	r io.Reader
	s *spool
}

// Reread reads bytes [from, to) of what was read, from the spool: a pipe
// of several tools' runs is shaped a run at a time from it
// (profiles.Rereader).
func (t spoolReader) Reread(from, to int64) (io.Reader, error) { return t.s.section(from, to) }

func (t spoolReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if n > 0 {
		_, _ = t.s.Write(p[:n])
	}
	if serr := t.s.Failed(); serr != nil {
		return n, serr
	}
	return n, err
}
