package report

import "strings"

// CauseKey masks the parts of a message that differ between failures of
// one cause (the value read, the line it broke on, the temp directory), as
// these expressions would replace them, one after the other:
//
//	'[^']*'|"[^"]*"|`[^`]*`                                   -> Q (quoted values)
//	(?:[A-Za-z]:)?[\w.@~-]*(?:[/\\][\w.@~-]+)+(?::\d+)*     -> P (paths)
//	\d+(?:\.\d+)?                                              -> N (numbers)
//
// They are read by hand, a byte at a time (TestCauseMasksAreTheRegexps
// holds them to the expressions): every match starts at an ASCII byte and
// none can end sooner or later than the longest run of its classes, so no
// backtracking is needed. The regexp package's backtracker took 9 µs a
// failure, 5% of shaping a TAP run of 8,000 failures, which Groups keys
// each of.

// maskQuoted replaces each quoted value of s with Q.
func maskQuoted(s string) string {
	var b []byte
	last := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\'' && c != '"' && c != '`' {
			continue
		}
		j := strings.IndexByte(s[i+1:], c)
		if j < 0 {
			continue
		}
		b = append(append(b, s[last:i]...), 'Q')
		i += j + 1
		last = i + 1
	}
	return masked(b, s, last)
}

// masked is s with its masks in b up to last, or s when none was.
func masked(b []byte, s string, last int) string {
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}

// pathByte reports whether c is of [\w.@~-], the bytes of a path's names.
func pathByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '.' || c == '@' || c == '~' || c == '-'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// runOf is the end of the run of bytes of s that keep satisfies, from i.
func runOf(s string, i int, keep func(byte) bool) int {
	for i < len(s) && keep(s[i]) {
		i++
	}
	return i
}

// pathAt is the end of the path that starts at s[i] (drive tells whether
// it starts with a drive, "C:"), and ok, or the end of the run of name
// bytes from i and false when none does.
func pathAt(s string, i int, drive bool) (end int, ok bool) {
	from := i
	if drive {
		from += 2
	}
	q := runOf(s, from, pathByte)
	// (?:[/\\][\w.@~-]+)+: a slash and a name, as many as there are.
	e := q
	for e+1 < len(s) && (s[e] == '/' || s[e] == '\\') && pathByte(s[e+1]) {
		e = runOf(s, e+1, pathByte)
	}
	if e == q {
		return q, false
	}
	// (?::\d+)*
	for e+1 < len(s) && s[e] == ':' && isDigit(s[e+1]) {
		e = runOf(s, e+1, isDigit)
	}
	return e, true
}

// maskPaths replaces each path of s with P.
func maskPaths(s string) string {
	var b []byte
	last := 0
	for i := 0; i < len(s); {
		if i+1 < len(s) && isLetter(s[i]) && s[i+1] == ':' {
			if e, ok := pathAt(s, i, true); ok {
				b = append(append(b, s[last:i]...), 'P')
				i, last = e, e
				continue
			}
		}
		e, ok := pathAt(s, i, false)
		if ok {
			b = append(append(b, s[last:i]...), 'P')
			i, last = e, e
			continue
		}
		// A start inside the run of names up to e fails as this one did,
		// unless its last byte is a drive's letter.
		i = max(i+1, e-1)
	}
	return masked(b, s, last)
}

// maskNumbers replaces each number of s (1, 2.5) with N.
func maskNumbers(s string) string {
	var b []byte
	last := 0
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		e := runOf(s, i, isDigit)
		if e+1 < len(s) && s[e] == '.' && isDigit(s[e+1]) {
			e = runOf(s, e+1, isDigit)
		}
		b = append(append(b, s[last:i]...), 'N')
		i, last = e, e
	}
	return masked(b, s, last)
}

// errorKinds are the kinds whose message is an error the code raised, which
// many tests can share (a broken helper, a missing fixture, a database that
// is down). An assertion's message is its own evidence (go test's "got 4,
// want 5"), as is a snapshot's, and a lint problem is a line already.
var errorKinds = map[Kind]bool{KindError: true, KindSuite: true, KindHook: true, KindTimeout: true, KindPanic: true}

// CauseKey is what failures of one cause share: their kind, and the first
// line of their message with quoted values, paths and numbers masked. It is
// "" for a failure that is never folded into a group: one with its own
// expected/received or diff (each is its own evidence), one not of an
// error kind, or one without a message.
func CauseKey(f Failure) string {
	if f.Expected != "" || f.Received != "" || len(f.Diff) > 0 || f.Message == "" || !errorKinds[f.Kind] {
		return ""
	}
	first, _, _ := strings.Cut(f.Message, "\n")
	first = maskNumbers(maskPaths(maskQuoted(first)))
	return string(f.Kind) + "\x00" + strings.TrimSpace(first)
}

// Groups splits failures into entries: those that share a cause key, in
// one entry at the place of the first of them; the others alone.
func Groups(fs []Failure) [][]Failure {
	var out [][]Failure
	at := map[string]int{}
	for _, f := range fs {
		k := CauseKey(f)
		if k == "" {
			out = append(out, []Failure{f})
			continue
		}
		if i, ok := at[k]; ok {
			out[i] = append(out[i], f)
			continue
		}
		at[k] = len(out)
		out = append(out, []Failure{f})
	}
	return out
}
