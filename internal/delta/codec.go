package delta

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"unsafe"

	"github.com/terse-dev/terse/internal/jsonscan"
	"github.com/terse-dev/terse/internal/jsonshape"
)

// A record is saved as JSON, written and read here without reflection: a
// run of 100 MB records 60,000 failures or more, and the next run reads
// them back, which through encoding/json took a tenth of a second each way
// and allocated several times the file's size, all of it in the phase of
// `terse run` that comes after the output is shaped. Its strings are
// written as terse writes JSON's (jsonshape.AppendString: <, > and & left
// as they are), and encoding/json reads the record back as the one
// json.Marshal writes (a test and a fuzzer hold it to that); a record this
// reader does not expect (written by hand, or by a later version) is read
// by encoding/json.

// appendRecord appends r as JSON, its fields as json.Marshal writes them.
func appendRecord(b []byte, r Record) []byte {
	b = appendHead(b, r)
	for i, e := range r.Failures {
		b = appendListed(b, i, e)
	}
	return appendTail(b, r)
}

// appendHead appends what r's JSON holds before its failures.
func appendHead(b []byte, r Record) []byte {
	b = append(b, `{"version":`...)
	b = strconv.AppendInt(b, int64(r.Version), 10)
	b = append(b, `,"tool":`...)
	b = jsonshape.AppendString(b, r.Tool)
	b = append(b, `,"failures":`...)
	if r.Failures == nil {
		return append(b, "null"...)
	}
	return append(b, '[')
}

// appendListed appends e, failure i of the list.
func appendListed(b []byte, i int, e Entry) []byte {
	if i > 0 {
		b = append(b, ',')
	}
	return appendEntry(b, e)
}

// appendTail appends what r's JSON holds after its failures.
func appendTail(b []byte, r Record) []byte {
	if r.Failures != nil {
		b = append(b, ']')
	}
	if r.TooMany {
		b = append(b, `,"tooMany":true`...)
	}
	return append(b, '}')
}

// WriteTo writes r as Encode encodes it, to w, 32 kB at a time.
func (r Record) WriteTo(w io.Writer) (int64, error) {
	cw := newChunkWriter(w)
	cw.b = appendHead(cw.b, r)
	for i, e := range r.Failures {
		cw.b = appendListed(cw.b, i, e)
		if err := cw.full(); err != nil {
			return cw.n, err
		}
	}
	cw.b = append(appendTail(cw.b, r), '\n')
	return cw.n, cw.flush()
}

// chunkWriter gathers a record's bytes in b and writes them to w a chunk
// at a time; n counts what was written.
type chunkWriter struct {
	w io.Writer
	b []byte
	n int64
}

// chunkSize is the size of a chunkWriter's writes.
const chunkSize = 32 << 10

func newChunkWriter(w io.Writer) *chunkWriter {
	return &chunkWriter{w: w, b: make([]byte, 0, chunkSize+1024)}
}

// full writes b out once it holds a chunk.
func (c *chunkWriter) full() error {
	if len(c.b) < chunkSize {
		return nil
	}
	return c.flush()
}

// flush writes b out.
func (c *chunkWriter) flush() error {
	m, err := c.w.Write(c.b)
	c.n += int64(m)
	c.b = c.b[:0]
	return err
}

// appendEntry appends e as JSON, the fields tagged omitempty left out when
// empty.
func appendEntry(b []byte, e Entry) []byte {
	b = append(b, '{')
	if e.File != "" {
		b = append(b, `"file":`...)
		b = jsonshape.AppendString(b, e.File)
		b = append(b, ',')
	}
	if e.Line != 0 {
		b = append(b, `"line":`...)
		b = strconv.AppendInt(b, int64(e.Line), 10)
		b = append(b, ',')
	}
	if e.Name != "" {
		b = append(b, `"name":`...)
		b = jsonshape.AppendString(b, e.Name)
		b = append(b, ',')
	}
	if e.Kind != "" {
		b = append(b, `"kind":`...)
		b = jsonshape.AppendString(b, e.Kind)
		b = append(b, ',')
	}
	b = append(b, `"sum":`...)
	b = jsonshape.AppendString(b, e.Sum)
	return append(b, '}')
}

// errUnexpected sends a record to encoding/json.
var errUnexpected = errors.New("not a record as terse writes it")

// decodeRecord reads data as json.Unmarshal would into a Record.
func decodeRecord(data []byte) (Record, error) {
	var r Record
	if err := (&recordReader{sc: jsonscan.Scanner{B: data}}).record(&r); err != nil {
		r = Record{}
		if err := json.Unmarshal(data, &r); err != nil {
			return Record{}, err
		}
	}
	return r, nil
}

// sumKey is how an entry's sum starts in a record terse writes.
var sumKey = []byte(`"sum":`)

// recordReader reads a record written by appendRecord (jsonscan); anything
// else is errUnexpected.
type recordReader struct {
	sc jsonscan.Scanner
	// each, when set, is given each entry, and the record's list is
	// left empty.
	each func(Entry)
}

func (rr *recordReader) record(r *Record) error {
	s := &rr.sc
	whole := s.Object(func(key []byte) (ok bool) {
		switch string(key) {
		case "version":
			r.Version, ok = s.Int()
		case "tool":
			r.Tool, ok = rr.string()
		case "tooMany":
			r.TooMany, ok = rr.bool()
		case "failures":
			r.Failures, ok = rr.entries()
		}
		return ok
	})
	if !whole || !s.End() {
		return errUnexpected
	}
	return nil
}

func (rr *recordReader) entries() ([]Entry, bool) {
	s := &rr.sc
	if s.Literal("null") {
		return nil, true
	}
	if !s.Take('[') {
		return nil, false
	}
	// Every entry terse writes holds a sum: counted first, the entries
	// are one array, where growing it by appends allocated 5 times its
	// size.
	var es []Entry
	if rr.each == nil {
		es = make([]Entry, 0, min(bytes.Count(s.B[s.I:], sumKey), MaxEntries))
	}
	for first := true; ; first = false {
		s.Space()
		if s.Take(']') {
			return es, true
		}
		if !first && !s.Take(',') {
			return nil, false
		}
		e, ok := rr.entry()
		if !ok {
			return nil, false
		}
		if rr.each != nil {
			rr.each(e)
		} else {
			es = append(es, e)
		}
	}
}

func (rr *recordReader) entry() (e Entry, ok bool) {
	ok = rr.sc.Object(func(key []byte) (ok bool) {
		switch string(key) {
		case "file":
			e.File, ok = rr.string()
		case "line":
			e.Line, ok = rr.sc.Int()
		case "name":
			e.Name, ok = rr.string()
		case "kind":
			e.Kind, ok = rr.string()
		case "sum":
			e.Sum, ok = rr.string()
		}
		return ok
	})
	return e, ok
}

// string reads a string. One that holds nothing to unescape (nearly all)
// is a view of the data, not a copy (see Decode).
func (rr *recordReader) string() (string, bool) {
	v, view, ok := rr.sc.String()
	switch {
	case !ok:
		return "", false
	case len(v) == 0:
		return "", true
	case view:
		return unsafe.String(&v[0], len(v)), true
	}
	return string(v), true
}

func (rr *recordReader) bool() (bool, bool) {
	switch {
	case rr.sc.Literal("true"):
		return true, true
	case rr.sc.Literal("false"):
		return false, true
	}
	return false, false
}
