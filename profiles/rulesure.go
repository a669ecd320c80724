package profiles

import (
	"regexp/syntax"
	"unicode/utf8"
)

// sureMatch tells, for a rule asked only whether it matches (no named
// groups), many lines it matches without running its regexp: cargo's
// excerpt lines ('^\s*\d*\s*[|:]|...', two lines in three of a build's
// output) went to the regexp one by one after the filters let them through.
// It knows the alternatives of the pattern that are ^ then a run of ASCII
// classes, each taken once or repeated ('\s*', '\d+', '[|:]', a literal),
// perhaps then $. It reads each class possessively, taking as many bytes
// as it may: when that reaches the end of the alternative, the bytes taken
// are a match of it, so the pattern matches. When it does not, a
// backtracking match may still exist, and the regexp decides. A line it
// passes is thus always one the regexp matches; the zero sureMatch knows
// none.
type sureMatch struct {
	alts [][]sureItem
}

// sureItem is one class of an alternative: from min to max bytes of set,
// or, with end set, the end of the line.
type sureItem struct {
	set      prefixSet
	min, max int
	end      bool
}

// maxSureAlts bounds the alternatives tried: each costs a short scan of a
// line the regexp may then read anyway.
const maxSureAlts = 4

// sureOf works out the sureMatch of pattern.
func sureOf(pattern string) sureMatch {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return sureMatch{}
	}
	var s sureMatch
	for _, alt := range alternativesOf(re) {
		if items, ok := sureItems(alt); ok && len(s.alts) < maxSureAlts {
			s.alts = append(s.alts, items)
		}
	}
	return s
}

// alternativesOf is the top-level alternatives of re, each as the sequence
// of its parts: the parser puts the ^ every alternative starts with in
// front of their alternation, which goes back into each.
func alternativesOf(re *syntax.Regexp) [][]*syntax.Regexp {
	switch re.Op {
	case syntax.OpAlternate:
		var out [][]*syntax.Regexp
		for _, sub := range re.Sub {
			out = append(out, alternativesOf(sub)...)
		}
		return out
	case syntax.OpConcat:
		last := re.Sub[len(re.Sub)-1]
		if last.Op != syntax.OpAlternate {
			return [][]*syntax.Regexp{re.Sub}
		}
		var out [][]*syntax.Regexp
		for _, alt := range alternativesOf(last) {
			parts := append(append([]*syntax.Regexp{}, re.Sub[:len(re.Sub)-1]...), alt...)
			out = append(out, parts)
		}
		return out
	}
	return [][]*syntax.Regexp{{re}}
}

// sureItems reads an alternative of the form sureMatch knows: ^, then
// ASCII classes taken once or repeated, then perhaps $.
func sureItems(parts []*syntax.Regexp) ([]sureItem, bool) {
	if len(parts) < 2 || parts[0].Op != syntax.OpBeginText {
		return nil, false
	}
	var items []sureItem
	for i, p := range parts[1:] {
		if p.Op == syntax.OpEndText {
			if i != len(parts)-2 {
				return nil, false
			}
			items = append(items, sureItem{end: true})
			continue
		}
		more, ok := sureItemsOf(p)
		if !ok {
			return nil, false
		}
		items = append(items, more...)
	}
	return items, true
}

// sureItemsOf is the items of one part: a literal (a byte each), an ASCII
// class, or one of those repeated.
func sureItemsOf(p *syntax.Regexp) ([]sureItem, bool) {
	switch p.Op {
	case syntax.OpLiteral, syntax.OpCharClass:
		if p.Op == syntax.OpCharClass || len(p.Rune) == 1 {
			set, ok := asciiSet(p)
			return []sureItem{{set: set, min: 1, max: 1}}, ok
		}
		var items []sureItem
		for _, r := range p.Rune {
			set, ok := asciiSet(&syntax.Regexp{Op: syntax.OpLiteral, Rune: []rune{r}, Flags: p.Flags})
			if !ok {
				return nil, false
			}
			items = append(items, sureItem{set: set, min: 1, max: 1})
		}
		return items, true
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		set, ok := asciiSet(p.Sub[0])
		if !ok {
			return nil, false
		}
		it := sureItem{set: set, max: int(^uint(0) >> 1)}
		switch p.Op {
		case syntax.OpPlus:
			it.min = 1
		case syntax.OpQuest:
			it.max = 1
		case syntax.OpRepeat:
			it.min = p.Min
			if p.Max >= 0 {
				it.max = p.Max
			}
		}
		return []sureItem{it}, true
	}
	return nil, false
}

// asciiSet is the bytes of a one-rune literal or a class whose runes are
// all ASCII (a rune past ASCII is more than a byte).
func asciiSet(p *syntax.Regexp) (prefixSet, bool) {
	var set prefixSet
	var ranges []rune
	switch p.Op {
	case syntax.OpLiteral:
		if len(p.Rune) != 1 || p.Flags&syntax.FoldCase != 0 {
			return set, false
		}
		ranges = []rune{p.Rune[0], p.Rune[0]}
	case syntax.OpCharClass:
		ranges = p.Rune
	default:
		return set, false
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i+1] >= utf8.RuneSelf {
			return set, false
		}
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			set.add(byte(r))
		}
	}
	return set, true
}

// match reports whether line surely matches the pattern: false when it
// does not or sureMatch cannot tell.
func (s *sureMatch) match(line string) bool {
	if !shortcuts {
		return false
	}
	for _, alt := range s.alts {
		if possessive(alt, line) {
			return true
		}
	}
	return false
}

// possessive says whether the items, each taking as many bytes as it may,
// match the start of line.
func possessive(items []sureItem, line string) bool {
	i := 0
	for _, it := range items {
		if it.end {
			return i == len(line)
		}
		n := 0
		for n < it.max && i < len(line) && it.set.has(line[i]) {
			n++
			i++
		}
		if n < it.min {
			return false
		}
	}
	return true
}
