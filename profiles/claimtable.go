package profiles

import "math/bits"

// A pipe builds a claim index before it reads a line (buildIndexAhead), and
// working out each signature's gates from its pattern (parsing it, its head
// gate, the fewest bytes a line it matches holds) was most of that build:
// 1.2 ms of 1.4 in a warm loop, and more in a fresh process, where a small
// pipe's whole run took 8 ms against 4 with -p. The built-in profiles' are
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

// WorkOutGates sets p.Detect.Gates from p's detection patterns. The
// generator of the built-in table calls it; a profile without them has its
// gates worked out when a claim index is built.
func (p *Profile) WorkOutGates() {
	p.Detect.Gates = nil
	for _, pattern := range p.Detect.Text {
		p.Detect.Gates = append(p.Detect.Gates, sigGateOf(pattern))
	}
}

// tableGate is the gates of p's signature i that p's table holds, nil when
// it holds none (or not one for each signature: not the table's).
func (p *Profile) tableGate(i int) *SigGate {
	if len(p.Detect.Gates) == len(p.Detect.Text) {
		return &p.Detect.Gates[i]
	}
	return nil
}

// sigGateOf works pattern's gates out.
func sigGateOf(pattern string) SigGate {
	g := gateOf(pattern)
	s := SigGate{First: wordsOf(g.first), FirstNW: wordsOf(g.firstNW), Last: wordsOf(g.last),
		Indents: g.indents, MinBytes: minBytesOf(pattern)}
	if g.next != nil {
		s.Next, s.NextEnd = g.next.bytes[:], g.next.end
	}
	if class, alts, ok := headGateOf(pattern); ok {
		s.Head = &SigHead{Class: wordsOf(&class)}
		for _, a := range alts {
			s.Head.Alts = append(s.Head.Alts, SigHeadAlt{Pre: a.pre, Post: a.post, Tail: tableSteps(a.tail), Back: tableSteps(a.back)})
		}
	}
	return s
}

// gateFor is pattern's gate: t's when the table holds it (t not nil), else
// worked out; either is kept for the next index.
func gateFor(pattern string, t *SigGate) *gate {
	if t == nil {
		return gateOf(pattern)
	}
	if g, ok := gates.Load(pattern); ok {
		return g.(*gate)
	}
	g := &gate{first: setOf(t.First), firstNW: setOf(t.FirstNW), last: setOf(t.Last), indents: t.Indents}
	if t.Next != nil {
		g.next = &nextSet{bytes: byteBits(t.Next), end: t.NextEnd}
	}
	gates.Store(pattern, g)
	return g
}

// minBytesFor is minBytesOf(pattern), as t holds it when not nil.
func minBytesFor(pattern string, t *SigGate) int {
	if t == nil {
		return minBytesOf(pattern)
	}
	return t.MinBytes
}

// headGateFor is headGateOfCached(pattern), as t holds it when not nil.
func headGateFor(pattern string, t *SigGate) (byteSet, []headAlt, bool) {
	if t == nil {
		return headGateOfCached(pattern)
	}
	if t.Head == nil {
		return byteSet{}, nil, false
	}
	if v, ok := headGatesOf.Load(pattern); ok {
		h := v.(headInfo)
		return h.class, h.alts, h.ok
	}
	h := headInfo{class: *setOf(t.Head.Class), ok: true}
	for _, a := range t.Head.Alts {
		h.alts = append(h.alts, headAlt{pre: a.Pre, post: a.Post, tail: stepsFrom(a.Tail), back: stepsFrom(a.Back)})
	}
	headGatesOf.Store(pattern, h)
	return h.class, h.alts, h.ok
}

// wordsOf is set as four words of bits, nil for nil.
func wordsOf(set *byteSet) []uint64 {
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
func setOf(w []uint64) *byteSet {
	if w == nil {
		return nil
	}
	set := new(byteSet)
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
func tableSteps(steps []tailStep) []SigStep {
	var out []SigStep
	for _, s := range steps {
		out = append(out, SigStep{Set: wordsOf(&s.set), Min: s.min, Max: s.max})
	}
	return out
}

// stepsFrom is the tailSteps the table holds as steps.
func stepsFrom(steps []SigStep) []tailStep {
	var out []tailStep
	for _, s := range steps {
		out = append(out, tailStep{set: *setOf(s.Set), min: s.Min, max: s.Max})
	}
	return out
}
