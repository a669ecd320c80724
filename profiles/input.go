package profiles

import (
	"bufio"
	"bytes"
	"io"
	"unicode/utf8"
)

// binaryShare is the share of a head's bytes that must be NUL, other
// control bytes or invalid UTF-8 for the input to count as binary. One NUL
// in a test's log line does not make a log binary; a gzip stream or an ELF
// file is more than half such bytes.
const binaryShare = 0.30

// mostlyBinary reports whether head is binary data rather than text that
// happens to hold a few NUL or control bytes.
func mostlyBinary(head []byte) bool {
	bad := 0
	for i := 0; i < len(head); {
		c := head[i]
		if c < utf8.RuneSelf {
			if c == 0 || c < 0x20 && !isTextControl(c) || c == 0x7f {
				bad++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && size == 1 {
			if len(head)-i < utf8.UTFMax && !utf8.FullRune(head[i:]) {
				break // a character cut by the end of the head
			}
			bad++
		}
		i += size
	}
	return float64(bad) > binaryShare*float64(len(head))
}

// isTextControl: the control bytes text output is made of (tab, line ends,
// form feed, backspace, escape for ANSI colours, bell).
func isTextControl(c byte) bool {
	switch c {
	case '\t', '\n', '\r', '\f', '\v', '\b', 0x1b, 0x07:
		return true
	}
	return false
}

// nulDropper removes NUL bytes from a stream and counts them: a test that
// logs a binary frame leaves them in otherwise plain text.
type nulDropper struct {
	r io.Reader
	n int
}

func (d *nulDropper) Read(p []byte) (int, error) {
	for {
		n, err := d.r.Read(p)
		kept := 0
		for _, c := range p[:n] {
			if c == 0 {
				d.n++
				continue
			}
			p[kept] = c
			kept++
		}
		if kept > 0 || err != nil || n == 0 {
			return kept, err
		}
	}
}

// crOnly reports whether head uses lone carriage returns as its line ends:
// it has no line feed at all, and a carriage return somewhere. (A CR in
// text that has LFs is a progress redraw, resolved per line.)
func crOnly(head []byte) bool {
	return bytes.IndexByte(head, '\n') < 0 && bytes.IndexByte(head, '\r') >= 0
}

// crToLF turns every CR of a stream into a LF.
type crToLF struct{ r io.Reader }

func (c crToLF) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for i, b := range p[:n] {
		if b == '\r' {
			p[i] = '\n'
		}
	}
	return n, err
}

// utf8BOM is the byte-order mark a log saved by some Windows tools
// (PowerShell's Out-File, Python's utf-8-sig codec) starts with.
var utf8BOM = []byte("\ufeff")

// skipBOM drops a byte-order mark at the start of the text, which would
// stick to its first line and keep any rule from matching it (a go build
// log's first error was lost). The text returned is then not the input's
// bytes as they came: a second pass does not reread the input's copy.
func skipBOM(br *bufio.Reader, text io.Reader, head []byte) (io.Reader, []byte) {
	if !bytes.HasPrefix(head, utf8BOM) {
		return text, head
	}
	head = bytes.Clone(head[len(utf8BOM):])
	if _, err := br.Discard(len(utf8BOM)); err != nil {
		return text, head
	}
	return struct{ io.Reader }{br}, head
}

// trimEnd is l without its trailing spaces and tabs (strings.TrimRight
// builds its cutset's table on every call, and this runs on every line).
func trimEnd(l string) string {
	i := len(l)
	for i > 0 && (l[i-1] == ' ' || l[i-1] == '\t') {
		i--
	}
	return l[:i]
}
