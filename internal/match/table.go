package match

import "math/bits"

// A pipe builds a claim index before it reads a line (buildIndexAhead), and
// working out each signature's gates from its pattern (parsing it, its head
// gate, the fewest bytes a line it matches holds) was most of that build,
// and of a small pipe's whole run. The built-in profiles' are
// worked out when their table is generated, as their literals are
// (Detect.Claims), and held in Detect.Gates; a user's profile's are worked
// out when an index is built, as before. Both ways give the same gates:
// TestTableGatesAreWorkedOut compares them for every built-in signature.

// SigGate is what a claim index reads of a detection pattern besides its
// literals, in a form a Go table holds: its gate (gateOf), the fewest bytes
// a line it matches holds (minBytesOf) and its head gate (headGateOf).
type SigGate struct {
	// First, FirstNW and Last are the gate's byte sets as four words of
	// bits (byte c is bit c%64 of word c/64), nil where the gate has none.
	First, FirstNW, Last []uint64
	// Next is the bytes of the gate's next set, nil where it has none;
	// NextEnd says whether the set allows the line's end.
	Next    []uint64
	NextEnd bool
	// Indents is the gate's indent mask.
	Indents uint32
	// MinBytes is the fewest bytes of a line the pattern matches.
	MinBytes int
	// Head is the pattern's head gate, nil where it has none.
	Head *SigHead
}

// SigHead is a head gate: the class whose first byte outside it a line is
// read at, and the (pre, post) pairs one of which must be around it.
type SigHead struct {
	Class []uint64
	Alts  []SigHeadAlt
}

// SigHeadAlt is a headAlt: its pair and the steps after post (Tail) and
// before pre (Back).
type SigHeadAlt struct {
	Pre, Post  string
	Tail, Back []SigStep
}

// SigStep is a tailStep: from Min to Max bytes of Set.
type SigStep struct {
	Set      []uint64
	Min, Max int
}

// SigGateOf works pattern's gates out.
func SigGateOf(pattern string) SigGate {
	g := GateOf(pattern)
	s := SigGate{First: WordsOf(g.First), FirstNW: WordsOf(g.FirstNW), Last: WordsOf(g.Last),
		Indents: g.Indents, MinBytes: MinBytesOf(pattern)}
	if g.Next != nil {
		s.Next, s.NextEnd = g.Next.Bytes[:], g.Next.End
	}
	if class, alts, ok := HeadGateOf(pattern); ok {
		s.Head = &SigHead{Class: WordsOf(&class)}
		for _, a := range alts {
			s.Head.Alts = append(s.Head.Alts, SigHeadAlt{Pre: a.Pre, Post: a.Post, Tail: tableSteps(a.Tail), Back: tableSteps(a.Back)})
		}
	}
	return s
}

// GateFor is pattern's gate: t's when the table holds it (t not nil), else
// worked out; either is kept for the next index.
func GateFor(pattern string, t *SigGate) *Gate {
	if t == nil {
		return GateOf(pattern)
	}
	if g, ok := Gates.Load(pattern); ok {
		return g.(*Gate)
	}
	g := &Gate{First: setOf(t.First), FirstNW: setOf(t.FirstNW), Last: setOf(t.Last), Indents: t.Indents}
	if t.Next != nil {
		g.Next = &nextSet{Bytes: byteBits(t.Next), End: t.NextEnd}
	}
	Gates.Store(pattern, g)
	return g
}

// MinBytesFor is minBytesOf(pattern), as t holds it when not nil.
func MinBytesFor(pattern string, t *SigGate) int {
	if t == nil {
		return MinBytesOf(pattern)
	}
	return t.MinBytes
}

// HeadGateFor is headGateOfCached(pattern), as t holds it when not nil.
func HeadGateFor(pattern string, t *SigGate) (ByteSet, []headAlt, bool) {
	if t == nil {
		return headGateOfCached(pattern)
	}
	if t.Head == nil {
		return ByteSet{}, nil, false
	}
	if v, ok := HeadGatesOf.Load(pattern); ok {
		h := v.(headInfo)
		return h.Class, h.Alts, h.ok
	}
	h := headInfo{Class: *setOf(t.Head.Class), ok: true}
	for _, a := range t.Head.Alts {
		h.Alts = append(h.Alts, headAlt{Pre: a.Pre, Post: a.Post, Tail: stepsFrom(a.Tail), Back: stepsFrom(a.Back)})
	}
	HeadGatesOf.Store(pattern, h)
	return h.Class, h.Alts, h.ok
}

// WordsOf is set as four words of bits, nil for nil.
func WordsOf(set *ByteSet) []uint64 {
	if set == nil {
		return nil
	}
	w := make([]uint64, 4)
	for c, in := range set {
		if in {
			w[c/64] |= 1 << (c % 64)
		}
	}
	return w
}

// setOf is the byte set of four words of bits, nil for nil. It visits the
// bits a word has set, or those it has clear when it has fewer of them (a
// class such as [^\s:]): a byte at a time, the sets of an index's tail
// steps were a fifth of a cold index's build.
func setOf(w []uint64) *ByteSet {
	if w == nil {
		return nil
	}
	set := new(ByteSet)
	for i, word := range w[:4] {
		in, part := true, set[i*64:][:64]
		if bits.OnesCount64(word) > 32 {
			for c := range part {
				part[c] = true
			}
			in, word = false, ^word
		}
		for ; word != 0; word &= word - 1 {
			part[bits.TrailingZeros64(word)] = in
		}
	}
	return set
}

// tableSteps is steps as the table holds them.
func tableSteps(steps []TailStep) []SigStep {
	var out []SigStep
	for _, s := range steps {
		out = append(out, SigStep{Set: WordsOf(&s.Set), Min: s.Min, Max: s.Max})
	}
	return out
}

// stepsFrom is the tailSteps the table holds as steps.
func stepsFrom(steps []SigStep) []TailStep {
	var out []TailStep
	for _, s := range steps {
		out = append(out, TailStep{Set: *setOf(s.Set), Min: s.Min, Max: s.Max})
	}
	return out
}
