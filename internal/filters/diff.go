package filters

import (
	"strings"
)

// TrimDiff keeps the changed lines of a unified-style diff (lines starting with
// "-" or "+") and ctx unchanged lines around each run of changes, replacing
// every longer stretch of unchanged lines by one "  …" marker (the count of
// what it stands for goes to the omitted line: a count per gap costs tokens
// and tells the reader nothing they act on).
// The lines that open the structures enclosing a change (less indented lines
// above it, such as `"address": Object {`) are kept too, so a change deep in
// an object can be placed. It returns the kept lines and the number of
// unchanged lines dropped.
func TrimDiff(lines []string, ctx int) ([]string, int) {
	changed := make([]bool, len(lines))
	for i, l := range lines {
		changed[i] = isChange(l)
	}
	keep := make([]bool, len(lines))
	for i := range lines {
		if !changed[i] {
			continue
		}
		for j := i - ctx; j <= i+ctx; j++ {
			if j >= 0 && j < len(lines) {
				keep[j] = true
			}
		}
		// Walk up to the enclosing lines.
		ind := indentOf(lines[i])
		for j := i - 1; j >= 0 && ind > 0; j-- {
			if changed[j] || strings.HasPrefix(lines[j], "@@") {
				continue
			}
			if k := indentOf(lines[j]); k < ind {
				keep[j] = true
				ind = k
			}
		}
	}
	var out []string
	dropped, run := 0, 0
	flush := func() {
		if run > 0 {
			out = append(out, "  …")
			dropped += run
			run = 0
		}
	}
	for i, l := range lines {
		if keep[i] {
			flush()
			out = append(out, l)
			continue
		}
		run++
	}
	// Unchanged lines after the last change (closing brackets) need no
	// marker: nothing follows them.
	dropped += run
	return out, dropped
}

func isChange(l string) bool {
	return strings.HasPrefix(l, "-") || strings.HasPrefix(l, "+")
}

// indentOf is the indentation of a diff line's content, after its two-column
// marker ("- ", "+ " or "  ").
func indentOf(l string) int {
	if len(l) >= 2 {
		l = l[2:]
	}
	return len(l) - len(strings.TrimLeft(l, " "))
}
