package report

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"unsafe"
)

// A spilled failure is one record: its length, then its fields in the
// order of Failure's, each string and list led by its length. A run of
// 100 MB can spill a hundred thousand failures and read them back twice
// (its page, its record for the next run's comparison); encoding/json's
// reflection made that most of `terse run`'s time. The bytes are kept as
// they are (JSON put U+FFFD for invalid UTF-8, and left a frame's column
// out), so a spilled failure reads back as the one held in memory.

// appendFailure appends f's record to buf.
func appendFailure(buf []byte, f *Failure) []byte {
	start := len(buf)
	buf = append(buf, 0, 0, 0, 0) // the length, set below
	buf = appendString(buf, string(f.Kind))
	buf = appendString(buf, f.Severity)
	buf = appendString(buf, f.File)
	buf = binary.AppendVarint(buf, int64(f.Line))
	buf = binary.AppendVarint(buf, int64(f.Column))
	buf = appendString(buf, f.Name)
	buf = appendString(buf, f.Message)
	buf = appendString(buf, f.Expected)
	buf = appendString(buf, f.Received)
	buf = appendStrings(buf, f.Diff)
	buf = appendStrings(buf, f.Details)
	buf = binary.AppendUvarint(buf, uint64(len(f.Frames)))
	for _, fr := range f.Frames {
		buf = appendString(buf, fr.Func)
		buf = appendString(buf, fr.File)
		buf = binary.AppendVarint(buf, int64(fr.Line))
		buf = binary.AppendVarint(buf, int64(fr.Col))
	}
	buf = appendString(buf, f.Change)
	flaky := byte(0)
	if f.Flaky {
		flaky = 1
	}
	buf = append(buf, flaky)
	binary.LittleEndian.PutUint32(buf[start:], uint32(len(buf)-start-4))
	return buf
}

func appendString(buf []byte, s string) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(s)))
	return append(buf, s...)
}

func appendStrings(buf []byte, ss []string) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(ss)))
	for _, s := range ss {
		buf = appendString(buf, s)
	}
	return buf
}

// readFailure reads the next record from r into f, with buf as scratch
// space (returned, grown as needed). io.EOF means no record was left.
func readFailure(r io.Reader, buf []byte, f *Failure) ([]byte, error) {
	return readRecord(r, buf, f, nil)
}

// viewLists are the lists a failure read as views (readFailureView) is
// given, reused from one failure to the next.
type viewLists struct {
	strs   []string
	frames []Frame
}

// readFailureView is readFailure with f's strings views of buf and its
// lists of lists': valid until the next read into either. Recording a run
// of a hundred thousand failures for the next run's comparison read each
// back with a dozen strings of its own (the most of the allocations of
// `terse run` on such a run) only to hash them and write them out again.
func readFailureView(r io.Reader, buf []byte, f *Failure, lists *viewLists) ([]byte, error) {
	return readRecord(r, buf, f, lists)
}

// readRecord is readFailure, and readFailureView when views is set.
func readRecord(r io.Reader, buf []byte, f *Failure, views *viewLists) ([]byte, error) {
	var n [4]byte
	if _, err := io.ReadFull(r, n[:]); err != nil {
		return buf, err
	}
	size := int(binary.LittleEndian.Uint32(n[:]))
	var err error
	if buf, err = readBytes(r, buf[:0], size); err != nil {
		return buf, fmt.Errorf("a failure's record cut short: %w", io.ErrUnexpectedEOF)
	}
	// Without views, each field is a string of its own (string.Clone), so
	// that what keeps one field (a failure's name in the record of a run)
	// does not keep the record; the view is read before buf is written
	// again.
	d := decoder{s: unsafe.String(unsafe.SliceData(buf), len(buf)), views: views}
	if views != nil {
		views.strs, views.frames = views.strs[:0], views.frames[:0]
	}
	d.failure(f)
	if d.err != nil {
		return buf, d.err
	}
	if len(d.s) != 0 {
		return buf, errors.New("a failure's record is longer than its fields")
	}
	return buf, nil
}

// readBytes appends size bytes of r to buf. The memory grows with what
// is read, not with what a spoilt length says.
func readBytes(r io.Reader, buf []byte, size int) ([]byte, error) {
	for len(buf) < size {
		if len(buf) == cap(buf) {
			buf = append(buf, make([]byte, min(size-len(buf), max(len(buf), 64<<10)))...)[:len(buf)]
		}
		k, err := io.ReadFull(r, buf[len(buf):min(size, cap(buf))])
		buf = buf[:len(buf)+k]
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}

// decoder reads the fields of one record, s; the first error stops it.
type decoder struct {
	s   string
	err error
	// views, when set, makes strings views of s and gives lists out of
	// its slices.
	views *viewLists
	// shared makes strings views of s, and lists of their own (Packed).
	shared bool
}

var errBadRecord = errors.New("a failure's record is not one terse wrote")

func (d *decoder) failure(f *Failure) {
	f.Kind = Kind(d.string())
	f.Severity = d.string()
	f.File = d.string()
	f.Line = d.int()
	f.Column = d.int()
	f.Name = d.string()
	f.Message = d.string()
	f.Expected = d.string()
	f.Received = d.string()
	f.Diff = d.strings()
	f.Details = d.strings()
	if n := d.count(); n > 0 {
		f.Frames = d.frames(n)
		for i := range f.Frames {
			fr := &f.Frames[i]
			fr.Func, fr.File, fr.Line, fr.Col = d.string(), d.string(), d.int(), d.int()
		}
	}
	f.Change = d.string()
	f.Flaky = d.flag()
}

// count is a list's length, no more than the bytes left could hold.
func (d *decoder) count() int {
	if d.err != nil {
		return 0
	}
	n := d.uvarint()
	if n > uint64(len(d.s)) {
		d.err = errBadRecord
		return 0
	}
	return int(n)
}

// uvarint reads a number as binary.AppendUvarint wrote it.
func (d *decoder) uvarint() uint64 {
	var v uint64
	for i := 0; i < len(d.s) && i < binary.MaxVarintLen64; i++ {
		c := d.s[i]
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			d.s = d.s[i+1:]
			return v
		}
	}
	d.err = errBadRecord
	return 0
}

func (d *decoder) string() string {
	n := d.count()
	if d.err != nil {
		return ""
	}
	s := d.s[:n]
	if d.views == nil && !d.shared {
		s = strings.Clone(s)
	}
	d.s = d.s[n:]
	return s
}

func (d *decoder) strings() []string {
	n := d.count()
	if n == 0 {
		return nil
	}
	var ss []string
	if v := d.views; v != nil {
		// Diff and Details share strs: each is cut to its own length and
		// capacity, so that neither grows into the other.
		at := len(v.strs)
		v.strs = append(v.strs, make([]string, n)...)
		ss = v.strs[at : at+n : at+n]
	} else {
		ss = make([]string, n)
	}
	for i := range ss {
		ss[i] = d.string()
	}
	return ss
}

// frames is a list of n frames to read into.
func (d *decoder) frames(n int) []Frame {
	v := d.views
	if v == nil {
		return make([]Frame, n)
	}
	v.frames = append(v.frames[:0], make([]Frame, n)...)
	return v.frames[:n:n]
}

func (d *decoder) int() int {
	if d.err != nil {
		return 0
	}
	u := d.uvarint()
	// Zig-zag, as binary.AppendVarint wrote it.
	return int(int64(u>>1) ^ -int64(u&1))
}

// flag reads a byte appendFailure wrote for a bool: 0 or 1.
func (d *decoder) flag() bool {
	if d.err != nil {
		return false
	}
	if len(d.s) == 0 || d.s[0] > 1 {
		d.err = errBadRecord
		return false
	}
	v := d.s[0] == 1
	d.s = d.s[1:]
	return v
}
