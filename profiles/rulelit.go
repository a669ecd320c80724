package profiles

import (
	"strings"

	"github.com/terse-dev/terse/internal/fastre"
)

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

// literalsOf is the filter of re: literals of which each match holds at
// least one, worked out as detection's are (requiredLiterals).
func literalsOf(re *fastre.Regexp) litFilter {
	if re == nil {
		return nil
	}
	return litFilter(requiredLiterals(re.String()))
}
