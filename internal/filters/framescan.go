package filters

import "strings"

// The frame lines StackFilter reads are recognised by byte scans, not
// regexps: they run on every line of every input the generic cleaner
// reads, and a backtracking match per line cost it more than half its
// time. Each scan accepts exactly what the regexp it replaced matched
// (kept in framescan_oracle_test.go, where FuzzFrameScans holds them to
// it) and returns the same submatches.

// isReSpace reports whether c is in the regexp class \s ([\t\n\f\r ]).
func isReSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// isWordByte reports whether c is in the regexp class \w ([0-9A-Za-z_]).
func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// allDigits reports whether s is one or more ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// pyFrame reads a Python traceback frame, `^(\s*)File "([^"]+)", line
// (\d+)(?:, in (.*))?$`: its indentation, file, line and function.
func pyFrame(line string) (indent, file, lineNo, fn string, ok bool) {
	i := 0
	for i < len(line) && isReSpace(line[i]) {
		i++
	}
	rest, found := strings.CutPrefix(line[i:], `File "`)
	if !found {
		return "", "", "", "", false
	}
	q := strings.IndexByte(rest, '"')
	if q <= 0 {
		return "", "", "", "", false
	}
	file, rest = rest[:q], rest[q:]
	if rest, found = strings.CutPrefix(rest, `", line `); !found {
		return "", "", "", "", false
	}
	d := 0
	for d < len(rest) && rest[d] >= '0' && rest[d] <= '9' {
		d++
	}
	lineNo, rest = rest[:d], rest[d:]
	if d == 0 {
		return "", "", "", "", false
	}
	if rest != "" {
		// The function runs to the end: '.' takes any byte but a newline.
		if fn, found = strings.CutPrefix(rest, ", in "); !found || strings.IndexByte(fn, '\n') >= 0 {
			return "", "", "", "", false
		}
	}
	return line[:i], file, lineNo, fn, true
}

// javaNameByte holds the bytes of javaFrame's class [\w$.<>/\-].
var javaNameByte = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = isWordByte(byte(c)) || strings.IndexByte("$.<>/-", byte(c)) >= 0
	}
	return t
}()

// javaFrame reads a Java frame, `^\s+at ([\w$.<>/\-]+)\(([^)]*)\)$`: its
// method and what its parentheses hold. The name class holds neither
// parenthesis, so the name ends at the first '(' and the argument at the
// closing ')', which must be the last byte and the only one.
func javaFrame(line string) (fn, args string, ok bool) {
	i := 0
	for i < len(line) && isReSpace(line[i]) {
		i++
	}
	rest, found := strings.CutPrefix(line[i:], "at ")
	if i == 0 || !found {
		return "", "", false
	}
	n := 0
	for n < len(rest) && javaNameByte[rest[n]] {
		n++
	}
	if n == 0 || n == len(rest) || rest[n] != '(' || rest[len(rest)-1] != ')' || len(rest) < n+2 {
		return "", "", false
	}
	args = rest[n+1 : len(rest)-1]
	if strings.IndexByte(args, ')') >= 0 {
		return "", "", false
	}
	return rest[:n], args, true
}

// goFileLine reads the file line of a Go frame, `^\t(\S+\.go):(\d+)(?:
// \+0x[0-9a-f]+)?$`: its file and line. The file holds no space, so the
// line splits at its first white byte into the location and, when there
// is one, the " +0x…" offset; the location's last colon ends the file.
func goFileLine(line string) (file, lineNo string, ok bool) {
	rest, found := strings.CutPrefix(line, "\t")
	if !found {
		return "", "", false
	}
	loc, off := rest, ""
	for i := 0; i < len(rest); i++ {
		if isReSpace(rest[i]) {
			loc, off = rest[:i], rest[i:]
			break
		}
	}
	if off != "" && !isGoOffset(off) {
		return "", "", false
	}
	c := strings.LastIndexByte(loc, ':')
	if c < 0 || !allDigits(loc[c+1:]) {
		return "", "", false
	}
	file = loc[:c]
	if len(file) < len("x.go") || !strings.HasSuffix(file, ".go") {
		return "", "", false
	}
	return file, loc[c+1:], true
}

// isGoOffset reports whether s is ` +0x[0-9a-f]+`, the program counter
// offset after a Go frame's file line.
func isGoOffset(s string) bool {
	hex, found := strings.CutPrefix(s, " +0x")
	if !found || hex == "" {
		return false
	}
	for i := 0; i < len(hex); i++ {
		if c := hex[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// goFuncLine reports whether line is the function line of a Go frame,
// `^(?:created by )?[\w./*()\-\[\]]+\(.*\)(?: in goroutine \d+)?$`. The
// name class holds '(' itself, so the regexp matches when the line (less
// its prefix, and less a goroutine suffix or not) ends in ')' and has a
// '(' after its first byte that only name bytes precede. Both readings of
// a goroutine suffix are tried, as the regexp's alternatives are.
func goFuncLine(line string) bool {
	if strings.IndexByte(line, '\n') >= 0 {
		return false // no part of the regexp takes a newline
	}
	s := strings.TrimPrefix(line, "created by ")
	if goCall(s) {
		return true
	}
	d := len(s)
	for d > 0 && s[d-1] >= '0' && s[d-1] <= '9' {
		d--
	}
	body, found := strings.CutSuffix(s[:d], " in goroutine ")
	return found && d < len(s) && goCall(body)
}

// goCall reports whether s is `[\w./*()\-\[\]]+\(.*\)` (s holds no
// newline): name bytes, the first '(' after the first byte, anything, and
// a closing ')' after it.
func goCall(s string) bool {
	if len(s) < 3 || s[len(s)-1] != ')' || !goNameByte[s[0]] {
		return false
	}
	core := s[:len(s)-1]
	for i := 1; i < len(core); i++ {
		if core[i] == '(' {
			return true
		}
		if !goNameByte[core[i]] {
			return false
		}
	}
	return false
}
