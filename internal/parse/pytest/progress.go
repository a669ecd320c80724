package pytest

import "strings"

// The byte scans below read the lines outside pytest's report sections
// (the progress lines of every -v, -q and plain form) and the counts of
// the final line. They read exactly what the expressions kept as oracles
// in progress_internal_test.go match: those expressions, tried on every
// progress line, were a fifth of the parser's time.

// pyVerdicts are the outcomes a -v line names.
var pyVerdicts = [...]string{"PASSED", "FAILED", "SKIPPED", "XFAIL", "XPASS", "ERROR"}

// pyIsVerbose reports whether t is a -v line naming a test and its outcome,
// "tests/t.py::test_a PASSED [ 40%]" or, under xdist, "[gw1] [ 40%] PASSED
// tests/t.py::test_a": an optional worker and percentage, then the node id
// and the verdict either way round, an optional " (reason)" and percentage.
func pyIsVerbose(t string) bool {
	r := pyCutWorker(t)
	// The percentage prefix, when there, must be taken: a node id cannot
	// start with it (its first word has no "::").
	if n := pyPercent(r); n > 0 && n < len(r) && r[n] == ' ' {
		r = r[n+1:]
	}
	if v := pyVerdictAt(r); v > 0 && v < len(r) && r[v] == ' ' && pyVerdictFirst(r[v+1:]) {
		return true
	}
	return pyNodeFirst(r)
}

// pyCutWorker cuts an xdist worker's "[gw3] " from the front of t.
func pyCutWorker(t string) string {
	rest, ok := strings.CutPrefix(t, "[gw")
	if !ok {
		return t
	}
	d := pyDigits(rest)
	if d == 0 || !strings.HasPrefix(rest[d:], "] ") {
		return t
	}
	return rest[d+2:]
}

// pyNodeFirst reads the form "node::id VERDICT tail": the verdict may follow
// any space after the node id's "::" and the character after it.
func pyNodeFirst(r string) bool {
	m := pyNodeEnd(r)
	if m < 0 {
		return false
	}
	for q := m; q < len(r); q++ {
		switch r[q] {
		case '\n':
			return false // the test name ('.') does not cross a line end
		case ' ':
			if v := pyVerdictAt(r[q+1:]); v > 0 && pyTail(r[q+1+v:]) {
				return true
			}
		}
	}
	return false
}

// pyVerdictFirst reads what follows "VERDICT " in the xdist form: a node id
// then anything up to a tail, which may be empty.
func pyVerdictFirst(s string) bool {
	m := pyNodeEnd(s)
	if m < 0 {
		return false
	}
	nl := strings.IndexByte(s[m:], '\n')
	if nl < 0 {
		return true // the tail matches empty at the end
	}
	for q := m; q <= m+nl; q++ {
		if pyTail(s[q:]) {
			return true
		}
	}
	return false
}

// pyNodeEnd is the index just past the shortest start of s that reads as a
// node id, a word with "::" inside and one more character after it
// ("t.py::t"), or -1. The earliest such end leaves most room to what follows.
func pyNodeEnd(s string) int {
	k := 0
	for k < len(s) && !pyIsSpace(s[k]) {
		k++
	}
	if k < 4 {
		return -1
	}
	i := strings.Index(s[1:k], "::") + 1
	if i <= 0 || i+2 >= k {
		return -1
	}
	return i + 3
}

// pyVerdictAt is the length of the verdict s starts with, or 0.
func pyVerdictAt(s string) int {
	for _, v := range pyVerdicts {
		if strings.HasPrefix(s, v) {
			return len(v)
		}
	}
	return 0
}

// pyTail reads the end of a -v line after its verdict: an optional
// " (reason)", blanks, and an optional percentage.
func pyTail(s string) bool {
	if pyPercentTail(s) {
		return true
	}
	if !strings.HasPrefix(s, " (") {
		return false
	}
	// Only the last ')' can close the reason: no ')' may follow it.
	e := strings.LastIndexByte(s, ')')
	if e < 2 || strings.IndexByte(s[2:e], '\n') >= 0 {
		return false
	}
	return pyPercentTail(s[e+1:])
}

// pyPercentTail reads blanks and then an optional "[ 40%]" to the end.
func pyPercentTail(s string) bool {
	i := pySkipSpace(s, 0)
	if i == len(s) {
		return true
	}
	return pyPercent(s[i:]) == len(s)-i
}

// pyPercent is the length of the "[ 40%]" s starts with, or -1.
func pyPercent(s string) int {
	if s == "" || s[0] != '[' {
		return -1
	}
	i := pySkipSpace(s, 1)
	d := pyDigits(s[i:])
	if d == 0 || !strings.HasPrefix(s[i+d:], "%]") {
		return -1
	}
	return i + d + 2
}

// pyIsProgress reports whether t is a progress line: "tests/t.py .F.s
// [ 40%]", or with -q ".F.s [ 40%]", or ".F" when -x stopped the run
// before the percentage.
func pyIsProgress(t string) bool {
	n := pyOutcomeRun(t, pyOutcomes)
	if n > 0 {
		// -q: the outcomes, blanks and the percentage, or the
		// outcomes alone when they are of the short set.
		rest := t[n:]
		if i := pySkipSpace(rest, 0); i > 0 && i < len(rest) && pyPercent(rest[i:]) == len(rest)-i {
			return true
		}
		if pyOutcomeRun(t, pyOutcomesShort) == len(t) {
			return true
		}
	}
	return pyFileProgress(t)
}

// pyFileProgress reads "tests/t.py .F.s [ 40%]": the file, one space, the
// outcomes, blanks and an optional percentage.
func pyFileProgress(t string) bool {
	k := 0
	for k < len(t) && !pyIsSpace(t[k]) {
		k++
	}
	if k < 4 || k == len(t) || t[k] != ' ' || !strings.HasSuffix(t[:k], ".py") {
		return false
	}
	rest := t[k+1:]
	n := pyOutcomeRun(rest, pyOutcomes)
	return n > 0 && pyPercentTail(rest[n:])
}

// The outcome letters of progress lines, as a set: every one, and those a
// line without its percentage is recognised by.
const (
	pyOutcomes      = ".FEsxXfR"
	pyOutcomesShort = ".FEsxX"
)

// pyOutcomeRun is the length of the run of set's letters s starts with.
func pyOutcomeRun(s, set string) int {
	n := 0
	for n < len(s) && strings.IndexByte(set, s[n]) >= 0 {
		n++
	}
	return n
}

// pyDigits is the length of the run of ASCII digits s starts with.
func pyDigits(s string) int {
	d := 0
	for d < len(s) && s[d] >= '0' && s[d] <= '9' {
		d++
	}
	return d
}

// pySkipSpace is the index of the first byte from i on that is not white
// space.
func pySkipSpace(s string, i int) int {
	for i < len(s) && pyIsSpace(s[i]) {
		i++
	}
	return i
}

// pyNextCount finds the next "12 passed" in s: the number, the word of
// lower-case letters after one space, and the rest of s after the word.
// As the expression's leftmost matches do, it skips what does not read so.
func pyNextCount(s string) (num, word, rest string, ok bool) {
	for i := 0; i < len(s); {
		d := pyDigits(s[i:])
		if d == 0 {
			i++
			continue
		}
		j := i + d
		w := 0
		if j < len(s) && s[j] == ' ' {
			for j+1+w < len(s) && s[j+1+w] >= 'a' && s[j+1+w] <= 'z' {
				w++
			}
		}
		if w > 0 {
			return s[i:j], s[j+1 : j+1+w], s[j+1+w:], true
		}
		i = j
	}
	return "", "", "", false
}

// pyFinalCounts reads the final line, "== 3 failed, 1 passed in 0.12s ==",
// and returns its counts, "3 failed, 1 passed" (or "no tests ran").
func pyFinalCounts(line string) (string, bool) {
	i := 0
	for i < len(line) && line[i] == '=' {
		i++
	}
	i = pySkipSpace(line, i)
	start := i
	if strings.HasPrefix(line[i:], "no tests ran") {
		i += len("no tests ran")
	} else {
		n := pyCountAt(line[i:])
		if n == 0 {
			return "", false
		}
		for i += n; strings.HasPrefix(line[i:], ", "); i += 2 + n {
			if n = pyCountAt(line[i+2:]); n == 0 {
				break
			}
		}
	}
	counts := line[start:i]
	rest, ok := strings.CutPrefix(line[i:], " in ")
	if !ok {
		return "", false
	}
	n := 0
	for n < len(rest) && (rest[n] == '.' || rest[n] >= '0' && rest[n] <= '9') {
		n++
	}
	if n == 0 || !strings.HasPrefix(rest[n:], "s") {
		return "", false
	}
	return counts, pyFinalEnd(rest[n+1:])
}

// pyFinalEnd reads the end of the final line after its duration: an
// optional " (0:01:02)", blanks and the closing rule.
func pyFinalEnd(s string) bool {
	if clock, ok := strings.CutPrefix(s, " ("); ok {
		n := 0
		for n < len(clock) && (clock[n] == '.' || clock[n] == ':' || clock[n] >= '0' && clock[n] <= '9') {
			n++
		}
		if n > 0 && strings.HasPrefix(clock[n:], ")") {
			s = clock[n+1:]
		}
	}
	i := pySkipSpace(s, 0)
	for i < len(s) && s[i] == '=' {
		i++
	}
	return i == len(s)
}

// pyCountAt is the length of the "12 passed" s starts with, or 0.
func pyCountAt(s string) int {
	d := pyDigits(s)
	if d == 0 || d == len(s) || s[d] != ' ' {
		return 0
	}
	w := 0
	for d+1+w < len(s) && s[d+1+w] >= 'a' && s[d+1+w] <= 'z' {
		w++
	}
	if w == 0 {
		return 0
	}
	return d + 1 + w
}

// pyCollected reads "collected 12 items / 1 error / 2 deselected / 10
// selected" anywhere in a line: the whole, then the numbers collected, of
// errors, deselected and selected ("" when not printed).
func pyCollected(line string) (m [5]string, ok bool) {
	const word = "collected "
	for from := 0; ; {
		i := strings.Index(line[from:], word)
		if i < 0 {
			return m, false
		}
		at := from + i
		if m, ok = pyCollectedAt(line[at+len(word):]); ok {
			m[0] = line[at : len(line)-len(m[0])]
			return m, true
		}
		from = at + 1
	}
}

// pyCollectedAt reads what follows "collected ". m[0] is the rest of the
// line after the match.
func pyCollectedAt(s string) (m [5]string, ok bool) {
	d := pyDigits(s)
	if d == 0 || !strings.HasPrefix(s[d:], " item") {
		return m, false
	}
	m[1] = s[:d]
	s = strings.TrimPrefix(s[d+len(" item"):], "s")
	m[2], s = pyCollectedPart(s, " error")
	if m[2] != "" {
		s = strings.TrimPrefix(s, "s")
	}
	m[3], s = pyCollectedPart(s, " deselected")
	m[4], s = pyCollectedPart(s, " selected")
	m[0] = s
	return m, true
}

// pyCollectedPart reads " / 2 word" at the start of s: the number and the
// rest, or "" and s.
func pyCollectedPart(s, word string) (string, string) {
	rest, ok := strings.CutPrefix(s, " / ")
	if !ok {
		return "", s
	}
	d := pyDigits(rest)
	if d == 0 || !strings.HasPrefix(rest[d:], word) {
		return "", s
	}
	return rest[:d], rest[d+len(word):]
}
