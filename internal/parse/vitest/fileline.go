package vitest

import (
	"strings"
	"unicode/utf8"
)

// isVitestFileLine reports whether l is a file line of vitest's list,
// " ❯ test/cart.test.js (7 tests | 4 failed | 1 skipped) 19ms": the
// regexp `^\s*[✓❯×↓]\s+\S.*? \(\d+ tests?(?: \| [^)]*)?\)(?: \d[\d.]*m?s)?$`
// (vitestFileRe, kept for the tests that hold the two to agree). It is a
// byte scan because it runs on every line of the list, where the regexp
// was a tenth of the cost of shaping vitest's output.
func isVitestFileLine(l string) bool {
	start, ok := fileLineName(l)
	if !ok {
		return false
	}
	end, ok := countGroupEnd(l)
	if !ok {
		return false
	}
	return countGroupAt(l, start, end)
}

// fileLineName reads `^\s*[✓❯×↓]\s+\S` and returns where the text after
// the first byte (rune) of the name starts.
func fileLineName(l string) (int, bool) {
	i := skipSpace(l, 0)
	mark := false
	for _, m := range []string{"✓", "❯", "×", "↓"} {
		if strings.HasPrefix(l[i:], m) {
			i, mark = i+len(m), true
			break
		}
	}
	j := skipSpace(l, i)
	if !mark || j == i || j == len(l) {
		return 0, false
	}
	_, n := utf8.DecodeRuneInString(l[j:])
	return j + n, true
}

// countGroupEnd finds the ')' that closes the count group: the last byte,
// or the one before the timing " 19ms" when the line ends with one. The
// timing `\d[\d.]*m?s` ends with the whole run of digits and dots before
// its unit, which must start with a digit after a space.
func countGroupEnd(l string) (int, bool) {
	n := len(l)
	if n > 0 && l[n-1] == ')' {
		return n - 1, true
	}
	if n == 0 || l[n-1] != 's' {
		return 0, false
	}
	k := n - 1
	if k > 0 && l[k-1] == 'm' {
		k--
	}
	r := k
	for r > 0 && (isDigitByte(l[r-1]) || l[r-1] == '.') {
		r--
	}
	if r == k || !isDigitByte(l[r]) || r < 2 || l[r-1] != ' ' || l[r-2] != ')' {
		return 0, false
	}
	return r - 2, true
}

// countGroupAt reports whether the group ` \(\d+ tests?(?: \| [^)]*)?`
// ends at end (the closing ')') and starts at or after start: after the
// last ')' before end (the group holds none), and before the first
// newline after start (the lazy ".*?" before the group takes none).
func countGroupAt(l string, start, end int) bool {
	if start > end {
		return false
	}
	from := max(start, strings.LastIndexByte(l[:end], ')')+1)
	limit := end
	if nl := strings.IndexByte(l[start:end], '\n'); nl >= 0 {
		limit = start + nl
	}
	for s := from; s < limit; s++ {
		if l[s] == ' ' && countGroupFrom(l, s, end) {
			return true
		}
	}
	return false
}

// countGroupFrom reports whether l[s:end] is ` \(\d+ tests?(?: \| [^)]*)?`.
func countGroupFrom(l string, s, end int) bool {
	g := l[s:end]
	rest, ok := strings.CutPrefix(g, " (")
	if !ok {
		return false
	}
	d := 0
	for d < len(rest) && isDigitByte(rest[d]) {
		d++
	}
	if d == 0 {
		return false
	}
	if rest, ok = strings.CutPrefix(rest[d:], " test"); !ok {
		return false
	}
	rest = strings.TrimPrefix(rest, "s")
	return rest == "" || strings.HasPrefix(rest, " | ")
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }
