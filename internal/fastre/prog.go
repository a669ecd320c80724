package fastre

import (
	"regexp/syntax"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// The matcher runs the very program Go's regexp package runs (syntax.Compile
// of the simplified Perl parse), so the priority of every alternative, the
// loops and the captures are the same by construction; what differs is how it
// is run: bytes instead of runes where the text is ASCII, no visited bitmap
// for the short searches most lines are (a long one starts marking, and a
// step budget bounds the rest: past it the regexp package answers), whole
// runs of a character class taken in one scan, and alternatives that cannot
// get past their first character at a position never tried.

// Operations of a compiled instruction.
const (
	opFail    uint8 = iota
	opClass         // consume one character of a class
	opAlt           // try out, then arg
	opGreedy        // a greedy loop over one class: out is the class, arg the exit
	opLazy          // a lazy loop over one class: out is the exit, arg the class
	opCap           // record the position in capture slot arg
	opEmpty         // zero-width assertion (flags in empty)
	opNop           // go on to out
	opMatch         // the whole pattern matched
	opLit           // a run of ASCII characters (lit), each one instruction in Go's program
	opBounded       // x{0,n} over one class, greedy: chain are its n nested Alts, arg the exit
)

// inst is one instruction of the program, laid out for the matcher.
type inst struct {
	op       uint8
	out, arg uint32
	// ascii is the set of ASCII bytes an opClass instruction accepts (bit
	// c%64 of word c/64).
	ascii [2]uint64
	empty syntax.EmptyOp
	lit   string
	chain []uint32
	// possessive is set on an opGreedy whose exit cannot start with a
	// byte of its class: no shorter run can be followed by the exit, so
	// the loop leaves no entry to back off through (markPossessive).
	possessive bool
	// src is the instruction as Go compiled it: runes past ASCII are matched
	// by it, exactly as the regexp package matches them.
	src *syntax.Inst
}

// hasASCII reports whether the class holds ASCII byte c (c < 0x80).
func (in *inst) hasASCII(c byte) bool {
	return in.ascii[c>>6]&(1<<(c&63)) != 0
}

// matchRune reports whether the class holds rune r, as Go decides it.
func (in *inst) matchRune(r rune) bool {
	switch in.src.Op {
	case syntax.InstRune1:
		return r == in.src.Rune[0]
	case syntax.InstRuneAny:
		return true
	case syntax.InstRuneAnyNotNL:
		return r != '\n'
	}
	return in.src.MatchRune(r)
}

// program is a compiled pattern ready to run.
type program struct {
	insts []inst
	start uint32
	// anchored: only a match starting at 0 is possible (\A or ^ up front).
	anchored bool
	// first is the set of ASCII bytes a match can start with; firstHigh
	// says a match may start with a non-ASCII rune, canEmpty that it may
	// start by matching nothing (any position is then a candidate).
	first     [2]uint64
	firstHigh bool
	canEmpty  bool
	// firsts[pc] says which positions a path from pc can get past its
	// first step at: the matcher skips the alternatives that cannot.
	firsts []firstInfo
	// prefix is the literal every match of an unanchored program starts
	// with, as the regexp package works it out (prog.Prefix).
	prefix string
	// pre are the classes of the characters every match of an anchored
	// program starts with, one per character (see prefixSets).
	pre [][2]uint64
	// memo numbers the choice instructions (alternatives and loops) for
	// the visited bitmap; -1 for the others. nMemo is how many there are.
	memo  []int32
	nMemo int
	// emptyCycle: a choice can come back to itself without consuming
	// ((a*)*). Which of the paths round such a cycle the regexp package
	// cuts decides the captures, so the matcher marks visited states from
	// the first step, as it does, and keeps every loop an opAlt.
	emptyCycle bool
	// budgetScale is budgetPerByte (tests lower it).
	budgetScale int
	// spare is a backtrack stack left by the last search (see takeStack).
	spare atomic.Pointer[stackBuf]
}

// compileProg lays prog out for the matcher.
func compileProg(prog *syntax.Prog) *program {
	p := &program{insts: make([]inst, len(prog.Inst)), start: uint32(prog.Start), budgetScale: budgetPerByte}
	for i := range prog.Inst {
		p.insts[i] = convert(&prog.Inst[i])
	}
	p.emptyCycle = p.hasEmptyCycle()
	for i := range p.insts {
		if !p.emptyCycle {
			p.markGreedyLoop(uint32(i))
			p.markBounded(uint32(i))
		}
	}
	for i := range p.insts {
		p.markLiteral(uint32(i))
	}
	p.anchored = prog.StartCond()&syntax.EmptyBeginText != 0
	p.firstSet()
	if p.anchored {
		p.pre = p.prefixSets()
	} else {
		p.prefix, _ = prog.Prefix()
	}
	p.memo = make([]int32, len(p.insts))
	for i := range p.insts {
		p.memo[i] = -1
		if op := p.insts[i].op; op == opAlt || op == opGreedy || op == opLazy || op == opBounded {
			p.memo[i] = int32(p.nMemo)
			p.nMemo++
		}
	}
	p.firsts = make([]firstInfo, len(p.insts))
	seen := make([]uint32, len(p.insts))
	var stack []uint32
	for i := range p.insts {
		p.firsts[i], stack = p.firstFrom(uint32(i), seen, stack)
	}
	for i := range p.insts {
		p.markPossessive(uint32(i))
	}
	// The second bytes come from the first infos, all known by now; seen's
	// marks of the first pass are start+1 too, so it is cleared.
	clear(seen)
	for i := range p.insts {
		p.firsts[i].next, stack = p.secondFrom(uint32(i), seen, stack)
	}
	return p
}

// convert makes one instruction; classes get their ASCII bitmap from
// ASCIIClass, which reads the instruction's runes as Go's own MatchRune
// does, so that case folding and negation agree (the tests hold every
// class to MatchRune).
func convert(src *syntax.Inst) inst {
	in := inst{out: src.Out, arg: src.Arg, src: src}
	switch src.Op {
	case syntax.InstAlt, syntax.InstAltMatch:
		in.op = opAlt
	case syntax.InstCapture:
		in.op = opCap
	case syntax.InstEmptyWidth:
		in.op, in.empty = opEmpty, syntax.EmptyOp(src.Arg)
	case syntax.InstNop:
		in.op = opNop
	case syntax.InstMatch:
		in.op = opMatch
	case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
		in.op = opClass
		in.ascii = ASCIIClass(src)
	default:
		in.op = opFail
	}
	return in
}

// ASCIIClass is the set of ASCII bytes rune instruction inst accepts, a bit
// each (bit c&63 of word c>>6), read from its runes as
// syntax.Inst.MatchRune reads them: a single rune (and its case folds when
// the instruction folds case), else pairs of bounds. (Asking MatchRune of
// each of the 128 bytes was a fifth of what a profile's rules took to
// compile, in front of every small run.)
func ASCIIClass(inst *syntax.Inst) [2]uint64 {
	var set [2]uint64
	add := func(r rune) {
		if r >= 0 && r < utf8.RuneSelf {
			set[r>>6] |= 1 << (r & 63)
		}
	}
	rs := inst.Rune
	if len(rs) == 1 {
		add(rs[0])
		if syntax.Flags(inst.Arg)&syntax.FoldCase != 0 {
			for r := unicode.SimpleFold(rs[0]); r != rs[0]; r = unicode.SimpleFold(r) {
				add(r)
			}
		}
		return set
	}
	for i := 0; i+1 < len(rs); i += 2 {
		for r := max(rs[i], 0); r <= rs[i+1] && r < utf8.RuneSelf; r++ {
			add(r)
		}
	}
	return set
}

// markGreedyLoop turns the Alt of a greedy star or plus over one class
// (L: Alt(out=C, arg=exit); C: class -> L) into opGreedy, which the matcher
// runs as one scan of the run and one backtrack entry for all its lengths.
func (p *program) markGreedyLoop(pc uint32) {
	in := &p.insts[pc]
	if in.op != opAlt || in.src.Op != syntax.InstAlt {
		return
	}
	if c := &p.insts[in.out]; c.op == opClass && c.out == pc {
		in.op = opGreedy
	}
	if c := &p.insts[in.arg]; c.op == opClass && c.out == pc {
		in.op = opLazy
	}
}

// hasEmptyCycle reports whether an instruction can reach itself through
// instructions that consume nothing.
func (p *program) hasEmptyCycle() bool {
	// state: 0 unseen, 1 on the current path, 2 done.
	state := make([]uint8, len(p.insts))
	var walk func(pc uint32) bool
	walk = func(pc uint32) bool {
		switch state[pc] {
		case 1:
			return true
		case 2:
			return false
		}
		state[pc] = 1
		a, b, n := p.emptyEdges(pc)
		if (n > 0 && walk(a)) || (n > 1 && walk(b)) {
			return true
		}
		state[pc] = 2
		return false
	}
	for pc := range p.insts {
		if walk(uint32(pc)) {
			return true
		}
	}
	return false
}

// emptyEdges are the n (0 to 2) instructions pc goes on to without
// consuming: a, then b.
func (p *program) emptyEdges(pc uint32) (a, b uint32, n int) {
	in := &p.insts[pc]
	switch in.op {
	case opAlt, opGreedy, opLazy, opBounded:
		return in.out, in.arg, 2
	case opCap, opNop, opEmpty:
		return in.out, 0, 1
	}
	return 0, 0, 0
}

// maxPre bounds the prefix classes checked before a search.
const maxPre = 16

// prefixSets follows the start of the program while it has one way only
// (no alternative, loop or assertion but \A), collecting the class of
// each character it consumes: a line whose first characters are not in
// them cannot match, which most lines show in a byte or two.
func (p *program) prefixSets() [][2]uint64 {
	var pre [][2]uint64
	for pc := p.start; len(pre) < maxPre; {
		in := &p.insts[pc]
		switch {
		case in.op == opEmpty && in.empty == syntax.EmptyBeginText, in.op == opCap, in.op == opNop:
		case in.op == opClass:
			pre = append(pre, in.ascii)
		case in.op == opLit:
			for i := 0; i < len(in.lit); i++ {
				var set [2]uint64
				set[in.lit[i]>>6] |= 1 << (in.lit[i] & 63)
				pre = append(pre, set)
			}
		default:
			return pre
		}
		pc = in.out
	}
	return pre
}

// markBounded turns the outer Alt of a greedy x{0,n} over one class x
// (Go compiles it as nested x(x(x)?)?)?, every Alt's arg the same exit)
// into opBounded, run as one scan of at most n bytes and one backtrack
// entry for the shorter runs, as greedy loops are.
func (p *program) markBounded(pc uint32) {
	in := &p.insts[pc]
	if in.op != opAlt || in.src.Op != syntax.InstAlt || p.insts[in.out].op != opClass {
		return
	}
	class := p.insts[in.out].ascii
	chain := []uint32{pc}
	for next := p.insts[in.out].out; next != in.arg; {
		alt := &p.insts[next]
		// Inner Alts come first in the program and may be opBounded already.
		if (alt.op != opAlt && alt.op != opBounded) || alt.arg != in.arg || p.insts[alt.out].op != opClass || p.insts[alt.out].ascii != class {
			return
		}
		chain = append(chain, next)
		next = p.insts[alt.out].out
	}
	in.op, in.chain, in.ascii = opBounded, chain, class
}

// markPossessive sets possessive on a greedy loop whose exit cannot get
// past its first step at any byte of the class: the shorter runs the
// loop's entry would back off through all end before such a byte (the run
// is of ASCII bytes of the class), so backtrack would pop the entry
// without resuming anywhere.
func (p *program) markPossessive(pc uint32) {
	in := &p.insts[pc]
	if in.op != opGreedy {
		return
	}
	class, exit := &p.insts[in.out].ascii, &p.firsts[in.arg]
	in.possessive = !exit.anyPos && class[0]&exit.set[0] == 0 && class[1]&exit.set[1] == 0
}

// asciiRune1 reports whether in consumes exactly one ASCII character.
func (in *inst) asciiRune1() bool {
	return in.op == opClass && in.src.Op == syntax.InstRune1 && in.src.Rune[0] < 0x80
}

// markLiteral turns a chain of single ASCII characters starting at pc
// into one opLit compared with one string compare. The instructions of
// the chain stay as they are for paths that jump into its middle.
func (p *program) markLiteral(pc uint32) {
	in := &p.insts[pc]
	if !in.asciiRune1() || !p.insts[in.out].asciiRune1() {
		return
	}
	lit := []byte{byte(in.src.Rune[0])}
	next := in.out
	for n := &p.insts[next]; n.asciiRune1() && len(lit) < len(p.insts); n = &p.insts[next] {
		lit = append(lit, byte(n.src.Rune[0]))
		next = n.out
	}
	in.op, in.lit, in.out = opLit, string(lit), next
}

// firstSet works out where a match can start: the classes reachable from
// the start without consuming anything. A path through \A only matters at
// position 0, which is always tried, so it adds nothing.
func (p *program) firstSet() {
	seen := make([]bool, len(p.insts))
	stack := []uint32{p.start}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] {
			continue
		}
		seen[pc] = true
		in := &p.insts[pc]
		switch in.op {
		case opClass, opLit:
			p.first[0] |= in.ascii[0]
			p.first[1] |= in.ascii[1]
			p.firstHigh = p.firstHigh || in.src.Op != syntax.InstRune1 || in.src.Rune[0] >= 0x80
		case opAlt, opGreedy, opLazy, opBounded:
			stack = append(stack, in.out, in.arg)
		case opEmpty:
			if in.empty&syntax.EmptyBeginText == 0 {
				stack = append(stack, in.out)
			}
		case opCap, opNop:
			stack = append(stack, in.out)
		case opMatch:
			p.canEmpty = true
		}
	}
}

// isFirst reports whether a match may start at ASCII byte c.
func (p *program) isFirst(c byte) bool {
	return p.first[c>>6]&(1<<(c&63)) != 0
}

// firstInfo is what a path from one instruction needs at the position it
// starts at: a byte of set, a non-ASCII rune (high), the end of the text
// (atEnd), or nothing known (anyPos). next is the same for the position
// after an ASCII first byte, so that a path whose first byte is common in
// the text (a space, before "  [" or " \[-W") is turned away by its second.
type firstInfo struct {
	set                 [2]uint64
	high, atEnd, anyPos bool
	next                secondInfo
}

// secondInfo is what the byte after an ASCII first byte may be: a byte of
// set, a non-ASCII one (high), the end of the text (atEnd), or anything
// (anyPos).
type secondInfo struct {
	set                 [2]uint64
	high, atEnd, anyPos bool
}

// may reports whether a path with this first step can get past it at pos,
// and past its second step where the first byte is ASCII.
func (f *firstInfo) may(s string, pos int) bool {
	if f.anyPos {
		return true
	}
	if pos >= len(s) {
		return f.atEnd
	}
	c := s[pos]
	if c >= 0x80 {
		return f.high
	}
	if f.set[c>>6]&(1<<(c&63)) == 0 {
		return false
	}
	return f.next.may(s, pos+1)
}

// may reports whether the byte at pos (after an ASCII first byte) may
// follow.
func (n *secondInfo) may(s string, pos int) bool {
	if n.anyPos {
		return true
	}
	if pos >= len(s) {
		return n.atEnd
	}
	if c := s[pos]; c < 0x80 {
		return n.set[c>>6]&(1<<(c&63)) != 0
	}
	return n.high
}

// merge takes into n what may come at the start of a path with first
// info f.
func (n *secondInfo) merge(f *firstInfo) {
	n.set[0] |= f.set[0]
	n.set[1] |= f.set[1]
	n.high = n.high || f.high
	n.atEnd = n.atEnd || f.atEnd
	n.anyPos = n.anyPos || f.anyPos
}

// secondFrom works out the next of pc's first info, once every first info
// is known: for each instruction that can consume the first byte, the
// byte after it is the second of its literal or the first of what follows
// it. A class's first byte may be the lead of a multi-byte rune, after
// which anything may follow; may checks next only after an ASCII byte, and
// after an ASCII byte a class has consumed its whole character.
func (p *program) secondFrom(start uint32, seen, stack []uint32) (secondInfo, []uint32) {
	var n secondInfo
	if p.firsts[start].anyPos {
		n.anyPos = true
		return n, stack
	}
	mark, count := start+1, 0
	stack = append(stack[:0], start)
	for len(stack) > 0 && !n.anyPos {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] == mark {
			continue
		}
		seen[pc] = mark
		if count++; count > firstLimit {
			n.anyPos = true
		}
		in := &p.insts[pc]
		switch in.op {
		case opLit:
			c := in.lit[1] // markLiteral makes literals of two bytes or more
			n.set[c>>6] |= 1 << (c & 63)
		case opClass:
			n.merge(&p.firsts[in.out])
		case opAlt, opGreedy, opLazy, opBounded:
			stack = append(stack, in.out, in.arg)
		case opEmpty:
			if in.empty&syntax.EmptyEndText == 0 {
				stack = append(stack, in.out)
			}
		case opCap, opNop:
			stack = append(stack, in.out)
		}
	}
	return n, stack
}

// firstLimit bounds the instructions firstFrom looks through; past it the
// answer is "anything", which only costs speed.
const firstLimit = 64

// firstFrom works out the firstInfo of pc by following what does not
// consume: alternatives, captures, no-ops and assertions (which are taken
// as passable, except \z, past which only the end of the text is).
// seen marks the instructions looked at with start+1 (so that one slice
// serves every start without clearing); stack is scratch space, returned
// for the next call.
func (p *program) firstFrom(start uint32, seen, stack []uint32) (firstInfo, []uint32) {
	var f firstInfo
	mark, n := start+1, 0
	stack = append(stack[:0], start)
	for len(stack) > 0 && !f.anyPos {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] == mark {
			continue
		}
		seen[pc] = mark
		if n++; n > firstLimit {
			f.anyPos = true
		}
		stack = f.add(&p.insts[pc], stack)
	}
	return f, stack
}

// add takes one instruction into f and returns the stack with the
// instructions to look at next.
func (f *firstInfo) add(in *inst, stack []uint32) []uint32 {
	switch in.op {
	case opClass, opLit:
		f.set[0] |= in.ascii[0]
		f.set[1] |= in.ascii[1]
		f.high = f.high || in.src.Op != syntax.InstRune1 || in.src.Rune[0] >= 0x80
	case opAlt, opGreedy, opLazy, opBounded:
		return append(stack, in.out, in.arg)
	case opEmpty:
		if in.empty&syntax.EmptyEndText != 0 {
			f.atEnd = true
			return stack
		}
		return append(stack, in.out)
	case opCap, opNop:
		return append(stack, in.out)
	case opMatch:
		f.anyPos = true
	}
	return stack
}
