package profiles

import (
	"regexp/syntax"
	"slices"
	"strings"
)

// sureSub is sureMatch for a rule with named groups: for a pattern that is
// ^ then parts read possessively, it also tells where each group is. Go's
// regexp picks, among the matches, the one a backtracking matcher finds
// first, which takes the most a greedy repeat can take and the first
// alternative that fits. Reading each part possessively (the most it can
// take, the first literal of a set that is there) is that matcher's first
// try, so when it reaches the end of the pattern, its match and its groups
// are the regexp's. When it does not, the regexp decides. Classes past
// ASCII are read a byte at a time only where a whole run of them is taken
// ('[^\s:]+', '.*'): such a run ends at an ASCII byte or the end of the line,
// a rune's boundary. nil knows no line.
type sureSub struct {
	items []subItem
	// slots is the length of the group places FindStringSubmatchIndex
	// returns.
	slots int
}

// subItem is a part of a sureSub: from min to max bytes of set; or one of
// lits; or the end of the line (end); or, with slot at 0 or more, the
// place of a group's start or end (2*group, 2*group+1).
type subItem struct {
	set      prefixSet
	min, max int
	lits     []string
	end      bool
	slot     int
}

// subOf is the sureSub of pattern, nil when it is not of that form.
func subOf(pattern string) *sureSub {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	alts := alternativesOf(re)
	if len(alts) != 1 || len(alts[0]) < 2 || alts[0][0].Op != syntax.OpBeginText {
		return nil
	}
	var items []subItem
	parts := alts[0][1:]
	for i, p := range parts {
		if p.Op == syntax.OpEndText {
			if i != len(parts)-1 {
				return nil
			}
			items = append(items, subItem{end: true, slot: -1})
			continue
		}
		more, ok := subItemsOf(p)
		if !ok {
			return nil
		}
		items = append(items, more...)
	}
	if hopeless(items) {
		return nil
	}
	return &sureSub{items: items, slots: 2 * (re.MaxCap() + 1)}
}

// subItemsOf is the items of one part of a sureSub.
func subItemsOf(p *syntax.Regexp) ([]subItem, bool) {
	switch p.Op {
	case syntax.OpCapture:
		inner := []*syntax.Regexp{p.Sub[0]}
		if p.Sub[0].Op == syntax.OpConcat {
			inner = p.Sub[0].Sub
		}
		items := []subItem{{slot: 2 * p.Cap}}
		for _, sub := range inner {
			more, ok := subItemsOf(sub)
			if !ok {
				return nil, false
			}
			items = append(items, more...)
		}
		return append(items, subItem{slot: 2*p.Cap + 1}), true
	case syntax.OpLiteral:
		if p.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		return []subItem{{lits: []string{string(p.Rune)}, slot: -1}}, true
	case syntax.OpCharClass:
		if set, ok := asciiSet(p); ok {
			return []subItem{{set: set, min: 1, max: 1, slot: -1}}, true
		}
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		return repeatItem(p)
	}
	lits, ok := sureLiterals(p)
	return []subItem{{lits: lits, slot: -1}}, ok
}

// repeatItem is the item of a greedy repeat of a class: of ASCII, or, taken
// as a whole run (* or +), of one that holds every rune past ASCII.
func repeatItem(p *syntax.Regexp) ([]subItem, bool) {
	if p.Flags&syntax.NonGreedy != 0 {
		return nil, false
	}
	it := subItem{slot: -1}
	it.min, it.max = repeatBounds(p)
	set, ok := asciiSet(p.Sub[0])
	if !ok {
		run := p.Op == syntax.OpStar || p.Op == syntax.OpPlus
		if set, ok = wideSet(p.Sub[0]); !ok || !run {
			return nil, false
		}
	}
	it.set = set
	return []subItem{it}, true
}

// wideSet is the bytes of a class that holds every rune past ASCII ('\S',
// '[^\s:]', '.'): its ASCII bytes and every byte from 0x80 on.
func wideSet(p *syntax.Regexp) (prefixSet, bool) {
	var set prefixSet
	var ranges []rune
	switch p.Op {
	case syntax.OpAnyCharNotNL:
		ranges = []rune{0, '\n' - 1, '\n' + 1, 0x10ffff}
	case syntax.OpAnyChar:
		ranges = []rune{0, 0x10ffff}
	case syntax.OpCharClass:
		ranges = p.Rune
	default:
		return set, false
	}
	if !holdsNonASCII(ranges) {
		return set, false
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= min(ranges[i+1], 0xff); r++ {
			set.add(byte(r))
		}
	}
	for b := 0x80; b < 0x100; b++ {
		set.add(byte(b))
	}
	return set, true
}

// hopeless says whether a run of '.' (every byte but a newline) comes
// before a part that needs a byte: read possessively, the run takes the
// rest of the line, and no line would get past it.
func hopeless(items []subItem) bool {
	for i, it := range items {
		if !it.set.has('a') || !it.set.has(0x80) || it.max != int(^uint(0)>>1) || !it.set.has(' ') {
			continue
		}
		for _, next := range items[i+1:] {
			if next.lits != nil || next.set != (prefixSet{}) && next.min > 0 {
				return true
			}
		}
	}
	return false
}

// submatchTo reports whether line surely matches, and where its groups are,
// in dst (grown when short): as FindStringSubmatchIndexTo says.
func (s *sureSub) submatchTo(dst *[]int, line string) ([]int, bool) {
	if s == nil || !shortcuts {
		return nil, false
	}
	if cap(*dst) < s.slots {
		*dst = make([]int, s.slots)
	}
	idx := (*dst)[:s.slots]
	for k := range idx {
		idx[k] = -1
	}
	i := 0
	for _, it := range s.items {
		switch {
		case it.slot >= 0:
			idx[it.slot] = i
			continue
		case it.end:
			if i != len(line) {
				return nil, false
			}
			continue
		case it.lits != nil:
			k := slices.IndexFunc(it.lits, func(l string) bool { return strings.HasPrefix(line[i:], l) })
			if k < 0 {
				return nil, false
			}
			i += len(it.lits[k])
			continue
		}
		n := 0
		for n < it.max && i < len(line) && it.set.has(line[i]) {
			n++
			i++
		}
		if n < it.min {
			return nil, false
		}
	}
	idx[0], idx[1] = 0, i
	return idx, true
}
