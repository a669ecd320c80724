// Package filters holds the text machinery every profile shares: ANSI and
// carriage-return removal, a line reader without a line-length limit, stack
// frame classification, diff trimming and pagination windows.
package filters

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// StripANSI removes terminal escape sequences from s: CSI sequences (colours,
// cursor movement), OSC sequences (hyperlinks, titles) and the short ESC
// forms (charset selection, keypad modes).
//
// It is a small scanner rather than stripansi's regular expression for two
// measured reasons: the regexp leaves OSC 8 hyperlinks half-stripped (the
// URL of `ESC ] 8 ;; url ESC \` stays in the text, as gcc, cargo and
// `ls --hyperlink` print it), and it ran at about 15 MB/s on coloured jest
// output, a third of terse's time. Lines without an escape byte are returned
// as they are. The tests check it against stripansi on real coloured output.
func StripANSI(s string) string {
	if !hasEscape(s) {
		return s
	}
	return string(appendStripped(make([]byte, 0, len(s)), s))
}

// appendStripped appends s to dst without its escape sequences.
func appendStripped(dst []byte, s string) []byte {
	if strings.IndexByte(s, 0xc2) < 0 {
		return appendStrippedESC(dst, s)
	}
	for i := 0; i < len(s); {
		// Copy the text up to the next byte that may start a sequence in
		// one piece: escapes are few, and the text between them long.
		j := i
		for j < len(s) && s[j] != 0x1b && s[j] != 0xc2 {
			j++
		}
		dst = append(dst, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		switch {
		case c == 0x1b && i+1 < len(s):
			i = skipEscape(s, i+1)
		case c == 0x1b:
			i++
		case c == 0xc2 && i+1 < len(s) && s[i+1] == 0x9b: // 8-bit CSI
			i = skipCSI(s, i+2)
		case c == 0xc2 && i+1 < len(s) && s[i+1] == 0x9d: // 8-bit OSC
			i = skipOSC(s, i+2)
		default:
			dst = append(dst, c)
			i++
		}
	}
	return dst
}

// appendStrippedESC is appendStripped for s without a 0xc2 byte (no 8-bit
// CSI or OSC, nearly every coloured line): the text between escapes is
// found by IndexByte, not looked at byte by byte.
func appendStrippedESC(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], 0x1b)
		if j < 0 {
			return append(dst, s[i:]...)
		}
		dst = append(dst, s[i:i+j]...)
		if i += j; i+1 < len(s) {
			i = skipEscape(s, i+1)
		} else {
			i++
		}
	}
	return dst
}

// skipEscape skips the sequence whose ESC is just before i.
func skipEscape(s string, i int) int {
	switch c := s[i]; {
	case c == '[':
		return skipCSI(s, i+1)
	case c == ']':
		return skipOSC(s, i+1)
	case c == 'P' || c == 'X' || c == '^' || c == '_': // DCS, SOS, PM, APC: up to ST
		return skipOSC(s, i+1)
	case c >= 0x20 && c <= 0x2f: // ESC ( B and other charset designations
		i++
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
		if i < len(s) {
			i++
		}
		return i
	default: // two-byte forms: ESC = , ESC > , ESC 7 ...
		return i + 1
	}
}

// skipCSI skips parameter and intermediate bytes and the final byte.
func skipCSI(s string, i int) int {
	for i < len(s) {
		switch c := s[i]; {
		case c >= 0x40 && c <= 0x7e:
			return i + 1
		case c >= 0x20 && c <= 0x3f:
			i++
		default: // not part of a CSI: the sequence was cut short
			return i
		}
	}
	return i
}

// skipOSC skips to the string terminator: BEL, ESC \ or 8-bit ST. An
// unterminated OSC runs to the end of the line, as a terminal would swallow it.
func skipOSC(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case s[i] == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c:
			return i + 2
		}
		i++
	}
	return i
}

func hasEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 0x1b:
			return true
		case 0xc2:
			if i+1 < len(s) && (s[i+1] == 0x9b || s[i+1] == 0x9d) {
				return true
			}
		}
	}
	return false
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

// isASCII reports whether every byte of b is below 0x80.
func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// resolveCRInPlace is ResolveCR for ASCII text, in b: each part after a
// carriage return overwrites the start of the line, and lies after it in
// b, so the copies never overrun what is still to read.
func resolveCRInPlace(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == '\r' {
		b = b[:len(b)-1]
	}
	i := bytes.IndexByte(b, '\r')
	if i < 0 {
		return b
	}
	n := i // the line so far is b[:n]
	for i < len(b) {
		start := i + 1
		end := bytes.IndexByte(b[start:], '\r')
		if end < 0 {
			end = len(b)
		} else {
			end += start
		}
		copy(b, b[start:end])
		n = max(n, end-start)
		i = end
	}
	return b[:n]
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
//
// Invalid UTF-8 becomes U+FFFD first, so that dropping a control byte can
// never join two stray bytes into a new character.
//
// It runs on every line of every input, and nearly every line is already
// visible text: one scan (visible) finds that out and returns the line
// itself, without a copy.
func CleanLine(s string) string {
	if visible(s) {
		return s
	}
	return cleanSlow(s)
}

// CleanBytes is CleanLine of string(b), for a line a reader holds in its
// buffer: the line is looked at where it is, and converted once, to the
// clean text, where CleanLine(string(b)) would copy a line with escapes
// twice. b is only read, and not kept.
func CleanBytes(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	// A view of b, not a copy: visible and cleanSlow only read it, and
	// every string they return is a copy of their own.
	view := unsafe.String(&b[0], len(b))
	if visible(view) {
		return string(b)
	}
	return cleanSlow(view)
}

// needsLook marks the bytes visible must look at: C0 controls other than
// tab (ESC and CR among them), DEL, and every byte of 0x80 or more (the
// start of a C1 control, 8-bit CSI or OSC, or invalid UTF-8).
var needsLook = func() (t [256]bool) {
	for c := range t {
		t[c] = c < 0x20 && c != '\t' || c >= 0x7f
	}
	return t
}()

// visible reports whether CleanLine would return s unchanged: it holds no
// byte of needsLook other than in a valid UTF-8 character from U+00A0 up.
// Printable ASCII is skipped sixteen bytes at a time, and where a word
// holds another byte, the scan goes straight to the first one: going a
// byte at a time up to it, and reading the words again at each, made a
// line of gcc's, whose ‘quotes’ are three bytes past ASCII, cost ten
// times a line of ASCII.
func visible(s string) bool {
	// A line under 16 bytes (a short line's, a stack frame's, a diff's)
	// is covered by its first and last 8 bytes, or 4: most are all
	// printable, where a byte at a time costs as much again.
	switch n := len(s); {
	case n >= 16:
	case n >= 8:
		if lookMask(s[:8])|lookMask(s[n-8:]) == 0 {
			return true
		}
	case n >= 4:
		if lookMask4(s[:4])|lookMask4(s[n-4:]) == 0 {
			return true
		}
	}
	for i := 0; i < len(s); {
		switch {
		case i+16 <= len(s):
			m := lookMask(s[i : i+8])
			if m == 0 {
				if m = lookMask(s[i+8 : i+16]); m == 0 {
					i += 16
					continue
				}
				i += 8
			}
			i += firstLook(m)
		case len(s) >= 8:
			// Under 16 bytes are left: the 8 at i when more are left,
			// then the last 8, those before i shifted out.
			if i+8 < len(s) {
				if m := lookMask(s[i : i+8]); m != 0 {
					i += firstLook(m)
					break
				}
				i += 8
			}
			at := len(s) - 8
			m := lookMask(s[at:]) >> (8 * uint(i-at))
			if m == 0 {
				return true
			}
			i += firstLook(m)
		}
		n := visibleAt(s, i)
		if n == 0 {
			return false
		}
		i += n
	}
	return true
}

// visibleAt is the length of the byte or character at s[i] when
// CleanLine keeps it as it is (a printable or tab byte, a valid UTF-8
// character from U+00A0 up), else 0.
func visibleAt(s string, i int) int {
	c := s[i]
	switch {
	case !needsLook[c]:
		return 1
	case c < utf8.RuneSelf:
		return 0
	}
	if n := visibleRune(s, i); n > 0 {
		return n
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r < 0xa0 || r == utf8.RuneError && n == 1 { // a C1 control, or invalid
		return 0
	}
	return n
}

// visibleRune is the length of the character at s[i] when its lead byte
// alone shows it is valid UTF-8 from U+00C0 up (a C3–DF lead, or an E1–EC,
// EE or EF lead, with its continuation bytes), else 0 (decode it).
// Glyph-heavy lines (vitest's "⎯⎯⎯" rules, "✓", "❯") are mostly such
// characters, which a full decode per character made the costly part.
func visibleRune(s string, i int) int {
	c := s[i]
	switch {
	case c >= 0xc3 && c <= 0xdf:
		if i+1 < len(s) && s[i+1]&0xc0 == 0x80 {
			return 2
		}
	case c >= 0xe1 && c <= 0xec || c == 0xee || c == 0xef:
		if i+2 < len(s) && s[i+1]&0xc0 == 0x80 && s[i+2]&0xc0 == 0x80 {
			return 3
		}
	}
	return 0
}

// lookMask is, for the 8 bytes of w, the high bit of each byte outside
// 0x20 to 0x7e, or of one after it (a borrow or a carry runs into the
// next byte): 0 when all are printable, and its lowest bit is the first
// byte that is not (firstLook).
func lookMask(w string) uint64 {
	x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	// A byte below 0x20, a byte of 0x7f (which +1 carries into its high
	// bit), or a byte of 0x80 and more each set a high bit.
	return ((x - 0x20*lo) | (x + lo) | x) & hi
}

// lookMask4 is lookMask of the 4 bytes of w.
func lookMask4(w string) uint32 {
	x := uint32(w[0]) | uint32(w[1])<<8 | uint32(w[2])<<16 | uint32(w[3])<<24
	const lo, hi = 0x01010101, 0x80808080
	return ((x - 0x20*lo) | (x + lo) | x) & hi
}

// firstLook is the offset in its word of the byte of lookMask's lowest bit.
func firstLook(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// printableBytes reports whether the first 8 bytes of b are all 0x20 to
// 0x7e (lookMask's 0).
func printableBytes(b []byte) bool {
	x := binary.LittleEndian.Uint64(b)
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	return ((x-0x20*lo)|(x+lo)|x)&hi == 0
}

// cleanSlow is CleanLine for a line that holds something to clean: escapes
// stripped into a buffer, then, for the common case of a line without a
// carriage return that stays valid UTF-8, the controls dropped in place,
// so the result costs one copy.
func cleanSlow(s string) string {
	var stack [256]byte
	b := appendStripped(stack[:0], s)
	hasCR := bytes.IndexByte(b, '\r') >= 0
	if hasCR && isASCII(b) {
		// Progress lines redrawn in place (wget, curl, pip) are ASCII: a
		// character is a byte, so the overwriting resolves in the buffer.
		return string(dropControlsInPlace(resolveCRInPlace(b)))
	}
	if hasCR || !utf8.Valid(b) {
		v := ResolveCR(string(b))
		if !utf8.ValidString(v) {
			v = strings.ToValidUTF8(v, "\uFFFD")
		}
		return dropControls(v)
	}
	return string(dropControlsInPlace(b))
}

// dropControls removes C0 controls other than tab, DEL, and C1 controls.
func dropControls(s string) string {
	return string(dropControlsInPlace([]byte(s)))
}

// dropControlsInPlace is dropControls over b, which it overwrites.
func dropControlsInPlace(b []byte) []byte {
	// Most lines that reach here held escapes and hold no control once
	// they are stripped: their printable ASCII is skipped eight bytes at a
	// time, and nothing before the first byte to look at moves.
	i := 0
	for i+8 <= len(b) && printableBytes(b[i:i+8]) {
		i += 8
	}
	w := i
	for ; i < len(b); i++ {
		c := b[i]
		switch {
		case c < 0x20 && c != '\t', c == 0x7f:
			continue
		case c == 0xc2 && i+1 < len(b) && b[i+1] >= 0x80 && b[i+1] <= 0x9f:
			i++
			continue
		}
		b[w] = c
		w++
	}
	return b[:w]
}
