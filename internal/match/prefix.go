package match

import (
	"math"
	"regexp/syntax"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/fastre"
)

// PrefixFilter is what a line must hold at its start for a pattern anchored
// there (^ without (?m)) to match: at least min bytes, and at each offset
// of at a byte of that offset's set; or, shorter, a length in endAt, where
// the pattern may end with $ ('^$' matches only the empty line). Most rules
// are anchored and most say at once what their first bytes are (mocha's
// ' {7,}', gcc's '^make'): two or three table look-ups turn away most lines
// that no regexp needs to see. The zero filter passes every line.
type PrefixFilter struct {
	Min   int
	EndAt uint32 // bit n: a line of n bytes may match
	At    []byteAt
}

// byteAt is the set of bytes a matching line may have at offset off.
type byteAt struct {
	Off int
	Set PrefixSet
}

// PrefixSet is a set of bytes, a bit each (detection's gates use byteSet,
// a flag a byte, where a look-up matters more than size).
type PrefixSet [4]uint64

func (s *PrefixSet) Add(b byte)      { s[b>>6] |= 1 << (b & 63) }
func (s *PrefixSet) Has(b byte) bool { return s[b>>6]&(1<<(b&63)) != 0 }
func (s *PrefixSet) full() bool {
	return s[0]&s[1]&s[2]&s[3] == ^uint64(0)
}

// maxPrefix bounds the offsets a prefix filter looks at: past it the sets
// of most patterns are wide, and each look-up costs a little.
const maxPrefix = 16

// May reports whether the pattern the filter was made from may match line:
// false only when it cannot.
func (f *PrefixFilter) May(line string) bool {
	n := len(line)
	if n < f.Min && (n > maxPrefix || f.EndAt&(1<<n) == 0) {
		return false
	}
	for i := range f.At {
		// Offsets ascend; a line shorter than min (one that may end
		// the match at its end) is checked as far as it goes.
		if f.At[i].Off >= n {
			break
		}
		if !f.At[i].Set.Has(line[f.At[i].Off]) {
			return false
		}
	}
	return true
}

// PrefixOf works out the prefix filter of pattern from its compiled
// program: it walks every path of the program from its start, a byte at a
// time, as if every byte could come next, and gathers the bytes each step's
// instructions accept. That over-counts what may match (so the filter can
// only pass too much, never turn away a match) and stops where a match may
// end (but for at the end of the line: endAt) or a rune wider than a byte
// may come (past it, offsets in runes and in bytes part). Unanchored
// patterns get the zero filter.
func PrefixOf(pattern string) PrefixFilter {
	re, err := SimplifiedOf(pattern)
	if err != nil {
		return PrefixFilter{}
	}
	return PrefixOfRegexp(re)
}

// PrefixOfRegexp is prefixOf for a parsed pattern.
func PrefixOfRegexp(re *syntax.Regexp) PrefixFilter {
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return PrefixFilter{}
	}
	if !AnchoredProg(prog) {
		return PrefixFilter{}
	}
	start := []uint32{uint32(prog.Start)}
	var f PrefixFilter
	c := closure(prog, start, true)
	for off := 0; ; off++ {
		if c.atEnd {
			f.EndAt |= 1 << off
		}
		switch {
		case c.free || off == maxPrefix:
			f.Min = off
			return f
		case len(c.runes) == 0:
			// No longer line can match.
			f.Min = math.MaxInt
			return f
		}
		set, wide := accepted(prog, c.runes)
		if !set.full() {
			f.At = append(f.At, byteAt{Off: off, Set: set})
		}
		if wide {
			f.Min = off + 1
			return f
		}
		next := make([]uint32, 0, len(c.runes))
		for _, pc := range c.runes {
			next = append(next, prog.Inst[pc].Out)
		}
		c = closure(prog, next, false)
	}
}

// reach is what a program can get to from some instructions without
// reading a byte: rune instructions, the end of a match (free), and the
// end of a match only at the end of the text (atEnd, past a $).
type reach struct {
	runes       []uint32
	free, atEnd bool
}

// AnchoredProg reports whether every match of prog starts at offset 0: a
// match may start past it when some path from the start gets to a rune or
// the end without passing ^.
func AnchoredProg(prog *syntax.Prog) bool {
	c := closure(prog, []uint32{uint32(prog.Start)}, false)
	return !c.free && !c.atEnd && len(c.runes) == 0
}

// closure is what prog reaches from pcs without reading a byte. ^ (begin of
// text) is passed only at offset 0 (atStart); $ (end of text) only to an
// end of the match, as nothing can be read past it; every other
// empty-width test is taken to hold.
func closure(prog *syntax.Prog, pcs []uint32, atStart bool) reach {
	var r reach
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
			op := syntax.EmptyOp(inst.Arg)
			switch {
			case op&syntax.EmptyBeginText != 0 && !atStart:
			case op&syntax.EmptyEndText != 0:
				r.atEnd = r.atEnd || endsFrom(prog, inst.Out)
			default:
				stack = append(stack, inst.Out)
			}
		case syntax.InstMatch:
			r.free = true
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			r.runes = append(r.runes, pc)
		}
	}
	return r
}

// endsFrom says whether prog can get from pc to the end of a match without
// reading a byte.
func endsFrom(prog *syntax.Prog, pc uint32) bool {
	seen := make([]bool, len(prog.Inst))
	stack := []uint32{pc}
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
		case syntax.InstCapture, syntax.InstNop, syntax.InstEmptyWidth:
			stack = append(stack, inst.Out)
		case syntax.InstMatch:
			return true
		}
	}
	return false
}

// accepted is the set of first bytes the rune instructions pcs accept, and
// whether one of them accepts a rune of more than one byte (all of 0x80 to
// 0xFF are in the set then: any lead byte, or an invalid byte read as
// U+FFFD).
func accepted(prog *syntax.Prog, pcs []uint32) (set PrefixSet, wide bool) {
	for _, pc := range pcs {
		inst := &prog.Inst[pc]
		AddASCII(&set, inst)
		wide = wide || acceptsWide(inst)
	}
	if wide {
		for b := utf8.RuneSelf; b < 256; b++ {
			set.Add(byte(b))
		}
	}
	return set, wide
}

// AddASCII adds to set the ASCII bytes rune instruction inst accepts
// (fastre.ASCIIClass: read from its ranges, not asked of MatchRune byte by
// byte, which was a quarter of the time a profile's patterns took to
// compile, in front of every small run).
func AddASCII(set *PrefixSet, inst *syntax.Inst) {
	a := fastre.ASCIIClass(inst)
	set[0] |= a[0]
	set[1] |= a[1]
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
