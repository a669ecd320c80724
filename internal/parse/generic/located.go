package generic

import "strings"

// The heads locatedProblem and bodyRank read are recognised by byte
// scans, not regexps: they run on every line of the middle of a long log.
// Each scan accepts exactly what the regexp it replaced matched (the old*
// regexps of oracle_internal_test.go) and returns the same submatch;
// TestLocatedScansMatchRegexps and FuzzLocatedScans hold them to it.

// digitRun is the length of the run of ASCII digits that starts s.
func digitRun(s string) int {
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	return n
}

// afterLoc reads the start the located regexps share, `^\s*[^\s:]+:\d+`,
// and returns what follows it. The name can only end at the first space
// or colon, and the digits at the first byte that is not one, so the
// match is the one scan.
func afterLoc(l string) (rest string, ok bool) {
	t := trimReSpace(l)
	j := 0
	for j < len(t) && t[j] != ':' && !reSpace(t[j]) {
		j++
	}
	if j == 0 || j == len(t) || t[j] != ':' {
		return "", false
	}
	d := digitRun(t[j+1:])
	if d == 0 {
		return "", false
	}
	return t[j+1+d:], true
}

// cutColumn reads `:\d+` at the start of s (a location's column) and
// returns what follows it.
func cutColumn(s string) (rest string, ok bool) {
	if s == "" || s[0] != ':' {
		return "", false
	}
	d := digitRun(s[1:])
	if d == 0 {
		return "", false
	}
	return s[1+d:], true
}

// lintCode reads `^\s*[^\s:]+:\d+:\d+: ([EFWCRI])\d{4}:` (pylint) and
// returns the code's letter. Like locSeverity and codeFirst, it reads what
// follows afterLoc's match.
func lintCode(tail string) (letter string, ok bool) {
	rest, ok := cutColumn(tail)
	if !ok || len(rest) < len(": E0000:") || rest[:2] != ": " || strings.IndexByte("EFWCRI", rest[2]) < 0 {
		return "", false
	}
	if digitRun(rest[3:7]) != 4 || rest[7] != ':' {
		return "", false
	}
	return rest[2:3], true
}

// letterSeverity reads `^\s*[^\s:]+:\d+:\d+: ([CWEFR]): ` (RuboCop: its
// severity as one letter, convention, warning, error, fatal, refactor) and
// returns the letter.
func letterSeverity(tail string) (letter string, ok bool) {
	rest, ok := cutColumn(tail)
	if !ok || len(rest) < len(": C: ") || rest[:2] != ": " || strings.IndexByte("CWEFR", rest[2]) < 0 || rest[3:5] != ": " {
		return "", false
	}
	return rest[2:3], true
}

// severityWords are locSeverity's alternatives, each starting with its own
// letter, so at most one can match at a place.
var severityWords = []string{"fatal error", "error", "warning", "note", "info"}

// locSeverity reads `^\s*[^\s:]+:\d+(?::\d+)?(?::| -)
// ?(fatal error|error|warning|note|info)\b` (gcc, mypy, tsc --pretty) and
// returns the severity word. A column is taken when one follows: without
// it the word would have to start with its digit.
func locSeverity(tail string) (word string, ok bool) {
	rest := tail
	if r, col := cutColumn(rest); col {
		rest = r
	}
	switch {
	case strings.HasPrefix(rest, ":"):
		rest = rest[1:]
	case strings.HasPrefix(rest, " -"):
		rest = rest[2:]
	default:
		return "", false
	}
	rest = strings.TrimPrefix(rest, " ")
	return wordAtStart(rest, severityWords)
}

// wordAtStart returns the first of words that starts s and ends at a word
// boundary (`(a|b|…)\b` at the start of s; every word ends in a letter).
func wordAtStart(s string, words []string) (string, bool) {
	for _, w := range words {
		if strings.HasPrefix(s, w) && (len(s) == len(w) || !isReWord(s[len(w)])) {
			return w, true
		}
	}
	return "", false
}

// isReWord reports whether c is in the regexp class \w ([0-9A-Za-z_]).
func isReWord(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// codeFirst reads `^\s*[^\s:]+:\d+:\d+: ([A-Z]{1,3})\d{2,4} ` (flake8)
// and returns the code's letters. Letters and digits are told apart, so
// each run must be whole: one to three capitals, two to four digits.
func codeFirst(tail string) (letters string, ok bool) {
	rest, ok := cutColumn(tail)
	if !ok || !strings.HasPrefix(rest, ": ") {
		return "", false
	}
	rest = rest[2:]
	n := 0
	for n < len(rest) && rest[n] >= 'A' && rest[n] <= 'Z' {
		n++
	}
	d := digitRun(rest[n:])
	if n < 1 || n > 3 || d < 2 || d > 4 || n+d == len(rest) || rest[n+d] != ' ' {
		return "", false
	}
	return rest[:n], true
}

// msbuild reads `^\s*\S+\(\d+,\d+\): (error|warning)\b` (MSBuild, tsc
// --pretty false) and returns the severity. No part before ": " holds a
// white byte, so the first one after the margin must be that space.
func msbuild(l string) (word string, ok bool) {
	t := trimReSpace(l)
	k := 0
	for k < len(t) && !reSpace(t[k]) {
		k++
	}
	if k == len(t) || t[k] != ' ' {
		return "", false
	}
	head, ok := strings.CutSuffix(t[:k], "):")
	if !ok {
		return "", false
	}
	col := trailingDigits(head)
	head = head[:len(head)-col]
	if col == 0 || !strings.HasSuffix(head, ",") {
		return "", false
	}
	head = head[:len(head)-1]
	ln := trailingDigits(head)
	head = head[:len(head)-ln]
	if ln == 0 || len(head) < 2 || head[len(head)-1] != '(' {
		return "", false
	}
	return wordAtStart(t[k+1:], []string{"error", "warning"})
}

// trailingDigits is the length of the run of ASCII digits that ends s.
func trailingDigits(s string) int {
	n := 0
	for n < len(s) && isDigit(s[len(s)-1-n]) {
		n++
	}
	return n
}

// severityHead reads `^(error|warning|fatal error)(\[\w+\])?: ` (rustc)
// and returns the severity.
func severityHead(l string) (word string, ok bool) {
	if l == "" || l[0] != 'e' && l[0] != 'w' && l[0] != 'f' {
		return "", false // the first bytes of the three words below
	}
	for _, w := range []string{"error", "warning", "fatal error"} {
		rest, found := strings.CutPrefix(l, w)
		if !found {
			continue
		}
		if strings.HasPrefix(rest, "[") {
			n := 1
			for n < len(rest) && isReWord(rest[n]) {
				n++
			}
			if n == 1 || n == len(rest) || rest[n] != ']' {
				return "", false
			}
			rest = rest[n+1:]
		}
		return w, strings.HasPrefix(rest, ": ")
	}
	return "", false
}

// shellcheckHead reads `^In \S+ line \d+:$`. The file holds no white byte,
// so it ends at the first one.
func shellcheckHead(l string) bool {
	t, found := strings.CutPrefix(l, "In ")
	if !found {
		return false
	}
	k := 0
	for k < len(t) && !reSpace(t[k]) {
		k++
	}
	rest, found := strings.CutPrefix(t[k:], " line ")
	if k == 0 || !found {
		return false
	}
	d := digitRun(rest)
	return d > 0 && rest[d:] == ":"
}

// numberedHead reads `^\s{0,6}\d+\) \S` (mocha's "  1) name"): a margin of
// at most six white bytes, since a longer one leaves a white byte where
// the digit must be.
func numberedHead(l string) bool {
	t := trimReSpace(l)
	if len(l)-len(t) > 6 {
		return false
	}
	d := digitRun(t)
	return d > 0 && len(t) > d+2 && t[d] == ')' && t[d+1] == ' ' && !reSpace(t[d+2])
}

// arrowLoc reads `^\s*--> \S+:\d+:\d+` (rustc's "  --> src/lib.rs:3:5").
// The path may hold colons and digits itself, so every colon of the first
// word is tried as the one before the line.
func arrowLoc(l string) bool {
	w, found := strings.CutPrefix(trimReSpace(l), "--> ")
	if !found {
		return false
	}
	for k := 0; k < len(w); k++ {
		if reSpace(w[k]) {
			w = w[:k]
			break
		}
	}
	for i := 1; i < len(w); i++ {
		if w[i] != ':' {
			continue
		}
		d := digitRun(w[i+1:])
		if d > 0 && i+1+d+1 < len(w) && w[i+1+d] == ':' && isDigit(w[i+1+d+1]) {
			return true
		}
	}
	return false
}
