package profiles

import (
	"strings"
)

// lineFilter says which lines a rule's regexp cannot match, without running
// it: a line that lacks the bytes the pattern's start needs (prefixFilter),
// or all of its literals (litFilter). The cheaper test goes first.
type lineFilter struct {
	prefix prefixFilter
	lits   litFilter
}

// filterOf is the filter of pattern ("" for no pattern: every line passes).
func filterOf(pattern string) lineFilter {
	return lineFilter{prefix: prefixOf(pattern), lits: literalsOf(pattern)}
}

// may reports whether the pattern the filter was made from may match line:
// false only when it cannot.
func (f *lineFilter) may(line string) bool {
	return f.prefix.may(line) && f.lits.may(line)
}

// litFilter is what a rule's regexp needs in a line before it can match:
// at least one of its strings (none known: any line may match). Rules run
// in order on every line, and most lines match none of the first rules; a
// substring scan tells most of those apart without running the regexp.
type litFilter []string

// may reports whether the regexp the filter was made from may match line:
// false only when it cannot.
func (f litFilter) may(line string) bool {
	if len(f) == 0 {
		return true
	}
	for _, s := range f {
		if strings.Contains(line, s) {
			return true
		}
	}
	return false
}

// literalsOf is the literal filter of pattern: literals of which each
// match holds at least one, worked out as detection's are
// (requiredLiterals).
func literalsOf(pattern string) litFilter {
	return litFilter(requiredLiterals(pattern))
}
