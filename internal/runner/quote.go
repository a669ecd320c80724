package runner

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Quote quotes s for a shell, so that a command line terse prints can be
// pasted back and runs the same arguments, and so that nothing in it acts on
// the terminal or the reader: a word of plain characters is left as it is;
// one with spaces or shell syntax goes in single quotes; one with a control
// character, an invalid byte or an invisible rune (an escape sequence that
// would retitle or clear a terminal, a newline that would forge a line of
// terse's own output, a bidi override) is written with the escapes of
// $'...' (bash, zsh, ksh and POSIX.1-2024 read them).
func Quote(s string) string {
	if s == "" {
		return "''"
	}
	if plainWord(s) {
		return s
	}
	if !visible(s) {
		return escaped(s)
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// QuoteArgs is a command line: every argument quoted, joined by spaces.
func QuoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = Quote(a)
	}
	return strings.Join(q, " ")
}

// plainWord reports whether s needs no quoting at all.
func plainWord(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("_./,:=@%+-", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// visible reports whether every rune of s is valid and printable (the space
// included, other white space not).
func visible(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return false
		}
	}
	return utf8.ValidString(s)
}

// escaped writes s as $'...'.
func escaped(s string) string {
	var b strings.Builder
	b.WriteString("$'")
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case r == '\'' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < utf8.RuneSelf && controlEscapes[byte(r)] != "":
			b.WriteString(controlEscapes[byte(r)])
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		s = s[size:]
	}
	b.WriteByte('\'')
	return b.String()
}

var controlEscapes = [utf8.RuneSelf]string{
	'\a': `\a`, '\b': `\b`, '\t': `\t`, '\n': `\n`, '\v': `\v`, '\f': `\f`, '\r': `\r`, 0x1b: `\e`,
}
