// Package jsonscan reads flat JSON objects by hand, a byte at a time: the
// events go test -json writes, a line each, and the records of failures
// terse run saves. Through encoding/json, reflection was most of the time
// of both. A Scanner reads only what it reads as encoding/json would, and
// says no to the rest (an escaped key, a nested value, a surrogate escape,
// invalid UTF-8, invalid JSON): its caller then hands the whole input to
// encoding/json, so that what is accepted, and what it yields, stay
// encoding/json's.
package jsonscan

import (
	"bytes"
	"strconv"
	"unicode/utf8"
)

// Scanner is a position in B, the JSON being read.
type Scanner struct {
	B []byte
	I int
	// buf holds the last string value that needed unescaping.
	buf []byte
}

// Reset makes s read b from its start, keeping its buffer.
func (s *Scanner) Reset(b []byte) {
	s.B, s.I = b, 0
}

// Space skips JSON white space.
func (s *Scanner) Space() {
	for s.I < len(s.B) {
		switch s.B[s.I] {
		case ' ', '\t', '\n', '\r':
			s.I++
		default:
			return
		}
	}
}

// Take reads c if it is next.
func (s *Scanner) Take(c byte) bool {
	if s.I < len(s.B) && s.B[s.I] == c {
		s.I++
		return true
	}
	return false
}

// End reports whether nothing but white space follows.
func (s *Scanner) End() bool {
	s.Space()
	return s.I == len(s.B)
}

// Literal reads word if it is next.
func (s *Scanner) Literal(word string) bool {
	if bytes.HasPrefix(s.B[s.I:], []byte(word)) {
		s.I += len(word)
		return true
	}
	return false
}

// Object reads an object, white space around its parts allowed, calling
// member with each key (printable ASCII without escapes, PlainKey) when
// the value comes next; member reads the value, and says false to stop.
// It reports whether the object was read whole.
func (s *Scanner) Object(member func(key []byte) bool) bool {
	s.Space()
	if !s.Take('{') {
		return false
	}
	s.Space()
	if s.Take('}') {
		return true
	}
	for {
		key, ok := s.PlainKey()
		if !ok {
			return false
		}
		s.Space()
		if !s.Take(':') {
			return false
		}
		s.Space()
		if !member(key) {
			return false
		}
		s.Space()
		if s.Take('}') {
			return true
		}
		if !s.Take(',') {
			return false
		}
		s.Space()
	}
}

// PlainKey reads a key of printable ASCII without escapes: the keys
// terse's inputs hold, and the only ones whose match to a field is a
// plain ASCII case fold.
func (s *Scanner) PlainKey() ([]byte, bool) {
	if !s.Take('"') {
		return nil, false
	}
	start := s.I
	for s.I < len(s.B) {
		c := s.B[s.I]
		switch {
		case c == '"':
			s.I++
			return s.B[start : s.I-1], true
		case c < 0x20 || c >= 0x80 || c == '\\':
			return nil, false
		}
		s.I++
	}
	return nil, false
}

// strStop marks the bytes String must look at inside a string: the quote
// that ends it, a backslash, a control character, and the bytes of
// non-ASCII UTF-8.
var strStop = func() (t [256]bool) {
	for c := range t {
		t[c] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80
	}
	return t
}()

// String reads a string value, unescaped. view says the value is a part
// of B; else it is in s's buffer, valid until the next String. False on
// what encoding/json would read differently or refuse: a surrogate escape,
// invalid UTF-8, a control character, a bad escape.
func (s *Scanner) String() (v []byte, view, ok bool) {
	if !s.Take('"') {
		return nil, false, false
	}
	start := s.I
	high := false
	for s.I < len(s.B) {
		c := s.B[s.I]
		if !strStop[c] {
			// Plain ASCII, most of every string: one table look-up a
			// byte rather than the cases below.
			s.I++
			continue
		}
		switch {
		case c == '"':
			v := s.B[start:s.I]
			s.I++
			return v, true, !high || utf8.Valid(v)
		case c == '\\':
			v, ok := s.escaped(start)
			return v, false, ok
		case c < 0x20:
			return nil, false, false
		case c >= 0x80:
			high = true
		}
		s.I++
	}
	return nil, false, false
}

// escaped reads the rest of a string value from its first escape, the
// value having started at start.
func (s *Scanner) escaped(start int) ([]byte, bool) {
	s.buf = append(s.buf[:0], s.B[start:s.I]...)
	for s.I < len(s.B) {
		c := s.B[s.I]
		switch {
		case c == '"':
			s.I++
			return s.buf, utf8.Valid(s.buf)
		case c < 0x20:
			return nil, false
		case c == '\\':
			r, ok := s.escape()
			if !ok {
				return nil, false
			}
			s.buf = utf8.AppendRune(s.buf, r)
			continue
		}
		s.buf = append(s.buf, c)
		s.I++
	}
	return nil, false
}

// escape reads one escape sequence; false for a surrogate half (which
// encoding/json pairs or replaces) and for what is not an escape.
func (s *Scanner) escape() (rune, bool) {
	if s.I+1 >= len(s.B) {
		return 0, false
	}
	c := s.B[s.I+1]
	s.I += 2
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
func (s *Scanner) hex4() (rune, bool) {
	if s.I+4 > len(s.B) {
		return 0, false
	}
	var r rune
	for _, c := range s.B[s.I : s.I+4] {
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
	s.I += 4
	return r, true
}

// SkipScalar skips a value whose content is not needed: a string, a
// number, true, false or null.
func (s *Scanner) SkipScalar() bool {
	if s.I >= len(s.B) {
		return false
	}
	switch c := s.B[s.I]; {
	case c == '"':
		return s.skipString()
	case c == '-' || ('0' <= c && c <= '9'):
		return s.Number()
	}
	return s.Literal("true") || s.Literal("false") || s.Literal("null")
}

// skipString skips a string: any bytes but control characters, and
// valid escapes.
func (s *Scanner) skipString() bool {
	s.I++
	for s.I < len(s.B) {
		c := s.B[s.I]
		switch {
		case c == '"':
			s.I++
			return true
		case c < 0x20:
			return false
		case c == '\\':
			if s.I+1 < len(s.B) && s.B[s.I+1] == 'u' {
				s.I += 2
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
		s.I++
	}
	return false
}

// Number skips a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *Scanner) Number() bool {
	s.Take('-')
	if s.Take('0') {
		// no more integer digits
	} else if !s.digits() {
		return false
	}
	if s.Take('.') && !s.digits() {
		return false
	}
	if s.Take('e') || s.Take('E') {
		if !s.Take('+') {
			s.Take('-')
		}
		return s.digits()
	}
	return true
}

// Int reads a number that encoding/json reads into an int: no fraction,
// no exponent, in range.
func (s *Scanner) Int() (int, bool) {
	start := s.I
	if !s.Number() {
		return 0, false
	}
	n, err := strconv.Atoi(string(s.B[start:s.I]))
	return n, err == nil
}

// digits skips one or more decimal digits.
func (s *Scanner) digits() bool {
	start := s.I
	for s.I < len(s.B) && '0' <= s.B[s.I] && s.B[s.I] <= '9' {
		s.I++
	}
	return s.I > start
}
