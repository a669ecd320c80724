package filters

import (
	"bytes"
	"io"
	"unicode/utf8"
)

// Reordering is whether r is one of the invisible format characters that
// change the order in which text around it is displayed: the bidi
// embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), the
// left-to-right and right-to-left marks (U+200E, U+200F) and the Arabic
// letter mark (U+061C). Source that holds them can show a reviewer, or an
// agent reading terse's output, something other than what it does (the
// "trojan source" attack, CVE-2021-42574).
func Reordering(r rune) bool {
	switch {
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return r == 0x200e || r == 0x200f || r == 0x061c
}

// mayReorder reports whether s may hold a Reordering character: it holds
// one of their lead byte pairs (E2 80, E2 81, D8 9C). Most text holds none,
// and is not decoded.
func mayReorder(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		switch s[i] {
		case 0xe2:
			if s[i+1] == 0x80 || s[i+1] == 0x81 {
				return true
			}
		case 0xd8:
			if s[i+1] == 0x9c {
				return true
			}
		}
	}
	return false
}

// EscapeReordering writes each Reordering character of b as its \u escape
// ("\u202e"), as JSON encoders write control characters: in JSON (where it
// can only stand inside a string) it decodes to the same string; in text
// it is visible and says what was there.
func EscapeReordering(b []byte) []byte {
	if !mayReorder(string(b)) {
		return b
	}
	var out bytes.Buffer
	last := 0
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if Reordering(r) {
			out.Write(b[last:i])
			out.WriteString(`\u`)
			out.WriteString(hex4(r))
			last = i + n
		}
		i += n
	}
	if last == 0 {
		return b
	}
	out.Write(b[last:])
	return out.Bytes()
}

// hex4 is r as four lower-case hex digits.
func hex4(r rune) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[r>>12&0xf], digits[r>>8&0xf], digits[r>>4&0xf], digits[r&0xf]})
}

// ReorderingWriter escapes the Reordering characters of what it writes
// (EscapeReordering) on their way to W. A character split between two
// writes is held until the next one; Flush writes what is held. Every
// renderer of terse's shaped output writes through one: the tool's own
// text reaches the output through many paths (names, messages, lines,
// keys of a document), and one place covers them all.
type ReorderingWriter struct {
	W    io.Writer
	held []byte
}

func (e *ReorderingWriter) Write(p []byte) (int, error) {
	data := p
	if len(e.held) > 0 {
		data = append(e.held, p...)
		e.held = nil
	}
	keep := partialTail(data)
	if keep > 0 {
		e.held = append([]byte(nil), data[len(data)-keep:]...)
		data = data[:len(data)-keep]
	}
	if _, err := e.W.Write(EscapeReordering(data)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes the bytes held back.
func (e *ReorderingWriter) Flush() error {
	if len(e.held) == 0 {
		return nil
	}
	_, err := e.W.Write(e.held)
	e.held = nil
	return err
}

// partialTail is how many bytes at the end of b start a character that
// may be a Reordering one but is not complete (a lead E2 or D8, or E2 80,
// E2 81).
func partialTail(b []byte) int {
	n := len(b)
	switch {
	case n >= 1 && (b[n-1] == 0xe2 || b[n-1] == 0xd8):
		return 1
	case n >= 2 && b[n-2] == 0xe2 && (b[n-1] == 0x80 || b[n-1] == 0x81):
		return 2
	}
	return 0
}
