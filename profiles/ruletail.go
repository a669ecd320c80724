package profiles

import (
	"regexp/syntax"
	"strings"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/fastre"
)

// tailSplit reads a head's tail around its `.*` (a message group): the
// part before it runs as its own regexp, and the part after (a suffix
// like ` \[(?P<name>SC\d+)\]$`) is tried only where it can start, from
// the end of the line for a greedy `.*`, from its start for a lazy one,
// which is the order the regexp tries them in. When the parts find no
// match the whole tail runs, as the regexp would then try the part
// before the `.*` another way.
type tailSplit struct {
	middle, after *fastre.Regexp // both anchored with ^
	first         [2]uint64      // the ASCII bytes after can start with
	capture       int            // the `.*` group in the tail's numbering, 0 for none
	lazy          bool
}

// splitOf is the split of tail parts subs, nil when they have no `.*`
// or what follows it may start with other than a known ASCII byte.
func splitOf(subs []*syntax.Regexp, ncap int) *tailSplit {
	for k, re := range subs {
		star, capture := re, 0
		if star.Op == syntax.OpCapture {
			star, capture = star.Sub[0], star.Cap
		}
		if star.Op != syntax.OpStar || star.Sub[0].Op != syntax.OpAnyCharNotNL {
			continue
		}
		sp := &tailSplit{lazy: star.Flags&syntax.NonGreedy != 0}
		if !firstBytes(subs[k+1:], &sp.first) {
			return nil
		}
		var err error
		if sp.middle, err = fastre.Compile(afterCaret(subs[:k]).String()); err != nil {
			return nil
		}
		if sp.after, err = fastre.Compile(afterCaret(subs[k+1:]).String()); err != nil {
			return nil
		}
		n := sp.middle.NumSubexp() + sp.after.NumSubexp()
		if capture > 0 {
			sp.capture = sp.middle.NumSubexp() + 1
			n++
		}
		if n != ncap {
			return nil
		}
		return sp
	}
	return nil
}

// afterCaret is subs after a ^.
func afterCaret(subs []*syntax.Regexp) *syntax.Regexp {
	return &syntax.Regexp{Op: syntax.OpConcat, Sub: append([]*syntax.Regexp{{Op: syntax.OpBeginText}}, subs...)}
}

// firstBytes adds to set the ASCII bytes that a match of subs can start
// with, and says whether it knows them: a match that starts with none of
// them is an empty one at the end of the text ($).
func firstBytes(subs []*syntax.Regexp, set *[2]uint64) bool {
	if len(subs) == 0 {
		return false
	}
	re := subs[0]
	switch re.Op {
	case syntax.OpEndText:
		return len(subs) == 1
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 || re.Rune[0] >= utf8.RuneSelf {
			return false
		}
		c := re.Rune[0]
		set[c/64] |= 1 << (c % 64)
		return true
	case syntax.OpCapture:
		return firstBytes(append([]*syntax.Regexp{re.Sub[0]}, subs[1:]...), set)
	case syntax.OpConcat:
		return firstBytes(append(append([]*syntax.Regexp{}, re.Sub...), subs[1:]...), set)
	case syntax.OpQuest:
		return firstBytes(re.Sub[:1], set) && firstBytes(subs[1:], set)
	}
	return false
}

// find is the tail's FindStringSubmatchIndex on s, through the split
// where it can.
func (sp *tailSplit) find(s string, tail *fastre.Regexp) []int {
	m := sp.middle.FindStringSubmatchIndex(s)
	if m == nil {
		return nil
	}
	start := m[1]
	if strings.IndexByte(s[start:], '\n') >= 0 {
		return tail.FindStringSubmatchIndex(s)
	}
	try := func(p int) []int {
		if p < len(s) && !sp.starts(s[p]) {
			return nil
		}
		a := sp.after.FindStringSubmatchIndex(s[p:])
		if a == nil {
			return nil
		}
		return sp.join(m, start, p, a)
	}
	if sp.lazy {
		for p := start; p <= len(s); p++ {
			if idx := try(p); idx != nil {
				return idx
			}
		}
	} else {
		for p := len(s); p >= start; p-- {
			if idx := try(p); idx != nil {
				return idx
			}
		}
	}
	return tail.FindStringSubmatchIndex(s)
}

func (sp *tailSplit) starts(c byte) bool {
	return c < utf8.RuneSelf && sp.first[c/64]&(1<<(c%64)) != 0
}

// join puts together the middle's groups m, the `.*` from start to p and
// the after part's groups a (found on s[p:]).
func (sp *tailSplit) join(m []int, start, p int, a []int) []int {
	idx := make([]int, 0, len(m)+len(a))
	idx = append(idx, 0, p+a[1])
	idx = append(idx, m[2:]...)
	if sp.capture > 0 {
		idx = append(idx, start, p)
	}
	for _, v := range a[2:] {
		if v >= 0 {
			v += p
		}
		idx = append(idx, v)
	}
	return idx
}
