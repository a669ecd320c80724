package parse

import "strings"

// PassingLine reports whether a cleaned, left-trimmed line reports a passing
// test or run. The failure guard and the generic cleaner share it, so that a
// test whose name holds "error" never counts as a problem in either.
func PassingLine(t string) bool {
	return strings.HasPrefix(t, "✓") || strings.HasPrefix(t, "✔") || strings.HasPrefix(t, "√") ||
		HasWordPrefix(t, "PASS") || HasWordPrefix(t, "ok") || strings.HasPrefix(t, "--- PASS") ||
		strings.HasSuffix(t, " ... ok") || strings.HasSuffix(t, " PASSED") || hasPassedPercent(t)
}

// hasPassedPercent reports whether t holds " PASSED [" (pytest -v's
// "test_a.py::t PASSED [ 50%]"). It looks for "PASSED [" first: a search
// led by the space stopped at every word of every line.
func hasPassedPercent(t string) bool {
	return strings.Contains(t, "PASSED [") && strings.Contains(t, " PASSED [")
}

// TAPDirective reports whether a TAP "not ok" line is excused by a TODO or
// SKIP directive: TAP counts it as no failure.
func TAPDirective(t string) bool {
	i := strings.Index(t, "#")
	if i < 0 {
		return false
	}
	d := strings.ToUpper(strings.TrimSpace(t[i+1:]))
	return strings.HasPrefix(d, "TODO") || strings.HasPrefix(d, "SKIP")
}

// HasWordPrefix reports whether t starts with the word w as a whole word:
// "FAIL" starts "FAIL src/a.test.js" but not "FAILURES" or "FAIL-SAFE".
func HasWordPrefix(t, w string) bool {
	return strings.HasPrefix(t, w) && (len(t) == len(w) || !IsWordByte(t[len(w)]) && t[len(w)] != '-' && t[len(w)] != '.')
}

// IsWordByte reports whether c is an ASCII letter, digit or underscore.
func IsWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z'
}
