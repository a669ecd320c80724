// Package filters holds the text machinery every profile shares: ANSI and
// carriage-return removal, a line reader without a line-length limit, stack
// frame classification, diff trimming and pagination windows.
package filters

import (
	"bytes"
	"strings"

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
	s = stripansi.Strip(s)
	if strings.IndexByte(s, 0x1b) >= 0 {
		// A lone ESC, or a sequence stripansi does not know: a terminal
		// prints nothing for the byte, and output must never hold one.
		s = strings.ReplaceAll(s, "\x1b", "")
	}
	return s
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
	i := 0
	last := 0
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
		last = end
		i = end
	}
	if out == nil {
		return s
	}
	out = append(out, b[last:]...)
	return string(out)
}

// ResolveCR returns what a terminal would show for a line holding carriage
// returns: each \r moves back to column 0 and later text overwrites earlier
// text. A trailing \r (CRLF endings) is dropped.
func ResolveCR(s string) string {
	if strings.IndexByte(s, '\r') < 0 {
		return s // no copy: this runs on every line
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

// CleanLine strips escapes and resolves carriage returns: the visible text of
// one line of terminal output.
func CleanLine(s string) string {
	return ResolveCR(StripANSI(s))
}
