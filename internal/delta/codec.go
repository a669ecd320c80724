package delta

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"unicode/utf8"
	"unsafe"

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
	const flushAt = 32 << 10
	var n int64
	b := make([]byte, 0, flushAt+1024)
	flush := func() error {
		m, err := w.Write(b)
		n += int64(m)
		b = b[:0]
		return err
	}
	b = appendHead(b, r)
	for i, e := range r.Failures {
		if b = appendListed(b, i, e); len(b) >= flushAt {
			if err := flush(); err != nil {
				return n, err
			}
		}
	}
	b = append(appendTail(b, r), '\n')
	return n, flush()
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
	if err := (&recordReader{data: data}).record(&r); err != nil {
		r = Record{}
		if err := json.Unmarshal(data, &r); err != nil {
			return Record{}, err
		}
	}
	return r, nil
}

// sumKey is how an entry's sum starts in a record terse writes.
var sumKey = []byte(`"sum":`)

// recordReader reads a record written by appendRecord; anything else is
// errUnexpected.
type recordReader struct {
	data []byte
	i    int
	// each, when set, is given each entry, and the record's list is
	// left empty.
	each func(Entry)
}

func (rr *recordReader) record(r *Record) error {
	if !rr.take('{') {
		return errUnexpected
	}
	for first := true; !rr.take('}'); first = false {
		if !first && !rr.take(',') {
			return errUnexpected
		}
		key, ok := rr.key()
		if !ok {
			return errUnexpected
		}
		switch string(key) {
		case "version":
			r.Version, ok = rr.int()
		case "tool":
			r.Tool, ok = rr.string()
		case "tooMany":
			r.TooMany, ok = rr.bool()
		case "failures":
			r.Failures, ok = rr.entries()
		default:
			ok = false
		}
		if !ok {
			return errUnexpected
		}
	}
	rr.space()
	if rr.i != len(rr.data) {
		return errUnexpected
	}
	return nil
}

func (rr *recordReader) entries() ([]Entry, bool) {
	if rr.literal("null") {
		return nil, true
	}
	if !rr.take('[') {
		return nil, false
	}
	// Every entry terse writes holds a sum: counted first, the entries
	// are one array, where growing it by appends allocated 5 times its
	// size.
	var es []Entry
	if rr.each == nil {
		es = make([]Entry, 0, min(bytes.Count(rr.data[rr.i:], sumKey), MaxEntries))
	}
	for first := true; !rr.take(']'); first = false {
		if !first && !rr.take(',') {
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
	return es, true
}

func (rr *recordReader) entry() (e Entry, ok bool) {
	if !rr.take('{') {
		return e, false
	}
	for first := true; !rr.take('}'); first = false {
		if !first && !rr.take(',') {
			return e, false
		}
		key, ok := rr.key()
		if !ok {
			return e, false
		}
		switch string(key) {
		case "file":
			e.File, ok = rr.string()
		case "line":
			e.Line, ok = rr.int()
		case "name":
			e.Name, ok = rr.string()
		case "kind":
			e.Kind, ok = rr.string()
		case "sum":
			e.Sum, ok = rr.string()
		default:
			ok = false
		}
		if !ok {
			return e, false
		}
	}
	return e, true
}

// key reads an object's key and its colon. (A view: switch string(key)
// compares it without a copy.)
func (rr *recordReader) key() ([]byte, bool) {
	rr.space()
	if rr.i >= len(rr.data) || rr.data[rr.i] != '"' {
		return nil, false
	}
	j := rr.i + 1
	for j < len(rr.data) && rr.data[j] != '"' && rr.data[j] != '\\' {
		j++
	}
	if j >= len(rr.data) || rr.data[j] != '"' {
		return nil, false
	}
	k := rr.data[rr.i+1 : j]
	rr.i = j + 1
	return k, rr.take(':')
}

// string reads a string. One that holds nothing to unescape and is UTF-8
// (nearly all) is a view of the data, not a copy (see Decode); encoding/json
// reads the others.
func (rr *recordReader) string() (string, bool) {
	rr.space()
	if rr.i >= len(rr.data) || rr.data[rr.i] != '"' {
		return "", false
	}
	j := rr.i + 1
	ascii := true
	for j < len(rr.data) {
		c := rr.data[j]
		if c == '"' {
			break
		}
		if c == '\\' {
			return rr.escaped()
		}
		if c < 0x20 {
			return "", false
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
		j++
	}
	if j >= len(rr.data) {
		return "", false
	}
	raw := rr.data[rr.i+1 : j]
	if !ascii && !utf8.Valid(raw) {
		return rr.escaped()
	}
	rr.i = j + 1
	if len(raw) == 0 {
		return "", true
	}
	return unsafe.String(&raw[0], len(raw)), true
}

// escaped reads the string at rr.i, which holds escapes or bytes that are
// not UTF-8, as encoding/json does: the escapes of one byte and of the
// Basic Multilingual Plane here, a surrogate's (a pair, or one alone) and
// bytes that are not UTF-8 by encoding/json itself.
func (rr *recordReader) escaped() (string, bool) {
	j := rr.i + 1
	for j < len(rr.data) && rr.data[j] != '"' {
		if rr.data[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(rr.data) {
		return "", false
	}
	tok := rr.data[rr.i : j+1]
	s, ok := unescape(tok[1 : len(tok)-1])
	if !ok {
		if err := json.Unmarshal(tok, &s); err != nil {
			return "", false
		}
	}
	rr.i = j + 1
	return s, true
}

// unescape is the text of a JSON string's body b, unless it holds what
// encoding/json is left to read (ok false): a surrogate's escape, a byte
// that is not UTF-8, a control byte, an escape JSON does not have.
func unescape(b []byte) (s string, ok bool) {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				return "", false
			}
			out = append(out, b[i:i+size]...)
			i += size - 1
			continue
		case c != '\\':
			out = append(out, c)
			continue
		}
		if i+1 >= len(b) {
			return "", false
		}
		i++
		switch b[i] {
		case '"', '\\', '/':
			out = append(out, b[i])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			if i+4 >= len(b) {
				return "", false
			}
			v, err := strconv.ParseUint(string(b[i+1:i+5]), 16, 16)
			if err != nil || v >= 0xd800 && v < 0xe000 {
				return "", false
			}
			out = utf8.AppendRune(out, rune(v))
			i += 4
		default:
			return "", false
		}
	}
	return unsafe.String(unsafe.SliceData(out), len(out)), true // out is not written again
}

// int reads a number that is an int (json.Unmarshal refuses others).
func (rr *recordReader) int() (int, bool) {
	rr.space()
	j := rr.i
	if j < len(rr.data) && rr.data[j] == '-' {
		j++
	}
	for j < len(rr.data) && rr.data[j] >= '0' && rr.data[j] <= '9' {
		j++
	}
	digits := rr.data[rr.i:j]
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	n, err := strconv.Atoi(string(rr.data[rr.i:j]))
	if err != nil || len(digits) > 1 && digits[0] == '0' ||
		j < len(rr.data) && (rr.data[j] == '.' || rr.data[j] == 'e' || rr.data[j] == 'E') {
		return 0, false
	}
	rr.i = j
	return n, true
}

func (rr *recordReader) bool() (bool, bool) {
	switch {
	case rr.literal("true"):
		return true, true
	case rr.literal("false"):
		return false, true
	}
	return false, false
}

// literal reads word if it comes next.
func (rr *recordReader) literal(word string) bool {
	rr.space()
	if len(rr.data)-rr.i < len(word) || string(rr.data[rr.i:rr.i+len(word)]) != word {
		return false
	}
	rr.i += len(word)
	return true
}

// take reads c if it comes next, after white space.
func (rr *recordReader) take(c byte) bool {
	rr.space()
	if rr.i < len(rr.data) && rr.data[rr.i] == c {
		rr.i++
		return true
	}
	return false
}

func (rr *recordReader) space() {
	for rr.i < len(rr.data) {
		switch rr.data[rr.i] {
		case ' ', '\t', '\n', '\r':
			rr.i++
		default:
			return
		}
	}
}
