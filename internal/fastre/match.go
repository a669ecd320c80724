package fastre

import (
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// Kinds of backtrack entries.
const (
	entTry     uint8 = iota // resume at pc, pos
	entRange                // resume at pc with pos = hi, then hi-1, ... lo (a greedy run backing off)
	entRestore              // put lo back in capture slot pc
)

// entry is one backtrack entry: a choice not yet tried, or a capture to undo.
type entry struct {
	kind   uint8
	pc     uint32
	lo, hi int32 // positions: search hands longer texts to regexp
}

// outcome of a search.
type outcome uint8

const (
	noMatch outcome = iota
	matched
	gaveUp // the step budget ran out: the caller asks regexp instead
)

// budgetPerByte is the steps a search may take per byte of text and
// instruction of the program before it gives up. Go's backtracker visits
// each (instruction, position) pair at most once; without its bitmap a
// pattern can revisit them, and past this many steps the regexp package,
// whose cost is bounded, takes over.
const budgetPerByte = 4

// maxText is the longest text searched here (positions are int32 in
// backtrack entries); a longer one goes to the regexp package.
const maxText = 1<<31 - 1

// machine is the state of one search; it lives on the caller's stack.
type machine struct {
	p    *program
	s    string
	caps []int // nil when only whether it matches is wanted
	// sb is the backtrack stack, the program's spare (see takeStack).
	sb     *stackBuf
	budget int
	// visited marks the (choice, position) states already entered, once
	// the search has run memoAfter steps (memoAt is the budget then): a
	// state entered again fails again, as the regexp package's backtracker
	// knows, and skipping it keeps a search that rescans a line linear.
	visited []uint64
	memoAt  int
}

// memoAfter is the steps a search runs before it marks visited states:
// most lines are done well before, and need no bitmap cleared.
const memoAfter = 128

// visit marks choice pc entered at pos and says whether it was the first
// time (always true before the marking starts).
func (m *machine) visit(pc uint32, pos int) bool {
	if m.visited == nil {
		if m.budget >= m.memoAt {
			return true
		}
		m.visited = m.sb.clearedBits(m.p.nMemo * (len(m.s) + 1))
	}
	i := int(m.p.memo[pc])*(len(m.s)+1) + pos
	w, bit := i/64, uint64(1)<<(i%64)
	if m.visited[w]&bit != 0 {
		return false
	}
	m.visited[w] |= bit
	return true
}

// search finds the leftmost-first match of p in s, filling caps (all -1 on
// entry; slots 0 and 1 are the whole match) when caps is not nil.
func (p *program) search(s string, caps []int) outcome {
	if len(s) > maxText {
		return gaveUp
	}
	if p.rejects(s) {
		return noMatch
	}
	return p.searchUnchecked(s, caps)
}

// searchUnchecked is search for a text rejects has passed.
func (p *program) searchUnchecked(s string, caps []int) outcome {
	// sb goes back to the program from this variable, not from m: escape
	// analysis does not tell m's fields apart, and caps must stay on the
	// caller's stack.
	sb := p.takeStack()
	budget := p.budgetScale*(len(s)+1)*len(p.insts) + 256
	m := machine{p: p, s: s, caps: caps, sb: sb, budget: budget, memoAt: budget - memoAfter}
	if p.emptyCycle {
		m.memoAt = budget + 1
	}
	o := m.run()
	p.putStack(sb)
	return o
}

// run tries the start positions in order: the first that matches holds the
// leftmost match.
func (m *machine) run() outcome {
	p, s := m.p, m.s
	if p.anchored {
		return m.tryAt(0)
	}
	if p.prefix != "" {
		return m.runPrefix()
	}
	for pos := 0; ; {
		if pos == 0 || p.candidate(s, pos) {
			if o := m.tryAt(pos); o != noMatch {
				return o
			}
		}
		if pos >= len(s) {
			return noMatch
		}
		pos = p.next(s, pos)
	}
}

// runPrefix tries only the positions where the literal every match starts
// with occurs, found by strings.Index (which lands on rune boundaries: the
// prefix starts with a whole rune).
func (m *machine) runPrefix() outcome {
	for pos := 0; pos < len(m.s); {
		i := strings.Index(m.s[pos:], m.p.prefix)
		if i < 0 {
			return noMatch
		}
		pos += i
		if o := m.tryAt(pos); o != noMatch {
			return o
		}
		_, w := utf8.DecodeRuneInString(m.s[pos:])
		pos += w
	}
	return noMatch
}

// stackBuf is a backtrack stack kept by a program between searches, so
// that a search neither allocates nor clears one.
type stackBuf struct {
	e    []entry
	bits []uint64 // the visited bitmap (see machine.visit)
}

// clearedBits returns a bitmap of n bits, all clear.
func (sb *stackBuf) clearedBits(n int) []uint64 {
	words := (n + 63) / 64
	if cap(sb.bits) < words {
		sb.bits = make([]uint64, words)
		return sb.bits
	}
	sb.bits = sb.bits[:words]
	clear(sb.bits)
	return sb.bits
}

// maxKeptStack bounds the stack a program keeps for the next search.
const maxKeptStack = 4096

// takeStack takes the program's spare stack, or makes one when another
// search holds it.
func (p *program) takeStack() *stackBuf {
	if sb := p.spare.Swap(nil); sb != nil {
		return sb
	}
	return &stackBuf{e: make([]entry, 0, 32)}
}

// putStack gives the stack back for the next search; one grown too big is
// left to the garbage collector.
func (p *program) putStack(sb *stackBuf) {
	if cap(sb.e) > maxKeptStack || cap(sb.bits) > maxKeptStack {
		return
	}
	sb.e = sb.e[:0]
	p.spare.Store(sb)
}

// rejects reports whether s cannot match for its first byte, which is
// what most lines fail an anchored rule on: checked before any set-up.
func (p *program) rejects(s string) bool {
	if !p.anchored {
		return false
	}
	for i, set := range p.pre {
		if i >= len(s) {
			return true
		}
		c := s[i]
		if c >= utf8.RuneSelf {
			// Past ASCII a character is no longer a byte: the search
			// decides.
			return false
		}
		if set[c>>6]&(1<<(c&63)) == 0 {
			return true
		}
	}
	return !p.firsts[p.start].may(s, 0)
}

// candidate reports whether a match may start at pos (> 0).
func (p *program) candidate(s string, pos int) bool {
	if p.canEmpty {
		return true
	}
	if pos >= len(s) {
		return false
	}
	if c := s[pos]; c < utf8.RuneSelf {
		return p.isFirst(c)
	}
	return p.firstHigh
}

// next is the start position after pos: the next rune, decoded as the
// regexp package steps through a string (an invalid byte is one rune).
func (p *program) next(s string, pos int) int {
	if s[pos] < utf8.RuneSelf {
		pos++
		// Skip the bytes no match can start with in one tight loop.
		for !p.canEmpty && pos < len(s) && s[pos] < utf8.RuneSelf && !p.isFirst(s[pos]) {
			pos++
		}
		return pos
	}
	_, w := utf8.DecodeRuneInString(s[pos:])
	return pos + w
}

// tryAt runs the program from pos, depth first in priority order: the first
// path to reach Match is the leftmost-first match from pos.
func (m *machine) tryAt(pos int) outcome {
	if m.caps != nil {
		m.caps[0] = pos
	}
	pc := m.p.start
	insts := m.p.insts
	for {
		var ok bool
		// The commonest instructions are run here rather than in step:
		// a call per step is a good part of the cost of a short line.
		switch in := &insts[pc]; in.op {
		case opClass:
			if ok = pos < len(m.s) && m.s[pos] < utf8.RuneSelf; ok {
				ok, pc, pos = in.hasASCII(m.s[pos]), in.out, pos+1
			} else {
				pc, pos, ok = m.class(in, pos)
			}
		case opLit:
			ok, pc, pos = strings.HasPrefix(m.s[pos:], in.lit), in.out, pos+len(in.lit)
		case opNop:
			pc, ok = in.out, true
		default:
			pc, pos, ok = m.step(pc, pos)
		}
		if m.budget--; m.budget < 0 {
			return gaveUp
		}
		if ok {
			continue
		}
		if pc == matchPC {
			if m.caps != nil {
				m.caps[1] = pos
			}
			return matched
		}
		if pc, pos, ok = m.backtrack(); !ok {
			if m.caps != nil {
				m.caps[0] = -1
			}
			return noMatch
		}
	}
}

// matchPC is what step returns as pc, with ok false, when it reached Match.
const matchPC = ^uint32(0)

// step runs the instruction at pc: the next pc and pos and true, or false
// when the path failed (or matched: pc is then matchPC).
func (m *machine) step(pc uint32, pos int) (uint32, int, bool) {
	in := &m.p.insts[pc]
	switch in.op {
	case opClass:
		return m.class(in, pos)
	case opAlt:
		return m.alt(pc, in, pos)
	case opGreedy:
		return m.greedy(pc, in, pos)
	case opLazy:
		return m.lazy(pc, in, pos)
	case opBounded:
		return m.bounded(pc, in, pos)
	case opCap:
		if m.caps != nil {
			// With no choice left behind, nothing can come back here to
			// need the old value, and a failed anchored search's slots
			// are thrown away: only an unanchored search, which tries the
			// next start with the same slots, needs the restore then.
			if len(m.sb.e) > 0 || !m.p.anchored {
				m.push(entry{kind: entRestore, pc: in.arg, lo: int32(m.caps[in.arg])})
			}
			m.caps[in.arg] = pos
		}
		return in.out, pos, true
	case opLit:
		return in.out, pos + len(in.lit), strings.HasPrefix(m.s[pos:], in.lit)
	case opEmpty:
		return in.out, pos, m.empty(in.empty, pos)
	case opNop:
		return in.out, pos, true
	case opMatch:
		return matchPC, pos, false
	}
	return 0, pos, false
}

// class consumes one character of in's class at pos.
func (m *machine) class(in *inst, pos int) (uint32, int, bool) {
	if pos >= len(m.s) {
		return 0, pos, false
	}
	if c := m.s[pos]; c < utf8.RuneSelf {
		return in.out, pos + 1, in.hasASCII(c)
	}
	r, w := utf8.DecodeRuneInString(m.s[pos:])
	return in.out, pos + w, in.matchRune(r)
}

// greedy runs a greedy loop over one class: it takes the whole run of ASCII
// bytes in the class at once and leaves one entry that backs off through
// every shorter run, which is the order the loop's Alt would try them in.
func (m *machine) greedy(pc uint32, in *inst, pos int) (uint32, int, bool) {
	if !m.visit(pc, pos) {
		return 0, pos, false
	}
	c := &m.p.insts[in.out]
	start := pos
	for pos < len(m.s) && m.s[pos] < utf8.RuneSelf && c.hasASCII(m.s[pos]) {
		pos++
	}
	m.budget -= pos - start
	if pos > start && !in.possessive {
		m.push(entry{kind: entRange, pc: in.arg, lo: int32(start), hi: int32(pos - 1)})
	}
	if pos < len(m.s) && m.s[pos] >= utf8.RuneSelf {
		if r, w := utf8.DecodeRuneInString(m.s[pos:]); c.matchRune(r) {
			m.push(entry{kind: entTry, pc: in.arg, lo: int32(pos)})
			return pc, pos + w, true
		}
	}
	return in.arg, pos, true
}

// alt tries out and then arg, leaving out a branch that cannot get past
// its first step at pos.
func (m *machine) alt(pc uint32, in *inst, pos int) (uint32, int, bool) {
	if !m.visit(pc, pos) {
		return 0, pos, false
	}
	argMay := m.p.firsts[in.arg].may(m.s, pos)
	if !m.p.firsts[in.out].may(m.s, pos) {
		return in.arg, pos, argMay
	}
	if argMay {
		m.push(entry{kind: entTry, pc: in.arg, lo: int32(pos)})
	}
	return in.out, pos, true
}

// lazy runs a lazy loop over one class: it stops to try the exit only where
// the exit can get past its first step, and takes the class's ASCII bytes
// in between without leaving an entry for each.
func (m *machine) lazy(pc uint32, in *inst, pos int) (uint32, int, bool) {
	if !m.visit(pc, pos) {
		return 0, pos, false
	}
	c, exit := &m.p.insts[in.arg], &m.p.firsts[in.out]
	start := pos
	if !exit.anyPos {
		pos = lazyScan(m.s, pos, c, exit)
		if pos < 0 {
			return 0, start, false
		}
	}
	m.budget -= pos - start
	if !exit.may(m.s, pos) {
		return in.arg, pos, true
	}
	if pos < len(m.s) {
		m.push(entry{kind: entTry, pc: in.arg, lo: int32(pos)})
	}
	return in.out, pos, true
}

// lazyScan takes the ASCII bytes of class c from pos up to the first where
// exit may get past its first steps (or a non-ASCII byte, or the end): that
// position, or -1 when a byte outside the class comes first. It is
// exit.may and c.hasASCII written out, as this loop runs over most of a
// message.
func lazyScan(s string, pos int, c *inst, exit *firstInfo) int {
	for ; pos < len(s); pos++ {
		b := s[pos]
		if b >= utf8.RuneSelf {
			return pos
		}
		if exit.set[b>>6]&(1<<(b&63)) != 0 && exit.next.may(s, pos+1) {
			return pos
		}
		if c.ascii[b>>6]&(1<<(b&63)) == 0 {
			return -1
		}
	}
	return pos
}

// bounded runs a greedy x{0,n} over one class: up to n ASCII bytes of the
// class in one scan, one entry backing off through the shorter runs. A
// non-ASCII character within reach goes on through Go's nested Alts.
func (m *machine) bounded(pc uint32, in *inst, pos int) (uint32, int, bool) {
	if !m.visit(pc, pos) {
		return 0, pos, false
	}
	start, end := pos, min(len(m.s), pos+len(in.chain))
	for pos < end && m.s[pos] < utf8.RuneSelf && in.hasASCII(m.s[pos]) {
		pos++
	}
	n := pos - start
	m.budget -= n
	if n > 0 {
		m.push(entry{kind: entRange, pc: in.arg, lo: int32(start), hi: int32(pos - 1)})
	}
	if n < len(in.chain) && pos < len(m.s) && m.s[pos] >= utf8.RuneSelf {
		if n == 0 {
			// The Alt itself: the class first, then the exit.
			m.push(entry{kind: entTry, pc: in.arg, lo: int32(pos)})
			return in.out, pos, true
		}
		return in.chain[n], pos, true
	}
	return in.arg, pos, true
}

// push adds a backtrack entry, growing the program's spare stack when it
// is full (the grown one is kept for later searches, up to maxKeptStack).
func (m *machine) push(e entry) {
	n := len(m.sb.e)
	if n == cap(m.sb.e) {
		grown := make([]entry, n, 2*n+16)
		copy(grown, m.sb.e)
		m.sb.e = grown
	}
	m.sb.e = m.sb.e[:n+1]
	m.sb.e[n] = e
}

// backtrack pops entries up to the next choice, undoing captures on the way:
// where to resume, or false when no choice is left.
func (m *machine) backtrack() (uint32, int, bool) {
	for n := len(m.sb.e); n > 0; n = len(m.sb.e) {
		e := &m.sb.e[n-1]
		switch e.kind {
		case entRestore:
			m.caps[e.pc] = int(e.lo)
			m.sb.e = m.sb.e[:n-1]
		case entTry:
			m.sb.e = m.sb.e[:n-1]
			return e.pc, int(e.lo), true
		case entRange:
			// Only the lengths after which the exit can get past its first
			// step are worth trying.
			exit := &m.p.firsts[e.pc]
			for e.hi >= e.lo && !exit.may(m.s, int(e.hi)) {
				e.hi--
				m.budget--
			}
			if e.hi < e.lo {
				m.sb.e = m.sb.e[:n-1]
				continue
			}
			pos := int(e.hi)
			if e.hi--; e.hi < e.lo {
				m.sb.e = m.sb.e[:n-1]
			}
			return e.pc, pos, true
		}
	}
	return 0, 0, false
}

// empty reports whether the assertions op hold at pos; ^ and $ (without
// (?m)) are the common ones and need no look at the text around.
func (m *machine) empty(op syntax.EmptyOp, pos int) bool {
	switch op {
	case syntax.EmptyBeginText:
		return pos == 0
	case syntax.EmptyEndText:
		return pos == len(m.s)
	}
	return op&^context(m.s, pos) == 0
}

// context is the zero-width context at pos, computed as the regexp package
// computes it (runes before and after, decoded; -1 at either end).
func context(s string, pos int) syntax.EmptyOp {
	r1, r2 := rune(-1), rune(-1)
	if pos > 0 && pos <= len(s) {
		r1 = rune(s[pos-1])
		if r1 >= utf8.RuneSelf {
			r1, _ = utf8.DecodeLastRuneInString(s[:pos])
		}
	}
	if pos < len(s) {
		r2 = rune(s[pos])
		if r2 >= utf8.RuneSelf {
			r2, _ = utf8.DecodeRuneInString(s[pos:])
		}
	}
	return syntax.EmptyOpContext(r1, r2)
}
