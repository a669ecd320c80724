package vitest

import (
	"strings"

	"github.com/terse-dev/terse/report"
)

// The closing tallies ("Tests  2 failed | 5 passed (7)") are read by byte
// scans, not regexps: each capture ends with them, and a FindAll per
// tally cost a twentieth of shaping vitest's output. Each scan answers as
// the regexp it replaced (tally_test.go holds them, and the tests that
// compare).

// tallyTotal reads `\((\d+)\)\s*$` and returns the digits: the total in
// parentheses that ends the tally, white bytes after it.
func tallyTotal(s string) (string, bool) {
	end := len(s)
	for end > 0 && isReSpace(s[end-1]) {
		end--
	}
	if end == 0 || s[end-1] != ')' {
		return "", false
	}
	d := end - 1
	for d > 0 && isDigitByte(s[d-1]) {
		d--
	}
	if d == end-1 || d == 0 || s[d-1] != '(' {
		return "", false
	}
	return s[d : end-1], true
}

// isReSpace reports whether c is in the regexp class \s.
func isReSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// tallyWords are the alternatives of `(\d+) (failed|passed|skipped|todo|
// expected fail|errors?)`, in its order ("errors" before "error": the
// regexp's "s?" is greedy).
var tallyWords = []string{"failed", "passed", "skipped", "todo", "expected fail", "errors", "error"}

// eachTally calls fn with the number and word of every count in s, as
// FindAllStringSubmatch of `(\d+) (failed|…|errors?)` finds them: left to
// right, each after the one before. A count starts at the first digit of
// a run (a later start in the run has the same bytes after it). It
// reports whether there was one.
func eachTally(s string, fn func(n, word string)) bool {
	found := false
	for i := 0; i < len(s); {
		if !isDigitByte(s[i]) {
			i++
			continue
		}
		d := i
		for d < len(s) && isDigitByte(s[d]) {
			d++
		}
		if word := tallyWordAt(s, d); word != "" {
			found = true
			if fn != nil {
				fn(s[i:d], word)
			}
			i = d + 1 + len(word)
			continue
		}
		i = d
	}
	return found
}

// tallyWordAt returns the tally word after the space at s[d], or "".
func tallyWordAt(s string, d int) string {
	if d >= len(s) || s[d] != ' ' {
		return ""
	}
	for _, w := range tallyWords {
		if strings.HasPrefix(s[d+1:], w) {
			return w
		}
	}
	return ""
}

// addTally adds one count of a tally to c.
func addTally(c *report.Counts, n int, word string) {
	switch word {
	case "failed":
		c.Failed = n
	case "passed", "expected fail":
		c.Passed += n
	case "skipped":
		c.Skipped = n
	case "todo":
		c.Todo = n
	}
}
