// Package filters holds the text machinery every profile shares: ANSI and
// carriage-return removal, a line reader without a line-length limit, stack
// frame classification, diff trimming and pagination windows.
package filters

import (
	"bytes"

	"github.com/acarl005/stripansi"
)

// StripANSI removes terminal escape sequences from s.
//
// stripansi handles SGR colours and cursor movement, but an OSC sequence whose
// payload holds characters outside [A-Za-z0-9;] (the URL of an OSC 8
// hyperlink, a window title with spaces) is only half removed: the ESC ] is
// dropped and the URL is left in the text. So OSC sequences are cut out first
// by a small scanner, and the rest goes to stripansi. Lines without an escape
// byte are returned as they are, which keeps the common case at memory speed.
func StripANSI(s string) string {
	if !hasEscape(s) {
		return s
	}
	s = stripOSC(s)
	if !hasEscape(s) {
		return s
	}
	return stripansi.Strip(s)
}

func hasEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 0x1b, 0x9b, 0x9d:
			return true
		}
	}
	return false
}

// stripOSC removes Operating System Commands: ESC ] ... terminated by BEL or
// ESC \ (and the 8-bit forms C2 9D ... C2 9C). An unterminated OSC runs to the
// end of the string, as a terminal would swallow it.
func stripOSC(s string) string {
	b := []byte(s)
	var out []byte
	i, last, found := 0, 0, false
	for i < len(b) {
		start, bodyAt := -1, 0
		if b[i] == 0x1b && i+1 < len(b) && b[i+1] == ']' {
			start, bodyAt = i, i+2
		} else if b[i] == 0xc2 && i+1 < len(b) && b[i+1] == 0x9d {
			start, bodyAt = i, i+2
		}
		if start < 0 {
			i++
			continue
		}
		end := len(b)
		for j := bodyAt; j < len(b); j++ {
			if b[j] == 0x07 {
				end = j + 1
				break
			}
			if b[j] == 0x1b && j+1 < len(b) && b[j+1] == '\\' {
				end = j + 2
				break
			}
			if b[j] == 0xc2 && j+1 < len(b) && b[j+1] == 0x9c {
				end = j + 2
				break
			}
		}
		out = append(out, b[last:start]...)
		last, found = end, true
		i = end
	}
	if !found {
		return s
	}
	out = append(out, b[last:]...)
	return string(out)
}

// ResolveCR returns what a terminal would show for a line holding carriage
// returns: each \r moves back to column 0 and later text overwrites earlier
// text. A trailing \r (CRLF endings) is dropped.
func ResolveCR(s string) string {
	if !bytes.ContainsRune([]byte(s), '\r') {
		return s
	}
	s = trimSuffixCR(s)
	parts := bytes.Split([]byte(s), []byte{'\r'})
	line := []rune(string(parts[0]))
	for _, p := range parts[1:] {
		r := []rune(string(p))
		if len(r) >= len(line) {
			line = r
			continue
		}
		copy(line, r)
	}
	return string(line)
}

func trimSuffixCR(s string) string {
	for len(s) > 0 && s[len(s)-1] == '\r' {
		s = s[:len(s)-1]
	}
	return s
}

// CleanLine strips escapes, resolves carriage returns and drops the control
// characters left over (a stray ESC, BEL, backspace): the visible text of one
// line of terminal output.
func CleanLine(s string) string {
	return dropControls(ResolveCR(StripANSI(s)))
}

// dropControls removes C0 controls other than tab, DEL, and C1 controls.
func dropControls(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 && c != '\t') || c == 0x7f || (c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20 && c != '\t', c == 0x7f:
			continue
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
			i++
			continue
		}
		b = append(b, c)
	}
	return string(b)
}
