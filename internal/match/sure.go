package match

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"
)

// SureMatch tells, for a rule asked only whether it matches (no named
// groups), many lines it matches without running its regexp: cargo's
// excerpt lines ('^\s*\d*\s*[|:]|...', two lines in three of a build's
// output) went to the regexp one by one after the filters let them through.
// It knows the alternatives of the pattern that are ^ then a run of ASCII
// classes, each taken once or repeated ('\s*', '\d+', '[|:]', a literal),
// or of a few literals ('(note|help)'), perhaps then $, or '.*' and a few
// literals (cargo's '= note: .*(implied by|on by default|...)'). It reads
// each class possessively, taking as many bytes as it may, and takes the
// first literal of a set that is there: when that reaches the end of the
// alternative, the bytes taken are a match of it, so the pattern matches. When it does not, a
// backtracking match may still exist, and the regexp decides. A line it
// passes is thus always one the regexp matches; the zero sureMatch knows
// none.
type SureMatch struct {
	Alts [][]sureItem
}

// sureItem is one part of an alternative: from min to max bytes of set;
// or, with lits, one of them; with tail too, one of them anywhere in the
// rest of the line ('.*' before them); with end, the end of the line.
type sureItem struct {
	Set      PrefixSet
	Min, Max int
	Lits     []string
	Tail     bool
	End      bool
}

// maxSureLits bounds the literals a part may stand for.
const maxSureLits = 16

// MaxSureAlts bounds the alternatives tried: each costs a short scan of a
// line the regexp may then read anyway.
const MaxSureAlts = 4

// SureOf works out the sureMatch of pattern.
func SureOf(pattern string) SureMatch {
	re, err := ParsedOf(pattern)
	if err != nil {
		return SureMatch{}
	}
	var s SureMatch
	for _, alt := range alternativesOf(re) {
		if items, ok := sureItems(alt); ok && len(s.Alts) < MaxSureAlts {
			s.Alts = append(s.Alts, items)
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
	rest := parts[1:]
	for i, p := range rest {
		last := i == len(rest)-1
		switch {
		case p.Op == syntax.OpEndText && last:
			return append(items, sureItem{End: true}), true
		case p.Op == syntax.OpEndText:
			return nil, false
		case isDotStar(p) && last:
			// It takes nothing as well as anything.
			return items, true
		case isDotStar(p) && i == len(rest)-2:
			lits, ok := sureLiterals(rest[i+1])
			return append(items, sureItem{Lits: lits, Tail: true}), ok
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
		if set, ok := asciiSet(p); ok {
			return []sureItem{{Set: set, Min: 1, Max: 1}}, true
		}
		if p.Op == syntax.OpLiteral && len(p.Rune) > 1 {
			var items []sureItem
			for _, r := range p.Rune {
				set, ok := asciiSet(&syntax.Regexp{Op: syntax.OpLiteral, Rune: []rune{r}, Flags: p.Flags})
				if !ok {
					return literalItem(p)
				}
				items = append(items, sureItem{Set: set, Min: 1, Max: 1})
			}
			return items, true
		}
		return literalItem(p)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		set, ok := asciiSet(p.Sub[0])
		if !ok && p.Op == syntax.OpQuest {
			return literalItem(p)
		}
		if !ok {
			return nil, false
		}
		it := sureItem{Set: set}
		it.Min, it.Max = repeatBounds(p)
		return []sureItem{it}, true
	}
	return literalItem(p)
}

// literalItem is the item of a part that stands for a few literals.
func literalItem(p *syntax.Regexp) ([]sureItem, bool) {
	lits, ok := sureLiterals(p)
	return []sureItem{{Lits: lits}}, ok
}

// isDotStar says whether p is '.*' (without (?s): any rune but a newline).
func isDotStar(p *syntax.Regexp) bool {
	return p.Op == syntax.OpStar && p.Sub[0].Op == syntax.OpAnyCharNotNL
}

// sureLiterals is the strings p matches, when they are at most maxSureLits,
// in the order the matcher tries them: literals (not case folded), small
// classes, groups and alternations of them, optional ones, and sequences
// of those.
func sureLiterals(p *syntax.Regexp) ([]string, bool) {
	switch p.Op {
	case syntax.OpEmptyMatch:
		return []string{""}, true
	case syntax.OpLiteral:
		if p.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		return []string{string(p.Rune)}, true
	case syntax.OpCharClass:
		return classLiterals(p)
	case syntax.OpCapture:
		return sureLiterals(p.Sub[0])
	case syntax.OpQuest:
		// x? is x or nothing, tried in that order (x?? the other way
		// round).
		s, ok := sureLiterals(p.Sub[0])
		if !ok || len(s) == maxSureLits {
			return nil, false
		}
		if p.Flags&syntax.NonGreedy != 0 {
			return append([]string{""}, s...), true
		}
		return append(s, ""), true
	case syntax.OpAlternate:
		var out []string
		for _, sub := range p.Sub {
			s, ok := sureLiterals(sub)
			if !ok || len(out)+len(s) > maxSureLits {
				return nil, false
			}
			out = append(out, s...)
		}
		return out, true
	case syntax.OpConcat:
		return seqLiterals(p)
	}
	return nil, false
}

// classLiterals is sureLiterals of a class: each of its runes.
func classLiterals(p *syntax.Regexp) ([]string, bool) {
	var out []string
	for i := 0; i+1 < len(p.Rune); i += 2 {
		for r := p.Rune[i]; r <= p.Rune[i+1]; r++ {
			if len(out) == maxSureLits {
				return nil, false
			}
			out = append(out, string(r))
		}
	}
	return out, len(out) > 0
}

// seqLiterals is sureLiterals of a sequence: each literal of its first
// part followed by each of the rest's, in the matcher's order.
func seqLiterals(p *syntax.Regexp) ([]string, bool) {
	return crossLiterals(p.Sub, sureLiterals, maxSureLits)
}

// asciiSet is the bytes of a one-rune literal or a class whose runes are
// all ASCII (a rune past ASCII is more than a byte).
func asciiSet(p *syntax.Regexp) (PrefixSet, bool) {
	var set PrefixSet
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
			set.Add(byte(r))
		}
	}
	return set, true
}

// Match reports whether line surely matches the pattern: false when it
// does not or sureMatch cannot tell.
func (s *SureMatch) Match(line string) bool {
	for _, alt := range s.Alts {
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
	for k := range items {
		// By pointer: a copy of each item cost more than the
		// checks of most.
		it := &items[k]
		switch {
		case it.End:
			return i == len(line)
		case it.Tail:
			// '.*' takes any rune but a newline (and an invalid
			// byte, read as U+FFFD).
			rest := line[i:]
			return strings.IndexByte(rest, '\n') < 0 && slices.ContainsFunc(it.Lits, func(l string) bool { return strings.Contains(rest, l) })
		case it.Lits != nil:
			k := slices.IndexFunc(it.Lits, func(l string) bool { return strings.HasPrefix(line[i:], l) })
			if k < 0 {
				return false
			}
			i += len(it.Lits[k])
			continue
		}
		n := 0
		for n < it.Max && i < len(line) && it.Set.Has(line[i]) {
			n++
			i++
		}
		if n < it.Min {
			return false
		}
	}
	return true
}

// repeatBounds are the least and most times a *, +, ? or {n,m} takes its
// part (most: the largest int when unbounded).
func repeatBounds(p *syntax.Regexp) (least, most int) {
	most = int(^uint(0) >> 1)
	switch p.Op {
	case syntax.OpPlus:
		least = 1
	case syntax.OpQuest:
		most = 1
	case syntax.OpRepeat:
		least = p.Min
		if p.Max >= 0 {
			most = p.Max
		}
	}
	return least, most
}
