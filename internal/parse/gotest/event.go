package gotest

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/parse"
)

// eventDecoder reads go test -json lines into events. json.Unmarshal of
// every event was three quarters of the time -json output took to shape:
// the decoder reads the flat objects test2json writes by hand, and gives
// anything else (an escaped key, a nested value, a surrogate escape,
// invalid UTF-8, invalid JSON) to encoding/json, so that what it accepts
// and what it yields are encoding/json's.
type eventDecoder struct {
	buf  []byte // a string value's unescaped bytes
	pkg  string // the last Package read, reused while it repeats
	test string // the last Test read
	// out makes the Output strings, the lines of text, many to one
	// allocation, as the text form's lines are.
	out parse.LineStrings
}

// decode reads raw into ev as json.Unmarshal(raw, ev) into a zero ev would,
// and reports whether json.Unmarshal would return no error.
func (d *eventDecoder) decode(raw []byte, ev *goEvent) bool {
	*ev = goEvent{}
	if d.scan(raw, ev) {
		return true
	}
	*ev = goEvent{}
	return json.Unmarshal(raw, ev) == nil
}

// eventScan is the position in an event line being read.
type eventScan struct {
	b []byte
	i int
}

// scan reads a flat JSON object of string, number, boolean and null
// values; false when the line is anything else (and encoding/json must
// say what it is).
func (d *eventDecoder) scan(raw []byte, ev *goEvent) bool {
	s := eventScan{b: raw}
	s.space()
	if !s.take('{') {
		return false
	}
	s.space()
	if s.take('}') {
		return s.end()
	}
	for {
		key, ok := s.plainKey()
		if !ok {
			return false
		}
		s.space()
		if !s.take(':') {
			return false
		}
		s.space()
		if !d.member(&s, key, ev) {
			return false
		}
		s.space()
		if s.take('}') {
			return s.end()
		}
		if !s.take(',') {
			return false
		}
		s.space()
	}
}

// member reads the value of key: a string into its field of ev (null
// leaves the field as it is, as encoding/json does), any scalar for a key
// ev has no field for.
func (d *eventDecoder) member(s *eventScan, key []byte, ev *goEvent) bool {
	field := eventField(key, ev)
	if field == nil {
		return s.skipScalar()
	}
	if s.literal("null") {
		return true
	}
	v, ok := d.str(s)
	if !ok {
		return false
	}
	*field = d.intern(field, ev, v)
	return true
}

// eventField is the field of ev that key names, matched without regard to
// ASCII case as encoding/json matches an ASCII key; nil for other keys.
func eventField(key []byte, ev *goEvent) *string {
	switch {
	case asciiFold(key, "Action"):
		return &ev.Action
	case asciiFold(key, "Package"):
		return &ev.Package
	case asciiFold(key, "Test"):
		return &ev.Test
	case asciiFold(key, "Output"):
		return &ev.Output
	case asciiFold(key, "ImportPath"):
		return &ev.ImportPath
	}
	return nil
}

// asciiFold reports whether the ASCII key equals name but for case.
func asciiFold(key []byte, name string) bool {
	if len(key) != len(name) {
		return false
	}
	for i := range key {
		if key[i]|0x20 != name[i]|0x20 {
			return false
		}
	}
	return true
}

// intern makes v a string, reusing the one of the last event when a
// field repeats (an event's action is one of a few words, and runs of
// events share their package and test).
func (d *eventDecoder) intern(field *string, ev *goEvent, v []byte) string {
	switch field {
	case &ev.Action:
		for _, a := range eventActions {
			if string(v) == a {
				return a
			}
		}
	case &ev.Package:
		if string(v) != d.pkg {
			d.pkg = string(v)
		}
		return d.pkg
	case &ev.Test:
		if string(v) != d.test {
			d.test = string(v)
		}
		return d.test
	case &ev.Output:
		return d.out.String(v)
	}
	return string(v)
}

// strStop marks the bytes str must look at inside a string: the quote that
// ends it, a backslash, a control character, and the bytes of non-ASCII
// UTF-8.
var strStop = func() (t [256]bool) {
	for c := range t {
		t[c] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80
	}
	return t
}()

// eventActions are the actions test2json writes.
var eventActions = []string{"output", "run", "pass", "fail", "skip", "pause", "cont", "start", "bench",
	"build-output", "build-fail"}

// space skips JSON white space.
func (s *eventScan) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// take reads c if it is next.
func (s *eventScan) take(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// end reports whether nothing but white space follows.
func (s *eventScan) end() bool {
	s.space()
	return s.i == len(s.b)
}

// literal reads word if it is next.
func (s *eventScan) literal(word string) bool {
	if bytes.HasPrefix(s.b[s.i:], []byte(word)) {
		s.i += len(word)
		return true
	}
	return false
}

// plainKey reads a key of printable ASCII without escapes: the keys
// test2json writes, and the only ones whose match to a field is a plain
// ASCII case fold.
func (s *eventScan) plainKey() ([]byte, bool) {
	if !s.take('"') {
		return nil, false
	}
	start := s.i
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return s.b[start : s.i-1], true
		case c < 0x20 || c >= 0x80 || c == '\\':
			return nil, false
		}
		s.i++
	}
	return nil, false
}

// str reads a string value, unescaped; the bytes are valid until the
// next call. False on what encoding/json would read differently or refuse:
// a surrogate escape, invalid UTF-8, a control character, a bad escape.
func (d *eventDecoder) str(s *eventScan) ([]byte, bool) {
	if !s.take('"') {
		return nil, false
	}
	start := s.i
	high := false
	for s.i < len(s.b) {
		c := s.b[s.i]
		if !strStop[c] {
			// Plain ASCII, most of every string: one table look-up a
			// byte rather than the cases below.
			s.i++
			continue
		}
		switch {
		case c == '"':
			v := s.b[start:s.i]
			s.i++
			return v, !high || utf8.Valid(v)
		case c == '\\':
			return d.escaped(s, start)
		case c < 0x20:
			return nil, false
		case c >= 0x80:
			high = true
		}
		s.i++
	}
	return nil, false
}

// escaped reads the rest of a string value from its first escape, the
// value having started at start.
func (d *eventDecoder) escaped(s *eventScan, start int) ([]byte, bool) {
	d.buf = append(d.buf[:0], s.b[start:s.i]...)
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return d.buf, utf8.Valid(d.buf)
		case c < 0x20:
			return nil, false
		case c == '\\':
			r, ok := s.escape()
			if !ok {
				return nil, false
			}
			d.buf = utf8.AppendRune(d.buf, r)
			continue
		}
		d.buf = append(d.buf, c)
		s.i++
	}
	return nil, false
}

// escape reads one escape sequence; false for a surrogate half (which
// encoding/json pairs or replaces) and for what is not an escape.
func (s *eventScan) escape() (rune, bool) {
	if s.i+1 >= len(s.b) {
		return 0, false
	}
	c := s.b[s.i+1]
	s.i += 2
	switch c {
	case '"', '\\', '/':
		return rune(c), true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'u':
		r, ok := s.hex4()
		return r, ok && (r < 0xD800 || r > 0xDFFF)
	}
	return 0, false
}

// hex4 reads the four hex digits of a \u escape.
func (s *eventScan) hex4() (rune, bool) {
	if s.i+4 > len(s.b) {
		return 0, false
	}
	var r rune
	for _, c := range s.b[s.i : s.i+4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	s.i += 4
	return r, true
}

// skipScalar skips a value of a key ev has no field for: a string, a
// number, true, false or null.
func (s *eventScan) skipScalar() bool {
	if s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; {
	case c == '"':
		return s.skipString()
	case c == '-' || ('0' <= c && c <= '9'):
		return s.number()
	}
	return s.literal("true") || s.literal("false") || s.literal("null")
}

// skipString skips a string whose value is not needed: any bytes but
// control characters, and valid escapes.
func (s *eventScan) skipString() bool {
	s.i++
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return true
		case c < 0x20:
			return false
		case c == '\\':
			if s.i+1 < len(s.b) && s.b[s.i+1] == 'u' {
				s.i += 2
				if _, ok := s.hex4(); !ok {
					return false
				}
				continue
			}
			if _, ok := s.escape(); !ok {
				return false
			}
			continue
		}
		s.i++
	}
	return false
}

// number skips a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *eventScan) number() bool {
	s.take('-')
	if s.take('0') {
		// no more integer digits
	} else if !s.digits() {
		return false
	}
	if s.take('.') && !s.digits() {
		return false
	}
	if s.take('e') || s.take('E') {
		if !s.take('+') {
			s.take('-')
		}
		return s.digits()
	}
	return true
}

// digits skips one or more decimal digits.
func (s *eventScan) digits() bool {
	start := s.i
	for s.i < len(s.b) && '0' <= s.b[s.i] && s.b[s.i] <= '9' {
		s.i++
	}
	return s.i > start
}
