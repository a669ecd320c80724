package match

import (
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// HeadGate is a condition on the first bytes of a line, up to and just past
// its first byte outside a class, that every line a signature of the shape
// `^[^\s:]+\.go:\d+: ` matches meets: every byte the match covers before
// its first byte outside the class [^\s:] is in the class, so the line's
// first byte outside it (i) is that byte of the match, and the literal
// around it is known: ".go" ends l[:i] and ":" starts l[i:].
//
// Ten signatures of other tools have that shape and are tried on most lines
// of a pipe; a search of the whole line for each one's literal cost far
// more than finding i once (for every signature of one class) and
// comparing a few bytes.
type HeadGate struct {
	// Class is the index of the class in the claim index's classes.
	Class int
	// Alts are the (pre, post) pairs, one of which a line must have
	// around i: l[:i] ends with pre, l[i:] starts with post.
	Alts []headAlt
}

// headAlt is one (pre, post) pair of a headGate, with the steps the
// pattern takes right after post (nil: none known).
type headAlt struct {
	Pre, Post string
	Tail      []TailStep
	// Back are the steps right before pre, walked back from it.
	Back []TailStep
}

// String is the pair as pre|post, for messages.
func (a headAlt) String() string { return a.Pre + "|" + a.Post }

// maxHeadLits caps the strings a head gate expands a pattern's literal
// parts into.
const maxHeadLits = 64

// Pass reports whether l, whose first byte outside the gate's class is at
// i (len(l): none), meets the gate.
func (h *HeadGate) Pass(l string, i int) bool {
	_, tail := h.Check(l, i, true)
	return tail
}

// Check reports whether l, whose first byte outside the gate's class is
// at i (len(l): none), has one of the gate's pairs around i (head), and
// whether it has one followed by the steps after it (tail; head when
// headTails or steps is off).
func (h *HeadGate) Check(l string, i int, steps bool) (head, tail bool) {
	if i == len(l) {
		return false, false
	}
	for _, a := range h.Alts {
		if !strings.HasSuffix(l[:i], a.Pre) || !strings.HasPrefix(l[i:], a.Post) {
			continue
		}
		head = true
		if !steps || tailFits(l, i+len(a.Post), a.Tail) && backFits(l, i-len(a.Pre), a.Back) {
			return true, true
		}
	}
	return head, false
}

// TailStep is a run of bytes of an ASCII set that a pattern takes, from min
// to max of them (max -1: no bound). A run whose count is not fixed is
// followed by a step of bytes outside its set, so a match takes the
// longest run there is (up to max), and a walk need not go back; only the
// last step may break that rule, and it is checked for its min alone.
//
// `^[^\s:]+\.py:\d+:\d+: [EFWC]\d{3} ` (flake8's) and `^\S+\.py:\d+: `
// (pytest's tracebacks) pass their head gates on mypy's lines
// (`a.py:12:3: error: ...`): the steps after the pair (flake8's), or before
// it walked back (pytest's), turn such lines away in a few byte loads, and
// spare their patterns' runs.
type TailStep struct {
	Set      ByteSet
	Min, Max int
}

// tailFits reports whether the steps walk from l[j].
func tailFits(l string, j int, steps []TailStep) bool {
	for k := range steps {
		s := &steps[k]
		n := 0
		for j+n < len(l) && n != s.Max && s.Set[l[j+n]] {
			n++
		}
		if n < s.Min {
			return false
		}
		j += n
	}
	return true
}

// tailOf is the steps elems start with, as far as they are runs of ASCII
// sets that a walk can check without going back.
func tailOf(elems []*syntax.Regexp) []TailStep {
	var steps []TailStep
	for _, e := range elems {
		s, ok := stepsOf(e)
		if !ok {
			break
		}
		steps = append(steps, s...)
	}
	return walkable(steps)
}

// backOf is the steps that end elems, from the last back, as far as a
// walk back can check them without going forth: the steps before a head
// gate's pre, from the element that ends right before it.
func backOf(elems []*syntax.Regexp) []TailStep {
	var steps []TailStep
	for k := len(elems) - 1; k >= 0; k-- {
		s, ok := stepsOf(elems[k])
		if !ok {
			break
		}
		slices.Reverse(s)
		steps = append(steps, s...)
	}
	return walkable(steps)
}

// backFits reports whether the steps walk back from l[:j]'s end.
func backFits(l string, j int, steps []TailStep) bool {
	for k := range steps {
		s := &steps[k]
		n := 0
		for j-n > 0 && n != s.Max && s.Set[l[j-n-1]] {
			n++
		}
		if n < s.Min {
			return false
		}
		j -= n
	}
	return true
}

// walkable is steps up to the first run a walk would have to go back on,
// that one checked for its min alone.
func walkable(steps []TailStep) []TailStep {
	for k := range steps {
		if steps[k].Min == steps[k].Max {
			continue
		}
		if k+1 < len(steps) && steps[k+1].Min > 0 && disjoint(&steps[k].Set, &steps[k+1].Set) {
			continue
		}
		// Checked for its min alone, the last step.
		steps[k].Max = -1
		return steps[:k+1]
	}
	return steps
}

// stepsOf is e as steps: an ASCII literal (a step a byte), an ASCII class,
// or a run of one.
func stepsOf(e *syntax.Regexp) ([]TailStep, bool) {
	switch e.Op {
	case syntax.OpLiteral:
		if e.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		var out []TailStep
		for _, r := range e.Rune {
			if r >= utf8.RuneSelf {
				return nil, false
			}
			var s TailStep
			s.Set[r], s.Min, s.Max = true, 1, 1
			out = append(out, s)
		}
		return out, len(out) > 0
	case syntax.OpCharClass:
		if classHigh(e.Rune) != 0 {
			return nil, false
		}
		var s TailStep
		s.Set.addClass(e.Rune, func(byte) bool { return true })
		s.Min, s.Max = 1, 1
		return []TailStep{s}, true
	case syntax.OpStar, syntax.OpPlus, syntax.OpRepeat:
		one, ok := stepsOf(e.Sub[0])
		if !ok || len(one) != 1 {
			return nil, false
		}
		s := one[0]
		switch e.Op {
		case syntax.OpStar:
			s.Min, s.Max = 0, -1
		case syntax.OpPlus:
			s.Min, s.Max = 1, -1
		default:
			s.Min, s.Max = e.Min, e.Max
		}
		return []TailStep{s}, true
	}
	return nil, false
}

// disjoint reports whether a and b share no byte.
func disjoint(a, b *ByteSet) bool {
	for c := range a {
		if a[c] && b[c] {
			return false
		}
	}
	return true
}

// HeadGateOf works out the head gate of a pattern: its class (a byte set
// for ASCII, and all bytes from 0x80 in it or none) and the pairs; ok is
// false when the pattern has no such gate.
func HeadGateOf(pattern string) (class ByteSet, alts []headAlt, ok bool) {
	re, err := SimplifiedOf(pattern)
	if err != nil {
		return class, nil, false
	}
	elems := flatConcat(re)
	if len(elems) < 2 || elems[0].Op != syntax.OpBeginText {
		return class, nil, false
	}
	elems = elems[1:]
	at := -1
	for i, e := range elems {
		if c, ok := runClass(e); ok {
			class, at = c, i
			break
		}
	}
	if at < 0 {
		return class, nil, false
	}
	for _, e := range elems[:at] {
		if !classOnly(e, &class) {
			return class, nil, false
		}
	}
	alts, ok = headAlts(elems[at:], &class)
	return class, alts, ok
}

// flatConcat is the sequence re matches, captures and nested sequences
// opened up.
func flatConcat(re *syntax.Regexp) []*syntax.Regexp {
	switch re.Op {
	case syntax.OpCapture:
		return flatConcat(re.Sub[0])
	case syntax.OpConcat:
		var out []*syntax.Regexp
		for _, s := range re.Sub {
			out = append(out, flatConcat(s)...)
		}
		return out
	}
	return []*syntax.Regexp{re}
}

// headAlts walks elems, the part of a pattern from its first run of the
// class: strings that must end l[:i] are kept while the elements are
// literal and in the class; a literal with a byte outside the class gives
// the pairs; an element of class bytes only that is not a few literals
// (\d+) forgets what came before. Anything else gives no gate.
func headAlts(elems []*syntax.Regexp, class *ByteSet) ([]headAlt, bool) {
	before := []string{""}
	var alts []headAlt
	// reset is the element before the strings of before: the steps
	// before a pair walk back from it to the class's run (elems[0]).
	reset := 0
	for j, e := range elems {
		lits, finite := literalSet(e)
		if finite && len(before)*len(lits) <= maxHeadLits {
			var next []string
			for _, b := range before {
				for _, s := range lits {
					t := b + s
					if m := outside(t, class); m >= 0 {
						alts = append(alts, headAlt{Pre: t[:m], Post: t[m:], Tail: tailOf(elems[j+1:]), Back: backOf(elems[1 : reset+1])})
					} else {
						next = append(next, t)
					}
				}
			}
			if len(next) == 0 {
				return alts, true
			}
			before = next
			continue
		}
		if !classOnly(e, class) {
			return nil, false
		}
		before, reset = []string{""}, j
	}
	return nil, false
}

// outside is the index of t's first byte outside class, -1 when none.
func outside(t string, class *ByteSet) int {
	for i := 0; i < len(t); i++ {
		if !class[t[i]] {
			return i
		}
	}
	return -1
}

// runClass is the byte set of e when e is a run of a character class
// (x*, x+, x{n,m}) that holds every rune from 0x80 or none of them.
func runClass(e *syntax.Regexp) (ByteSet, bool) {
	var set ByteSet
	switch e.Op {
	case syntax.OpStar, syntax.OpPlus, syntax.OpRepeat:
	default:
		return set, false
	}
	c := e.Sub[0]
	if c.Op != syntax.OpCharClass {
		return set, false
	}
	high := classHigh(c.Rune)
	if high < 0 {
		return set, false
	}
	set.addClass(c.Rune, func(byte) bool { return true })
	for b := 0x80; b < 0x100; b++ {
		set[b] = high == 1
	}
	return set, true
}

// classHigh is 1 when ranges hold every rune from 0x80 up (and so every
// byte of an encoding and the U+FFFD an invalid byte reads as), 0 when they
// hold none of them, -1 otherwise.
func classHigh(ranges []rune) int {
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		if hi < 0x80 {
			continue
		}
		if lo <= 0x80 && hi >= utf8.MaxRune && i+2 == len(ranges) {
			return 1
		}
		return -1
	}
	return 0
}

// literalSet is every string e matches, when they are few and ASCII,
// without case folding.
func literalSet(e *syntax.Regexp) ([]string, bool) {
	switch e.Op {
	case syntax.OpEmptyMatch:
		return []string{""}, true
	case syntax.OpLiteral:
		if e.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		for _, r := range e.Rune {
			if r >= utf8.RuneSelf {
				return nil, false
			}
		}
		return []string{string(e.Rune)}, true
	case syntax.OpCharClass:
		return classStrings(e.Rune)
	case syntax.OpCapture:
		return literalSet(e.Sub[0])
	case syntax.OpQuest:
		s, ok := literalSet(e.Sub[0])
		return append([]string{""}, s...), ok && len(s) < maxHeadLits
	case syntax.OpAlternate:
		return altLiterals(e.Sub)
	case syntax.OpConcat:
		return concatLiterals(e.Sub)
	}
	return nil, false
}

// altLiterals is literalSet of an alternation of subs.
func altLiterals(subs []*syntax.Regexp) ([]string, bool) {
	var out []string
	for _, sub := range subs {
		s, ok := literalSet(sub)
		if !ok || len(out)+len(s) > maxHeadLits {
			return nil, false
		}
		out = append(out, s...)
	}
	return out, true
}

// concatLiterals is literalSet of a sequence of subs.
func concatLiterals(subs []*syntax.Regexp) ([]string, bool) {
	return crossLiterals(subs, literalSet, maxHeadLits)
}

// crossLiterals is the strings a sequence of subs matches, each sub's
// strings given by set: each of the first's followed by each of the rest's,
// in the order set gives them. It fails when a sub's set does, or past max
// strings. (The head gates and the sure matches read a sub's set each in
// their own way, and put the sets together this one way.)
func crossLiterals(subs []*syntax.Regexp, set func(*syntax.Regexp) ([]string, bool), max int) ([]string, bool) {
	out := []string{""}
	for _, sub := range subs {
		s, ok := set(sub)
		if !ok || len(out)*len(s) > max {
			return nil, false
		}
		next := make([]string, 0, len(out)*len(s))
		for _, a := range out {
			for _, b := range s {
				next = append(next, a+b)
			}
		}
		out = next
	}
	return out, true
}

// classStrings is each rune of a class of a few ASCII runes, as a string.
func classStrings(ranges []rune) ([]string, bool) {
	var out []string
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i+1] >= utf8.RuneSelf || len(out)+int(ranges[i+1]-ranges[i]) >= 16 {
			return nil, false
		}
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			out = append(out, string(r))
		}
	}
	return out, true
}

// classOnly reports whether every byte every match of e covers is in
// class.
func classOnly(e *syntax.Regexp, class *ByteSet) bool {
	switch e.Op {
	case syntax.OpEmptyMatch:
		return true
	case syntax.OpLiteral:
		if e.Flags&syntax.FoldCase != 0 {
			return false
		}
		for _, r := range e.Rune {
			if r >= utf8.RuneSelf || !class[r] {
				return false
			}
		}
		return true
	case syntax.OpCharClass:
		var set ByteSet
		set.addClass(e.Rune, func(byte) bool { return true })
		if classHigh(e.Rune) != 0 && !class[0x80] {
			return false
		}
		for b := 0; b < utf8.RuneSelf; b++ {
			if set[b] && !class[b] {
				return false
			}
		}
		return true
	case syntax.OpCapture, syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		return classOnly(e.Sub[0], class)
	case syntax.OpConcat, syntax.OpAlternate:
		for _, s := range e.Sub {
			if !classOnly(s, class) {
				return false
			}
		}
		return true
	}
	return false
}

// headInfo is a pattern's head gate as headGateOf gives it.
type headInfo struct {
	Class ByteSet
	Alts  []headAlt
	ok    bool
}

// HeadGatesOf caches headGateOf by pattern: every scan builds a claim
// index.
var HeadGatesOf sync.Map // pattern -> headInfo

// headGateOfCached is headGateOf(pattern), worked out once.
func headGateOfCached(pattern string) (ByteSet, []headAlt, bool) {
	if v, ok := HeadGatesOf.Load(pattern); ok {
		h := v.(headInfo)
		return h.Class, h.Alts, h.ok
	}
	var h headInfo
	h.Class, h.Alts, h.ok = HeadGateOf(pattern)
	HeadGatesOf.Store(pattern, h)
	return h.Class, h.Alts, h.ok
}
