package match

import (
	"regexp/syntax"
	"slices"
	"strings"
)

// LineFilter says which lines a rule's regexp cannot match, without running
// it: a line that lacks the bytes the pattern's start needs (prefixFilter),
// or all of its literals (litFilter). The cheaper test goes first.
type LineFilter struct {
	Prefix PrefixFilter
	Lits   litFilter
	// More are further literal filters a match passes too (morePartsOf):
	// checked only on lines that passed lits, which would otherwise go to
	// the regexp.
	More []litFilter
	// Shared is what all of two or more lits start with ("" for none):
	// litsMay looks for it once, where a scan for each lit would read
	// the line as many times (gcc's ": fatal error: ", ": error: ",
	// ": warning: ").
	Shared string
}

// FilterOf is the filter of pattern ("" for no pattern: every line passes).
func FilterOf(pattern string) LineFilter {
	lits := literalsOf(pattern)
	return LineFilter{Prefix: PrefixOf(pattern), Lits: lits, More: morePartsOf(pattern, lits), Shared: SharedStart(lits)}
}

// SharedStart is the longest start all of lits share: "" for fewer than
// two, or a start of one byte (a space would stop the scan at every word).
func SharedStart(lits []string) string {
	if len(lits) < 2 {
		return ""
	}
	s := lits[0]
	for _, l := range lits[1:] {
		n := 0
		for n < len(s) && n < len(l) && s[n] == l[n] {
			n++
		}
		s = s[:n]
	}
	if len(s) < 2 {
		return ""
	}
	return s
}

// LitsMay is f.lits.may(line): where the lits share a start, each place
// that start is at is looked at for each of them.
func (f *LineFilter) LitsMay(line string) bool {
	if f.Shared == "" {
		return f.Lits.May(line)
	}
	for i := 0; ; {
		j := strings.Index(line[i:], f.Shared)
		if j < 0 {
			return false
		}
		i += j
		for _, l := range f.Lits {
			if strings.HasPrefix(line[i:], l) {
				return true
			}
		}
		i++
	}
}

// May reports whether the pattern the filter was made from may match line:
// false only when it cannot.
func (f *LineFilter) May(line string) bool {
	if !f.Prefix.May(line) || !f.LitsMay(line) {
		return false
	}
	for _, m := range f.More {
		if !m.May(line) {
			return false
		}
	}
	return true
}

// maxMore bounds the further literal filters of a pattern: each costs a
// scan of the lines that pass the ones before.
const maxMore = 3

// morePartsOf is what the parts of a pattern that is a sequence need, each
// on its own, beyond first (its best literals, which literalsOf found): a
// match holds all of them. cargo's caret lines need "|" (best) and "^":
// the source lines above them, which hold only "|", go without the regexp.
func morePartsOf(pattern string, first litFilter) []litFilter {
	re, err := SimplifiedOf(pattern)
	if err != nil || len(first) == 0 {
		return nil
	}
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	if re.Op != syntax.OpConcat {
		return nil
	}
	var parts []needed
	for _, sub := range re.Sub {
		m := mustHave(sub)
		if len(m.Alts) == 0 || slices.Contains(m.Alts, "") || implied(first, m.Alts) ||
			slices.ContainsFunc(parts, func(p needed) bool { return slices.Equal(p.Alts, m.Alts) }) {
			continue
		}
		parts = append(parts, m)
	}
	slices.SortStableFunc(parts, func(a, b needed) int { return b.score() - a.score() })
	var out []litFilter
	for _, p := range parts[:min(len(parts), maxMore)] {
		out = append(out, litFilter(p.Alts))
	}
	return out
}

// litFilter is what a rule's regexp needs in a line before it can match:
// at least one of its strings (none known: any line may match). Rules run
// in order on every line, and most lines match none of the first rules; a
// substring scan tells most of those apart without running the regexp.
type litFilter []string

// May reports whether the regexp the filter was made from may match line:
// false only when it cannot.
func (f litFilter) May(line string) bool {
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
	return litFilter(RequiredLiterals(pattern))
}
