package match

import "regexp/syntax"

// The byte after a line's first byte other than whitespace, and the
// length of its indent, tell apart lines the other edges of a gate let
// through: cargo's "  --> src/a.rs:1:2" and a diff line of mocha's,
// "      -  206", both start with "-" after their indent and end in a
// digit, and were a third of the lines of a failing mocha run that a claim
// had to check; mocha's "      AssertionError ...:" ends in a colon as its
// titles do, which are indented 7 spaces or more. seqGates works both out
// from the pattern: a pattern is flattened into sequences of characters,
// one a branch, as far as they are plain (literals, classes, a character
// repeated), and the sequences are read over an indent and one byte.

// seqItem is a character of a flattened pattern: the bytes it starts with,
// and whether it may repeat or be left out (star).
type seqItem struct {
	Set  byteBits
	star bool
}

// byteBits is a set of bytes as bits: a flattened pattern's items are
// copied at each alternation, and a claim index is built in front of
// every pipe.
type byteBits [4]uint64

func (b *byteBits) Has(c int) bool { return b[c>>6]&(1<<(c&63)) != 0 }

// highBits is every byte past ASCII.
var highBits = byteBits{0, 0, ^uint64(0), ^uint64(0)}

// runeBits is the bytes r can start with in text matched against it, as
// byteSet.addRune gives them.
func runeBits(r rune, fold bool) byteBits {
	var b byteBits
	if r >= 0x80 || fold {
		b = highBits
	}
	if r < 0x80 {
		b.Add(int(r))
		if fold && (r|0x20 >= 'a' && r|0x20 <= 'z') {
			b.Add(int(r ^ 0x20))
		}
	}
	return b
}

// classBits is the bytes a rune of a class's ranges can start with, as
// byteSet.addClass gives them.
func classBits(ranges []rune) byteBits {
	var b byteBits
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r < 0x80; r++ {
			b.Add(int(r))
		}
		if ranges[i+1] >= 0x80 {
			b[2], b[3] = highBits[2], highBits[3]
		}
	}
	return b
}

func (b *byteBits) Add(c int) { b[c>>6] |= 1 << (c & 63) }

// wsBitsWord is the whitespace bytes, as bits of a byteBits' first word.
const wsBitsWord = 1<<' ' | 1<<'\t' | 1<<'\n' | 1<<'\v' | 1<<'\f' | 1<<'\r'

// anyASCIINonWS reports whether b holds an ASCII byte other than
// whitespace.
func (b *byteBits) anyASCIINonWS() bool { return b[0]&^wsBitsWord != 0 || b[1] != 0 }

// anyNonWS reports whether b holds a byte other than whitespace.
func (b *byteBits) anyNonWS() bool { return b.anyASCIINonWS() || b[2]|b[3] != 0 }

// patSeq is a branch of a flattened pattern: its items, then the end of
// the text (end) or anything (neither end nor more known: the pattern goes
// on in a way not flattened, or its match ends without $).
type patSeq struct {
	items []seqItem
	// done is set once nothing more is added: after $, or where the
	// pattern was not flattened further.
	done, End bool
}

// Bounds on flattening: past them a branch ends open, which lets anything
// through.
const (
	maxSeqs     = 16
	maxSeqItems = 12
)

// nextSet is the bytes that may follow the first byte other than
// whitespace of a line a pattern matches, when that byte is ASCII, and
// whether the line may end there instead.
type nextSet struct {
	Bytes byteBits
	End   bool
}

// Allows reports whether the set allows c (256: the line's end).
func (n *nextSet) Allows(c int) bool {
	if c == 256 {
		return n.End
	}
	return n.Bytes.Has(c)
}

// IndentRows is the rows of an indent mask: an indent of 0 to 15 bytes,
// 16 or more, and none (a line of whitespace only, or an empty one).
const IndentRows = 18

// allIndents is the indent mask that lets every line through.
const allIndents = 1<<IndentRows - 1

// IndentRow is the row of an indent mask for line l, whose first byte
// other than whitespace is at ws (len(l): none).
func IndentRow(l string, ws int) int {
	if ws >= len(l) {
		return IndentRows - 1
	}
	return min(ws, IndentRows-2)
}

// seqGates is, for a pattern that matches from a line's start, the
// nextSet (nil when it tells nothing) and the mask of the indent rows of
// the lines it may match.
func seqGates(re *syntax.Regexp) (*nextSet, uint32) {
	if !anchored(re, false) {
		return nil, allIndents
	}
	next, indents := new(nextSet), uint32(1<<(IndentRows-1))
	for _, s := range flatten(re, []patSeq{{}}) {
		if next != nil && !s.nextBytes(next) {
			next = nil
		}
		indents |= s.Indents()
	}
	return next, indents
}

// flatten adds re to each of seqs.
func flatten(re *syntax.Regexp, seqs []patSeq) []patSeq {
	switch re.Op {
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			seqs = flatten(sub, seqs)
		}
		return seqs
	case syntax.OpCapture:
		return flatten(re.Sub[0], seqs)
	case syntax.OpAlternate:
		return flattenAlternate(re.Sub, seqs)
	case syntax.OpNoMatch:
		return nil
	case syntax.OpEmptyMatch, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		// Nothing, or an assertion: leaving it out lets more through.
		return seqs
	case syntax.OpBeginText, syntax.OpBeginLine, syntax.OpEndText:
		return flattenAnchor(re.Op, seqs)
	case syntax.OpLiteral:
		for _, r := range re.Rune[:min(len(re.Rune), maxSeqItems+1)] {
			seqs = addItems(seqs, seqItem{Set: runeBits(r, re.Flags&syntax.FoldCase != 0)})
		}
		return seqs
	}
	if it, ok := charItem(re); ok {
		return addItems(seqs, it)
	}
	return flattenRepeat(re, seqs)
}

// flattenAnchor is flatten of ^ or $: ^ past the start, where no match
// can be, ends a sequence open; $ ends it at the end of the text.
func flattenAnchor(op syntax.Op, seqs []patSeq) []patSeq {
	for i := range seqs {
		s := &seqs[i]
		switch {
		case op != syntax.OpEndText && len(s.items) > 0:
			s.done = true
		case op == syntax.OpEndText && !s.done:
			s.done, s.End = true, true
		}
	}
	return seqs
}

// flattenRepeat is flatten of a character repeated (an item and a star),
// of a part that may be left out (go vet's "(\./)?": the part, or
// nothing), and of anything else (the sequences end open).
func flattenRepeat(re *syntax.Regexp, seqs []patSeq) []patSeq {
	if sub, ok := repeatOf(re); ok {
		it, one := charItem(sub)
		switch {
		case !one && re.Op == syntax.OpQuest:
			return flattenAlternate([]*syntax.Regexp{sub, {Op: syntax.OpEmptyMatch}}, seqs)
		case one:
			star := it
			star.star = true
			if re.Op == syntax.OpPlus || re.Op == syntax.OpRepeat && re.Min > 0 {
				return addItems(seqs, it, star)
			}
			return addItems(seqs, star)
		}
	}
	for i := range seqs {
		seqs[i].done = true
	}
	return seqs
}

// flattenAlternate is flatten of an alternation of subs: each added to
// copies of seqs; past maxSeqs, seqs end open instead.
func flattenAlternate(subs []*syntax.Regexp, seqs []patSeq) []patSeq {
	var out []patSeq
	for _, sub := range subs {
		cp := make([]patSeq, len(seqs))
		for i, s := range seqs {
			cp[i] = patSeq{items: append(make([]seqItem, 0, maxSeqItems), s.items...), done: s.done, End: s.End}
		}
		out = append(out, flatten(sub, cp)...)
		if len(out) > maxSeqs {
			for i := range seqs {
				seqs[i].done = true
			}
			return seqs
		}
	}
	return out
}

// repeatOf is the repeated part of a star, plus, quest or repeat.
func repeatOf(re *syntax.Regexp) (*syntax.Regexp, bool) {
	switch re.Op {
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		return re.Sub[0], true
	}
	return nil, false
}

// charItem is the item of a pattern that is one character.
func charItem(re *syntax.Regexp) (seqItem, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) != 1 {
			return seqItem{}, false
		}
		return seqItem{Set: runeBits(re.Rune[0], re.Flags&syntax.FoldCase != 0)}, true
	case syntax.OpCharClass:
		return seqItem{Set: classBits(re.Rune)}, true
	case syntax.OpAnyChar:
		return seqItem{Set: byteBits{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}}, true
	case syntax.OpAnyCharNotNL:
		return seqItem{Set: byteBits{^uint64(0) &^ (1 << '\n'), ^uint64(0), ^uint64(0), ^uint64(0)}}, true
	}
	return seqItem{}, false
}

// addItems adds its to each of seqs not done; a sequence at maxSeqItems
// is done (open) instead.
func addItems(seqs []patSeq, its ...seqItem) []patSeq {
	for i := range seqs {
		s := &seqs[i]
		if s.done {
			continue
		}
		if len(s.items)+len(its) > maxSeqItems {
			s.done = true
			continue
		}
		if s.items == nil {
			s.items = make([]seqItem, 0, maxSeqItems)
		}
		s.items = append(s.items, its...)
	}
	return seqs
}

// seqShape is a patSeq as bits, one a place in its items (maxSeqItems
// keeps them in a word): the places of its stars, of its items that take
// a byte of whitespace, an ASCII byte other than whitespace, any byte
// other than whitespace; the place after the last item (n) and whether
// the match may end there and leave the line to anything (open).
type seqShape struct {
	star, ws, asciiNonWS, nonWS, n uint64
	open                           bool
}

func (s *patSeq) shape() seqShape {
	sh := seqShape{n: 1 << len(s.items), open: !s.End}
	for p := range s.items {
		it, bit := &s.items[p], uint64(1)<<p
		if it.star {
			sh.star |= bit
		}
		if it.Set[0]&wsBitsWord != 0 {
			sh.ws |= bit
		}
		if it.Set.anyASCIINonWS() {
			sh.asciiNonWS |= bit
		}
		if it.Set.anyNonWS() {
			sh.nonWS |= bit
		}
	}
	return sh
}

// closure is at with the places a star at one of them lets a match skip
// to.
func (sh *seqShape) closure(at uint64) uint64 {
	for {
		grown := at | (at&sh.star)<<1
		if grown == at {
			return at
		}
		at = grown
	}
}

// after is the places a match at one of at may be at after reading a byte
// that the items at mask take: from a star, the same; else the next.
func (sh *seqShape) after(at, mask uint64) uint64 {
	at &= mask
	return sh.closure(at&sh.star | (at&^sh.star)<<1)
}

// startsNonWS reports whether a match at one of at may read a byte other
// than whitespace next, or has ended and leaves the rest of the line to
// anything.
func (sh *seqShape) startsNonWS(at uint64) bool {
	return at&sh.nonWS != 0 || at&sh.n != 0 && sh.open
}

// nextBytes adds to set what may follow the first byte other than
// whitespace, when ASCII, of a line s matches from its start, and reports
// false when that may be anything.
func (s *patSeq) nextBytes(set *nextSet) bool {
	sh := s.shape()
	// at: the places a match may be at once it has read the indent (any
	// run of whitespace).
	at := sh.closure(1)
	for {
		grown := at | sh.after(at, sh.ws)
		if grown == at {
			break
		}
		at = grown
	}
	if at&sh.n != 0 && sh.open {
		return false
	}
	// One ASCII byte other than whitespace read (the places it may take a
	// match to, whichever byte it is: the union of the places each takes
	// it to, as the closure of a union is the union of the closures).
	after := sh.after(at, sh.asciiNonWS)
	if after&sh.n != 0 {
		if sh.open {
			return false
		}
		set.End = true
	}
	for q := range s.items {
		if after&(1<<q) != 0 {
			for w := range set.Bytes {
				set.Bytes[w] |= s.items[q].Set[w]
			}
		}
	}
	return true
}

// Indents is the mask of the indent rows (indentRow, but for the row of
// none) of the lines s may match.
func (s *patSeq) Indents() uint32 {
	sh := s.shape()
	var mask uint32
	at := sh.closure(1)
	var beyond uint64 // the places after 16 bytes of indent or more
	for k := 0; ; k++ {
		if k < IndentRows-2 {
			if sh.startsNonWS(at) {
				mask |= 1 << k
			}
		} else {
			if at|beyond == beyond {
				break
			}
			beyond |= at
		}
		at = sh.after(at, sh.ws)
	}
	if sh.startsNonWS(beyond) {
		mask |= 1 << (IndentRows - 2)
	}
	return mask
}

// anchored reports whether every match of re starts at the start of the
// text (atEnd: ends at its end). Only ^ and $ of the whole text count: (?m)
// line anchors are left alone, although a line holds no newline.
func anchored(re *syntax.Regexp, atEnd bool) bool {
	switch re.Op {
	case syntax.OpBeginText:
		return !atEnd
	case syntax.OpEndText:
		return atEnd
	case syntax.OpCapture:
		return anchored(re.Sub[0], atEnd)
	case syntax.OpConcat:
		if atEnd {
			return anchored(re.Sub[len(re.Sub)-1], atEnd)
		}
		return anchored(re.Sub[0], atEnd)
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			if !anchored(sub, atEnd) {
				return false
			}
		}
		return true
	}
	return false
}
