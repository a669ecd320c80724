package profiles

import (
	"regexp/syntax"
	"unicode/utf8"
)

// prefixFilter is what a line must hold at its start for a pattern anchored
// there (^ without (?m)) to match: at least min bytes, and at each offset
// of at a byte of that offset's set. Most rules are anchored and most say
// at once what their first bytes are (mocha's ' {7,}', gcc's '^make'): two
// or three table look-ups turn away most lines that no regexp needs to see.
// The zero filter passes every line.
type prefixFilter struct {
	min int
	at  []byteAt
}

// byteAt is the set of bytes a matching line may have at offset off.
type byteAt struct {
	off int
	set byteSet
}

// byteSet is a set of bytes, a bit each.
type byteSet [4]uint64

func (s *byteSet) add(b byte)     { s[b>>6] |= 1 << (b & 63) }
func (s *byteSet) has(b byte) bool { return s[b>>6]&(1<<(b&63)) != 0 }
func (s *byteSet) full() bool {
	return s[0]&s[1]&s[2]&s[3] == ^uint64(0)
}

// maxPrefix bounds the offsets a prefix filter looks at: past it the sets
// of most patterns are wide, and each look-up costs a little.
const maxPrefix = 16

// may reports whether the pattern the filter was made from may match line:
// false only when it cannot.
func (f *prefixFilter) may(line string) bool {
	if len(line) < f.min {
		return false
	}
	for i := range f.at {
		if !f.at[i].set.has(line[f.at[i].off]) {
			return false
		}
	}
	return true
}

// prefixOf works out the prefix filter of pattern from its compiled
// program: it walks every path of the program from its start, a byte at a
// time, as if every byte could come next, and gathers the bytes each step's
// instructions accept. That over-counts what may match (so the filter can
// only pass too much, never turn away a match) and stops where a match may
// end or a rune wider than a byte may come (past it, offsets in runes and
// in bytes part). Unanchored patterns get the zero filter.
func prefixOf(pattern string) prefixFilter {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return prefixFilter{}
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return prefixFilter{}
	}
	// A match may start past offset 0 when some path from the start gets
	// to a rune or the end without passing ^.
	if pcs, match := closure(prog, []uint32{uint32(prog.Start)}, false); match || len(pcs) > 0 {
		return prefixFilter{}
	}
	var f prefixFilter
	pcs, match := closure(prog, []uint32{uint32(prog.Start)}, true)
	for off := 0; off < maxPrefix && !match && len(pcs) > 0; off++ {
		set, wide := accepted(prog, pcs)
		f.min = off + 1
		if !set.full() {
			f.at = append(f.at, byteAt{off: off, set: set})
		}
		if wide {
			break
		}
		next := make([]uint32, 0, len(pcs))
		for _, pc := range pcs {
			next = append(next, prog.Inst[pc].Out)
		}
		pcs, match = closure(prog, next, false)
	}
	return f
}

// closure is the rune instructions reachable from pcs without reading a
// byte, and whether the end of a match is; ^ (begin of text) is passed only
// at offset 0 (atStart), every other empty-width test is taken to hold.
func closure(prog *syntax.Prog, pcs []uint32, atStart bool) (runes []uint32, match bool) {
	seen := make([]bool, len(prog.Inst))
	stack := append([]uint32(nil), pcs...)
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] {
			continue
		}
		seen[pc] = true
		inst := &prog.Inst[pc]
		switch inst.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, inst.Out, inst.Arg)
		case syntax.InstCapture, syntax.InstNop:
			stack = append(stack, inst.Out)
		case syntax.InstEmptyWidth:
			if atStart || syntax.EmptyOp(inst.Arg)&syntax.EmptyBeginText == 0 {
				stack = append(stack, inst.Out)
			}
		case syntax.InstMatch:
			match = true
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			runes = append(runes, pc)
		}
	}
	return runes, match
}

// accepted is the set of first bytes the rune instructions pcs accept, and
// whether one of them accepts a rune of more than one byte (all of 0x80 to
// 0xFF are in the set then: any lead byte, or an invalid byte read as
// U+FFFD).
func accepted(prog *syntax.Prog, pcs []uint32) (set byteSet, wide bool) {
	for _, pc := range pcs {
		inst := &prog.Inst[pc]
		for b := range utf8.RuneSelf {
			if inst.MatchRune(rune(b)) {
				set.add(byte(b))
			}
		}
		wide = wide || acceptsWide(inst)
	}
	if wide {
		for b := utf8.RuneSelf; b < 256; b++ {
			set.add(byte(b))
		}
	}
	return set, wide
}

// acceptsWide says whether a rune instruction may accept a rune outside
// ASCII: any but a plain ASCII rune or ranges within ASCII (a case-folded
// 'k' also matches the Kelvin sign).
func acceptsWide(inst *syntax.Inst) bool {
	if inst.Op != syntax.InstRune && inst.Op != syntax.InstRune1 {
		return true
	}
	if syntax.Flags(inst.Arg)&syntax.FoldCase != 0 {
		return true
	}
	for _, r := range inst.Rune {
		if r >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
