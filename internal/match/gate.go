package match

import (
	"regexp/syntax"
	"sync"
	"unicode/utf8"
)

// ByteSet is a set of bytes, one flag per byte: a lookup is one load.
type ByteSet [256]bool

// IsWS is the whitespace a gate skips at the start of a line: \s and \v.
var IsWS = func() (t ByteSet) {
	for _, c := range []byte{' ', '\t', '\n', '\v', '\f', '\r'} {
		t[c] = true
	}
	return t
}()

// Gate holds conditions on a line's edge bytes that every line a detection
// signature matches meets: checked in a few loads, they turn away nearly
// every line before the regular expression runs. Detection runs on every
// line of a pipe, so it must cost far less than shaping it.
//
// A nil set is no condition. The conditions come from the pattern alone
// (regexp/syntax), so a user's profile gets them as a built-in one does.
type Gate struct {
	// First holds the bytes a line can start with (the pattern is anchored
	// at the start and matches no empty string).
	First *ByteSet
	// FirstNW holds the bytes the line's first byte other than whitespace
	// can be: "^\s*(PASS|FAIL)" starts after any indent with P or F.
	FirstNW *ByteSet
	// Last holds the bytes a line can end with (anchored at the end).
	Last *ByteSet
	// Next holds the bytes that can follow the first byte other than
	// whitespace when that is ASCII, indents the indent rows a line can
	// have (claimnext.go).
	Next    *nextSet
	Indents uint32
}

// Pass reports whether line l (cw: the index of its first byte other than
// whitespace, len(l) when none) meets the gate's conditions.
func (g *Gate) Pass(l string, cw int) bool {
	if g.First != nil && (len(l) == 0 || !g.First[l[0]]) {
		return false
	}
	if g.FirstNW != nil && (cw == len(l) || !g.FirstNW[l[cw]]) {
		return false
	}
	if g.Indents&(1<<IndentRow(l, cw)) == 0 {
		return false
	}
	if cw < len(l) && g.Next != nil {
		if c := NextRow(l, cw); c < NextAny && !g.Next.Allows(c) {
			return false
		}
	}
	return g.Last == nil || len(l) > 0 && g.Last[l[len(l)-1]]
}

// Gates caches the gate of each pattern: a pipe builds its claim index once
// per input, and parsing every signature each time would cost more than
// scanning a small input.
var Gates sync.Map // pattern string -> *gate

// GateOf works out the gate of a detection pattern; an empty gate (no
// condition) when it does not parse.
func GateOf(pattern string) *Gate {
	if g, ok := Gates.Load(pattern); ok {
		return g.(*Gate)
	}
	g := &Gate{Indents: allIndents}
	if re, err := SimplifiedOf(pattern); err == nil {
		if anchored(re, false) {
			if set, nullable := edgeBytes(re, false); !nullable {
				g.First = set
			}
			if set, allWS := firstNonWS(re); !allWS {
				g.FirstNW = set
			}
			g.Next, g.Indents = seqGates(re)
		}
		if anchored(re, true) {
			if set, nullable := edgeBytes(re, true); !nullable {
				g.Last = set
			}
		}
	}
	Gates.Store(pattern, g)
	return g
}

// allBytes is the set of every byte: no condition learnt.
func allBytes() *ByteSet {
	var s ByteSet
	for i := range s {
		s[i] = true
	}
	return &s
}

// addRune adds the bytes r can start (atEnd: end) with in text matched
// against it. Any non-ASCII rune adds every byte from 0x80: its encoding,
// and the invalid bytes U+FFFD stands for. fold adds the ASCII cases and
// the non-ASCII runes that fold to r (the Kelvin sign to k).
func (s *ByteSet) addRune(r rune, fold bool) {
	if r >= 0x80 || fold {
		for c := 0x80; c < 0x100; c++ {
			s[c] = true
		}
	}
	if r >= 0x80 {
		return
	}
	s[r] = true
	if fold {
		switch {
		case r >= 'a' && r <= 'z':
			s[r-'a'+'A'] = true
		case r >= 'A' && r <= 'Z':
			s[r-'A'+'a'] = true
		}
	}
}

// addClass adds the runes of a class's ranges; keep reports, for an ASCII
// rune, whether it belongs.
func (s *ByteSet) addClass(ranges []rune, keep func(c byte) bool) {
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r < 0x80; r++ {
			if keep(byte(r)) {
				s[r] = true
			}
		}
		if ranges[i+1] >= 0x80 {
			s.addRune(0x80, false)
		}
	}
}

func (s *ByteSet) union(o *ByteSet) {
	for i, v := range o {
		s[i] = s[i] || v
	}
}

// edgeBytes is the set of bytes a non-empty match of re can start (atEnd:
// end) with, and whether re can match the empty string.
func edgeBytes(re *syntax.Regexp, atEnd bool) (*ByteSet, bool) {
	set := &ByteSet{}
	switch re.Op {
	case syntax.OpNoMatch:
		return set, false
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return set, true
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return set, true
		}
		r := re.Rune[0]
		if atEnd {
			r = re.Rune[len(re.Rune)-1]
		}
		set.addRune(r, re.Flags&syntax.FoldCase != 0)
		return set, false
	case syntax.OpCharClass:
		set.addClass(re.Rune, func(byte) bool { return true })
		return set, false
	case syntax.OpCapture:
		return edgeBytes(re.Sub[0], atEnd)
	case syntax.OpStar, syntax.OpQuest:
		s, _ := edgeBytes(re.Sub[0], atEnd)
		return s, true
	case syntax.OpPlus:
		return edgeBytes(re.Sub[0], atEnd)
	case syntax.OpRepeat:
		s, nullable := edgeBytes(re.Sub[0], atEnd)
		return s, nullable || re.Min == 0
	case syntax.OpConcat:
		return concatEdge(re.Sub, atEnd)
	case syntax.OpAlternate:
		nullable := false
		for _, sub := range re.Sub {
			s, n := edgeBytes(sub, atEnd)
			set.union(s)
			nullable = nullable || n
		}
		return set, nullable
	}
	return allBytes(), true // AnyChar and whatever else: anything
}

// concatEdge is edgeBytes of a sequence: its parts' sets up to the first
// that cannot be empty.
func concatEdge(subs []*syntax.Regexp, atEnd bool) (*ByteSet, bool) {
	set := &ByteSet{}
	for i := range subs {
		sub := subs[i]
		if atEnd {
			sub = subs[len(subs)-1-i]
		}
		s, nullable := edgeBytes(sub, atEnd)
		set.union(s)
		if !nullable {
			return set, false
		}
	}
	return set, true
}

// firstNonWS is the set of bytes the first byte other than whitespace of a
// match of re can be, and whether a match can be whitespace only (or
// empty), when the set says nothing.
func firstNonWS(re *syntax.Regexp) (*ByteSet, bool) {
	set := &ByteSet{}
	switch re.Op {
	case syntax.OpNoMatch:
		return set, false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r >= 0x80 || !IsWS[r] {
				set.addRune(r, re.Flags&syntax.FoldCase != 0)
				return set, false
			}
		}
		return set, true
	case syntax.OpCharClass:
		set.addClass(re.Rune, func(c byte) bool { return !IsWS[c] })
		var ws ByteSet
		ws.addClass(re.Rune, func(c byte) bool { return IsWS[c] })
		return set, ws != ByteSet{}
	case syntax.OpCapture:
		return firstNonWS(re.Sub[0])
	case syntax.OpStar, syntax.OpQuest:
		s, _ := firstNonWS(re.Sub[0])
		return s, true
	case syntax.OpPlus:
		return firstNonWS(re.Sub[0])
	case syntax.OpRepeat:
		s, allWS := firstNonWS(re.Sub[0])
		return s, allWS || re.Min == 0
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			s, allWS := firstNonWS(sub)
			set.union(s)
			if !allWS {
				return set, false
			}
		}
		return set, true
	case syntax.OpAlternate:
		allWS := false
		for _, sub := range re.Sub {
			s, a := firstNonWS(sub)
			set.union(s)
			allWS = allWS || a
		}
		return set, allWS
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return set, true
	}
	return allBytes(), true
}

// NextAny is the row of next for a line whose first byte other than
// whitespace is past ASCII, or that has none: no condition.
const NextAny = 257

// NextRow is the row of next for line l, whose first byte other than
// whitespace is at ws (less than len(l)).
func NextRow(l string, ws int) int {
	switch {
	case l[ws] >= utf8.RuneSelf:
		return NextAny
	case ws+1 < len(l):
		return int(l[ws+1])
	}
	return 256
}
