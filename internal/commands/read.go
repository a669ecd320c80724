package commands

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/safefile"
)

// ReadDir reads the claims of the user's profiles in dir (*.yaml, *.yml): the
// top-level name and commands of each, and nothing else. A missing dir is not
// an error, and neither is a file that is not one to read (a FIFO, a device,
// a dangling link, one larger than MaxProfileSize): the hook runs before
// every shell command, so it passes over such a file without a word, and
// the profile claims nothing.
//
// It reads those two keys with a reader of its own instead of a YAML
// library, which would cost the agent hook a millisecond or two of package
// initialisation at every shell command. The reader takes the forms a
// profile writes them in (plain or quoted scalars; a flow list on one line,
// or a block list) and refuses, with an error, anything else: the caller
// then knows the file is beyond it. A fuzz test checks it against the YAML
// library on every pair of outcomes: what it reads from a YAML document is
// what the library reads, never a value the library reads as another type;
// it says "no name" only where the library reads none. It does not check the
// rest of the document: of a profile broken elsewhere it still reads the two
// keys, where loading the profile to shape fails.
func ReadDir(dir string) ([]Claim, error) {
	var out []Claim
	err := EachProfileFile(dir, func(path string, data []byte) error {
		c, err := ReadClaim(data)
		if err != nil {
			return fmt.Errorf("profile %s: %w", path, err)
		}
		out = append(out, c)
		return nil
	}, func(error) {})
	return out, err
}

// MaxProfileSize is the largest profile file terse reads. A profile is a
// page or two of YAML (the largest built-in is under 20 KiB); a file beyond
// this is not one, and reading it whole (a link to /dev/zero) would grow
// terse without bound.
const MaxProfileSize = 1 << 20

// EachProfileFile calls fn with the path and contents of every profile file
// (*.yaml, *.yml) in the user's profile directory dir, in name order, and
// stops at fn's first error. A missing dir holds none.
//
// Only regular files (or links to them) are read: a file that is anything
// else (a FIFO, which would block terse until a writer came; a device; a
// directory; a dangling link), is larger than MaxProfileSize, or cannot be
// read goes to skip, with an error naming it, and the walk goes on. So does
// a dir that cannot be read.
func EachProfileFile(dir string, fn func(path string, data []byte) error, skip func(error)) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		skip(fmt.Errorf("reading profiles: %w", err))
		return nil
	}
	for _, e := range entries {
		if !(strings.HasSuffix(e.Name(), ".yaml") || strings.HasSuffix(e.Name(), ".yml")) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := ReadProfileFile(path)
		if err != nil {
			skip(err)
			continue
		}
		if err := fn(path, data); err != nil {
			return err
		}
	}
	return nil
}

// ReadProfileFile reads one profile file: a regular file (a link is
// followed) of at most MaxProfileSize bytes. Its errors name the file.
func ReadProfileFile(path string) ([]byte, error) {
	// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
	// writer; what was opened is checked before a byte is read.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path is said once, first
	}
	if err != nil {
		return nil, fmt.Errorf("profile %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("profile %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("profile %s: not a regular file (%s)", path, safefile.Kind(fi.Mode()))
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxProfileSize+1))
	if err != nil {
		return nil, fmt.Errorf("profile %s: %w", path, err)
	}
	if len(data) > MaxProfileSize {
		return nil, fmt.Errorf("profile %s: larger than %d KiB", path, MaxProfileSize>>10)
	}
	return data, nil
}

// ErrUnread is wrapped by ReadClaim's errors for a form its reader does not
// take, as opposed to a profile without a name.
var ErrUnread = errors.New("beyond the hook's reader")

// ReadClaim reads the top-level name and commands of one profile's YAML.
func ReadClaim(data []byte) (Claim, error) {
	if err := checkChars(data); err != nil {
		return Claim{}, err
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	if len(lines) > 0 {
		lines[0] = strings.TrimPrefix(lines[0], "\ufeff")
	}
	var c Claim
	seen := map[string]bool{}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if l == "" || l[0] == '#' {
			continue
		}
		if l[0] == ' ' || l[0] == '\t' {
			if t := trimBlank(l); len(seen) == 0 && t != "" && t[0] != '#' {
				// The library takes a document indented as a whole.
				return Claim{}, unread(i, "indented before the first key")
			}
			continue // blank, a comment, or inside the value of a key above
		}
		if l == "---" && i == firstContent(lines) {
			continue
		}
		key, rest, ok := topKey(l)
		if !ok {
			return Claim{}, unread(i, "not a key")
		}
		if seen[key] {
			return Claim{}, unread(i, "key "+key+" twice")
		}
		seen[key] = true
		last, err := c.readKey(key, rest, lines, i)
		if err != nil {
			return Claim{}, err
		}
		i = last
	}
	if c.Profile == "" {
		return Claim{}, errors.New("no name")
	}
	return c, nil
}

// checkChars refuses a document with a character YAML does not allow, or a
// line break other than the two ReadClaim splits lines at: on such input the
// YAML library and ReadClaim would read different lines, so ReadClaim leaves
// it to the library.
func checkChars(data []byte) error {
	if !utf8.Valid(data) {
		return fmt.Errorf("not UTF-8: %w", ErrUnread)
	}
	for i, r := range string(data) {
		if !yamlPrintable(r, i == 0) {
			return fmt.Errorf("a character YAML does not allow: %w", ErrUnread)
		}
		if otherLineBreak(data, i, r) {
			return fmt.Errorf("a line break other than LF or CRLF: %w", ErrUnread)
		}
	}
	return nil
}

// yamlPrintable reports whether YAML allows r in a document: printable
// characters, tab and line breaks, and a byte-order mark only at the start.
func yamlPrintable(r rune, first bool) bool {
	switch {
	case r < ' ':
		return r == '\t' || r == '\n' || r == '\r'
	case r == 0x7f, r >= 0x80 && r < 0xa0, r >= 0xd800 && r < 0xe000, r == 0xfffe, r == 0xffff:
		return false
	case r == 0xfeff:
		return first
	}
	return true
}

// otherLineBreak reports whether the rune r at data[i] breaks a line for the
// YAML library (a lone CR, U+2028, U+2029) where ReadClaim, which splits at
// LF and CRLF only, would not.
func otherLineBreak(data []byte, i int, r rune) bool {
	if r == '\r' {
		return i+1 == len(data) || data[i+1] != '\n'
	}
	return r == 0x2028 || r == 0x2029
}

// unread is the error for a form beyond ReadClaim on line i.
func unread(i int, why string) error {
	return fmt.Errorf("line %d: %s: %w", i+1, why, ErrUnread)
}

// readKey reads the value of the top-level key on line i, whose text after
// the colon is rest, into c if it is one of the two, and returns the index
// of the value's last line.
func (c *Claim) readKey(key, rest string, lines []string, i int) (last int, err error) {
	switch key {
	case "name":
		v, err := scalar(stripComment(rest))
		if err != nil {
			return i, unread(i, "name: "+err.Error())
		}
		if j := continued(lines, i+1); j >= 0 {
			return i, unread(j, "name: a value over several lines")
		}
		c.Profile = v
	case "commands":
		rest = trimBlank(stripComment(rest))
		switch {
		case strings.HasPrefix(rest, "["):
			items, err := flowList(rest)
			if err != nil {
				return i, unread(i, "commands: "+err.Error())
			}
			c.Commands = items
		case rest == "":
			items, next, err := blockList(lines, i+1)
			if err != nil {
				return i, unread(next, "commands: "+err.Error())
			}
			c.Commands = items
			return next - 1, nil
		default:
			return i, unread(i, "commands: not a list")
		}
	}
	return i, nil
}

// trimBlank trims YAML's white space, the space and the tab; other Unicode
// spaces are part of a value.
func trimBlank(s string) string { return strings.Trim(s, " \t") }

// continued returns the index of the first line from i that continues the
// value above it (indented, not a comment) before the next top-level line,
// or -1.
func continued(lines []string, i int) int {
	for ; i < len(lines); i++ {
		l := lines[i]
		t := trimBlank(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if l[0] != ' ' && l[0] != '\t' {
			return -1
		}
		return i
	}
	return -1
}

// firstContent is the index of the first line that is not blank or a
// comment.
func firstContent(lines []string) int {
	for i, l := range lines {
		if t := trimBlank(l); t != "" && !strings.HasPrefix(t, "#") {
			return i
		}
	}
	return -1
}

// topKey splits a top-level "key: rest" line.
func topKey(l string) (key, rest string, ok bool) {
	i := strings.Index(l, ":")
	if i <= 0 {
		return "", "", false
	}
	key = l[:i]
	for _, r := range key {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return "", "", false
		}
	}
	rest = l[i+1:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return "", "", false // "key:value" is a plain scalar, not a key
	}
	return key, rest, true
}

// stripComment removes a trailing comment: a # after white space, outside
// quotes.
func stripComment(s string) string {
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case quote != 0:
			if ch == '\\' && quote == '"' {
				i++
			} else if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t'):
			return s[:i]
		}
	}
	return s
}

// scalar reads one plain, single-quoted or double-quoted scalar.
func scalar(s string) (string, error) {
	s = trimBlank(s)
	if s == "" {
		return "", errors.New("empty value")
	}
	switch s[0] {
	case '\'':
		return singleQuoted(s)
	case '"':
		return doubleQuoted(s)
	}
	return plainScalar(s)
}

// singleQuoted reads a single-quoted scalar, where a doubled quote stands
// for one.
func singleQuoted(s string) (string, error) {
	if len(s) < 2 || s[len(s)-1] != '\'' {
		return "", errors.New("unterminated quote")
	}
	body := s[1 : len(s)-1]
	if strings.Contains(strings.ReplaceAll(body, "''", ""), "'") {
		return "", errors.New("stray quote")
	}
	return strings.ReplaceAll(body, "''", "'"), nil
}

// doubleQuoted reads a double-quoted scalar. Of YAML's escapes it takes
// only \" and \\: the others (\n, \x41, \u…) are left to the YAML
// library, so the two readers never disagree on a name.
func doubleQuoted(s string) (string, error) {
	if len(s) < 2 || s[len(s)-1] != '"' {
		return "", errors.New("unterminated quote")
	}
	body := s[1 : len(s)-1]
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '\\':
			if i+1 >= len(body) || (body[i+1] != '"' && body[i+1] != '\\') {
				return "", errors.New("an escape other than \\\" or \\\\")
			}
			i++
			b.WriteByte(body[i])
		case '"':
			return "", errors.New("stray quote")
		default:
			b.WriteByte(body[i])
		}
	}
	return b.String(), nil
}

// plainScalar reads an unquoted scalar. It refuses what YAML would read as
// something other than the text itself (indicators, anchors, tags, flow
// collections, numbers and booleans a name is never meant to be).
func plainScalar(s string) (string, error) {
	if strings.ContainsAny(s[:1], "&*!|>%@`[]{},-?:#") {
		return "", errors.New("an indicator starts the value")
	}
	if strings.Contains(s, ": ") || strings.HasSuffix(s, ":") {
		return "", errors.New("a mapping, not a scalar")
	}
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "null", "~", "y", "n":
		return "", errors.New("a boolean or null, not a name")
	}
	if looksNumeric(s) {
		return "", errors.New("a number, not a name")
	}
	return s, nil
}

// looksNumeric reports whether a plain scalar could be read as a number:
// it starts with a digit or a point and holds only what YAML's integer and
// float forms use (signs, points, underscores, exponents, hex and octal).
func looksNumeric(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" {
		return false
	}
	for _, r := range s {
		if !numberRune(r) {
			return false
		}
	}
	return s[0] >= '0' && s[0] <= '9' || s[0] == '.'
}

// numberRune reports whether r may appear in a YAML number.
func numberRune(r rune) bool {
	switch {
	case r >= '0' && r <= '9', r >= 'a' && r <= 'f', r >= 'A' && r <= 'F':
		return true
	}
	return strings.ContainsRune("._xXoO+-", r)
}

// flowList reads a one-line flow sequence of scalars: [a, 'b c', "d"].
func flowList(s string) ([]string, error) {
	if !strings.HasSuffix(s, "]") {
		return nil, errors.New("a flow list that does not end on its line")
	}
	body := trimBlank(s[1 : len(s)-1])
	if body == "" {
		return []string{}, nil
	}
	var items []string
	for start := 0; start <= len(body); {
		end, open, err := flowItemEnd(body, start)
		if err != nil {
			return nil, err
		}
		if end > len(body) {
			// An escape ended the text inside a quote.
			return nil, errors.New("unterminated quote")
		}
		item := trimBlank(body[start:end])
		if item == "" {
			if end == len(body) && len(items) > 0 {
				break // a trailing comma
			}
			return nil, errors.New("an empty item")
		}
		v, err := scalar(item)
		if err != nil {
			return nil, err
		}
		items = append(items, v)
		if open {
			return nil, errors.New("unterminated quote")
		}
		start = end + 1
	}
	return items, nil
}

// flowItemEnd finds the end of the flow item that starts at body[start]:
// the next comma outside quotes, or the end of body (open tells whether a
// quote is still open there; past the end when an escape was the last
// byte). Brackets and braces outside quotes are nested collections, which
// ReadClaim leaves to the YAML library.
func flowItemEnd(body string, start int) (end int, open bool, err error) {
	quote := byte(0)
	i := start
	for ; i < len(body); i++ {
		switch ch := body[i]; {
		case quote != 0:
			if ch == '\\' && quote == '"' {
				i++
			} else if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == '[' || ch == ']' || ch == '{' || ch == '}':
			return i, false, errors.New("a nested collection")
		case ch == ',':
			return i, false, nil
		}
	}
	return i, quote != 0, nil
}

// blockList reads the "- item" lines of a block sequence from line i, and
// returns the index of the line after it.
func blockList(lines []string, i int) ([]string, int, error) {
	items := []string{}
	indent := -1
	for ; i < len(lines); i++ {
		l := lines[i]
		t := strings.TrimLeft(l, " ")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if strings.HasPrefix(t, "\t") {
			return nil, i, errors.New("a tab in the indentation")
		}
		n := len(l) - len(t)
		if t != "-" && !strings.HasPrefix(t, "- ") {
			if n == 0 {
				return items, i, nil // the next top-level key
			}
			return nil, i, errors.New("not a list item")
		}
		if indent < 0 {
			indent = n
		} else if n != indent {
			return nil, i, errors.New("uneven indentation")
		}
		v, err := scalar(stripComment(strings.TrimPrefix(t, "-")))
		if err != nil {
			return nil, i, err
		}
		items = append(items, v)
	}
	return items, i, nil
}
