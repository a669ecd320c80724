package profiles

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
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

// maxLitAlternatives bounds a filter's strings: beyond that, the scans
// would cost what the regexp costs.
const maxLitAlternatives = 8

// literalsOf is the filter of re: one set of literals of which each match
// holds at least one, the set whose shortest literal is longest.
func literalsOf(re *regexp.Regexp) litFilter {
	if re == nil {
		return nil
	}
	t, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return nil
	}
	return requiredLits(t)
}

// requiredLits: a set of strings, each match of re holding at least one,
// or nil. A case-folded literal, an optional part, a class: nothing known.
func requiredLits(re *syntax.Regexp) litFilter {
	switch re.Op {
	case syntax.OpLiteral:
		if s, ok := plainLiteral(re); ok {
			return litFilter{s}
		}
	case syntax.OpCapture, syntax.OpPlus:
		return requiredLits(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredLits(re.Sub[0])
		}
	case syntax.OpConcat:
		return concatLits(re.Sub)
	case syntax.OpAlternate:
		return alternateLits(re.Sub)
	}
	return nil
}

// plainLiteral is the text of a literal matched as written (not folded;
// no U+FFFD, which the regexp also matches on an invalid byte).
func plainLiteral(re *syntax.Regexp) (string, bool) {
	if re.Op != syntax.OpLiteral || re.Flags&syntax.FoldCase != 0 {
		return "", false
	}
	s := string(re.Rune)
	return s, !strings.ContainsRune(s, utf8.RuneError)
}

// concatLits picks the best set among a sequence's parts: each run of
// adjacent literals (matched contiguously: one string) and each part's own.
func concatLits(subs []*syntax.Regexp) litFilter {
	var best litFilter
	run := ""
	for _, s := range subs {
		if lit, ok := plainLiteral(s); ok {
			run += lit
			best = betterLits(best, litFilter{run})
			continue
		}
		run = ""
		best = betterLits(best, requiredLits(s))
	}
	return best
}

// alternateLits: each alternative must give a set; a match holds one of
// their union.
func alternateLits(subs []*syntax.Regexp) litFilter {
	var all litFilter
	for _, s := range subs {
		l := requiredLits(s)
		if l == nil {
			return nil
		}
		all = append(all, l...)
	}
	if len(all) > maxLitAlternatives {
		return nil
	}
	return all
}

// betterLits prefers the set whose shortest string is longer (rarer in a
// line), then the smaller set.
func betterLits(a, b litFilter) litFilter {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	sa, sb := shortest(a), shortest(b)
	if sb > sa || sb == sa && len(b) < len(a) {
		return b
	}
	return a
}

func shortest(f litFilter) int {
	n := -1
	for _, s := range f {
		if n < 0 || len(s) < n {
			n = len(s)
		}
	}
	return n
}
