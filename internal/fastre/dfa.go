package fastre

import (
	"encoding/binary"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// Whether a pattern matches anywhere in a line asks for no priorities and
// no captures, so a deterministic automaton answers it in one pass, one
// table look-up per byte, where the backtracker may retry a position per
// alternative. The automaton is built lazily (subset construction on the
// bytes the lines actually hold) over the same program the backtracker
// runs. Past ASCII it reads a whole rune as one symbol when every
// character instruction of the pattern takes all such runes alike (\S, .,
// [^:] take them all, \w, \d, [a-z] none): a rune past ASCII is then as
// good as any other, and is no word character or newline for the
// assertions, as for the regexp package. A line with a rune the pattern
// tells apart (a literal é, a case-folded k that matches the Kelvin sign),
// or one that needs a state once the cache is full, goes to the
// backtracker, so the answers stay the regexp package's. Where the runes a
// pattern tells apart are a few ranges named in its character classes
// (a literal ✔, [✓✔], \x{2500}-\x{257F}), the runes past ASCII are split
// into classes as the bytes are, and a rune of any of them is read as one
// symbol too (highClasses).
//
// A state is the set of instructions the threads wait at before a
// position (the outs of the characters just consumed, and the start when
// a match may begin anywhere) plus what the assertions need to know of
// the byte before (text start, newline, word byte). Assertions are not
// expanded when a state is made: the transition on the next byte knows
// the byte after too, and follows them then (as RE2 does), so \b, \B, $
// and (?m) ^ $ are answered exactly.

// Flags of a state: what the byte before the position was.
const (
	flagBegin uint8 = 1 << iota // no byte before: the start of the text
	flagWord                    // a word byte (\w)
	flagNL                      // a newline
)

// The transitions of all states are one table, a row of stride entries
// per state (one per byte class; the last two are the class of runes past
// ASCII and the end of the text), so that a step is one look-up. An entry
// is the row of the next state (a multiple of stride: row 0 is no state),
// 0 for a transition not built yet, or one of the ends of a search.
const (
	tUnbuilt int32 = 0
	tMatch   int32 = -1 // a match ends here: the line matches
	tDead    int32 = -2 // no thread left, or the end reached without a match
	tGiveUp  int32 = -3 // a rune past ASCII without a class (nhigh), or a full cache: the backtracker decides
)

// dstate is what the builder knows of a state: the instructions the
// threads wait at, and the flags.
type dstate struct {
	pcs   []uint32
	flags uint8
}

// Bounds of one automaton's cache: past either, no state is added and the
// lines that need a new one go to the backtracker. maxDFATotal bounds the
// states of all automata together (dfaTotal), so that a process with many
// patterns stays small however odd its input.
const (
	maxDFAStates = 2000
	maxDFABytes  = 256 << 10
	maxDFATotal  = 8 << 20
)

// dfaTotal is the bytes the states of all live automata hold, about; an
// automaton gives its share back when its Regexp is collected.
var dfaTotal atomic.Int64

// dfa is the lazily built automaton of one program. Searches read the
// table without a lock: entries are set atomically, and a table that has
// grown is published whole, after its rows are copied and before any
// entry refers to its new rows. Building takes mu.
type dfa struct {
	p *program
	// classes maps a byte to its class: bytes no instruction, assertion
	// or boundary tells apart share one, and a state's transitions are
	// per class. Bytes past ASCII are class ncls (the runes past ASCII,
	// when highOK) or the first of nhigh classes of runes (highBounds),
	// and the end of text is class endCol.
	classes [256]uint8
	ncls    int
	endCol  int // ncls + max(nhigh, 1)
	stride  int // endCol + 1
	// needWord and needNL: assertions look at word bytes (\b, \B) or at
	// newlines ((?m) ^); the flags they do not need are left out of the
	// states, which keeps the states fewer.
	needWord, needNL bool
	// unanchored: a match may begin at any position, so the start is
	// added at each one.
	unanchored bool
	// highOK: every character instruction takes all runes past ASCII or
	// none (highTakes[pc] says which), so they are one class.
	highOK    bool
	highTakes []bool
	// nhigh, when not 0, is the number of classes of runes past ASCII:
	// the runes from highBounds[j] up to the next bound are of class
	// highClass[j], and highRep[k] is a rune of class k (0: the runes
	// past ASCII are one class, or highOK is false and a line with such
	// a rune goes to the backtracker).
	nhigh      int
	highBounds []rune
	highClass  []uint8
	highRep    []rune
	// start are the states a search starts in, by the flags of the byte
	// before (flagBegin at position 0).
	start [flagNL << 1]atomic.Int32
	// table holds the transitions, a row per state.
	table atomic.Pointer[[]atomic.Int32]
	// maxBytes bounds size (maxDFABytes; tests lower it).
	maxBytes int
	// total is the count of all automata's bytes that size counts in:
	// dfaTotal, or a test's own, which no other automaton's release (a
	// cleanup, on the collector's schedule) changes under it.
	total *atomic.Int64

	mu     sync.Mutex
	cache  map[string]int32 // a state's key (see intern): its row
	states []dstate         // by row / stride
	size   int              // bytes the states hold, about
	full   bool             // a state was refused for want of room
	// Scratch space of the builder, under mu.
	seen  []uint32
	mark  uint32
	stack []uint32
	runes []uint32
	set   []uint32
	key   []byte
}

// newDFA prepares the automaton of p; no state is built yet.
func newDFA(p *program) *dfa {
	d := &dfa{p: p, unanchored: !p.anchored, maxBytes: maxDFABytes, total: &dfaTotal, cache: map[string]int32{}, seen: make([]uint32, len(p.insts))}
	for i := range p.insts {
		if src := p.insts[i].src; src.Op == syntax.InstEmptyWidth {
			op := syntax.EmptyOp(src.Arg)
			d.needWord = d.needWord || op&(syntax.EmptyWordBoundary|syntax.EmptyNoWordBoundary) != 0
			d.needNL = d.needNL || op&syntax.EmptyBeginLine != 0
		}
	}
	d.classify()
	d.highTakes = make([]bool, len(p.insts))
	d.highOK = true
	for pc := range p.insts {
		if src := p.insts[pc].src; isRune(src) {
			takes, uniform := takesHigh(src)
			d.highTakes[pc] = takes
			d.highOK = d.highOK && uniform
		}
	}
	if !d.highOK {
		d.highClasses()
	}
	d.endCol = d.ncls + max(d.nhigh, 1)
	d.stride = d.endCol + 1
	d.states = make([]dstate, 1) // row 0 is no state
	table := make([]atomic.Int32, d.stride)
	d.table.Store(&table)
	return d
}

// maxHighClasses bounds the classes of runes past ASCII: each is a column
// of every state's row.
const maxHighClasses = 32

// highClasses splits the runes past ASCII into the classes the character
// instructions tell apart, as classify does the ASCII bytes: the bounds of
// their ranges cut the runes into runs, and the runs every instruction
// says the same of are one class. A case-folded instruction that takes a
// rune past ASCII (k takes the Kelvin sign) takes more than its ranges
// say: with one, or more than maxHighClasses classes, there are none, and
// a line with a rune past ASCII goes to the backtracker.
func (d *dfa) highClasses() {
	var split []*syntax.Inst
	bounds := []rune{utf8.RuneSelf}
	for i := range d.p.insts {
		src := d.p.insts[i].src
		if !isRune(src) {
			continue
		}
		if _, uniform := takesHigh(src); uniform {
			continue
		}
		if syntax.Flags(src.Arg)&syntax.FoldCase != 0 {
			return
		}
		split = append(split, src)
		ranges := src.Rune
		if len(ranges) == 1 {
			ranges = []rune{src.Rune[0], src.Rune[0]}
		}
		for j := 0; j+1 < len(ranges); j += 2 {
			if lo := max(ranges[j], utf8.RuneSelf); lo <= ranges[j+1] {
				bounds = append(bounds, lo)
				if hi := ranges[j+1]; hi < unicode.MaxRune {
					bounds = append(bounds, hi+1)
				}
			}
		}
	}
	slices.Sort(bounds)
	bounds = slices.Compact(bounds)
	ids := map[string]uint8{}
	classOf := make([]uint8, len(bounds))
	var reps []rune
	sig := make([]byte, len(split))
	for j, lo := range bounds {
		for k, src := range split {
			sig[k] = boolByte(src.MatchRune(lo))
		}
		id, ok := ids[string(sig)]
		if !ok {
			if len(ids) == maxHighClasses {
				return
			}
			id = uint8(len(ids))
			ids[string(sig)] = id
			reps = append(reps, lo)
		}
		classOf[j] = id
	}
	d.nhigh, d.highBounds, d.highClass, d.highRep = len(ids), bounds, classOf, reps
}

// highClassOf is the class of r, a rune past ASCII (RuneError for a byte
// that is no UTF-8, as the regexp package reads it).
func (d *dfa) highClassOf(r rune) int {
	j, found := slices.BinarySearch(d.highBounds, r)
	if !found {
		j--
	}
	return int(d.highClass[j])
}

// takesHigh reports whether src takes the runes past ASCII, and whether
// it takes all of them alike (uniform), as src.MatchRune decides.
func takesHigh(src *syntax.Inst) (takes, uniform bool) {
	switch src.Op {
	case syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
		return true, true
	case syntax.InstRune1:
		return false, src.Rune[0] < utf8.RuneSelf
	}
	ranges := src.Rune
	if len(ranges) == 1 {
		ranges = []rune{src.Rune[0], src.Rune[0]}
	}
	if syntax.Flags(src.Arg)&syntax.FoldCase != 0 {
		return false, asciiFolds(ranges)
	}
	covered := coverHigh(ranges)
	return covered == highRunes, covered == 0 || covered == highRunes
}

// highRunes is the number of runes past ASCII.
const highRunes = unicode.MaxRune - utf8.RuneSelf + 1

// coverHigh is how many runes past ASCII the ranges (lo, hi pairs) hold.
func coverHigh(ranges []rune) int {
	pairs := make([][2]rune, 0, len(ranges)/2)
	for i := 0; i+1 < len(ranges); i += 2 {
		pairs = append(pairs, [2]rune{max(ranges[i], utf8.RuneSelf), min(ranges[i+1], unicode.MaxRune)})
	}
	slices.SortFunc(pairs, func(a, b [2]rune) int { return int(a[0] - b[0]) })
	n, next := 0, rune(utf8.RuneSelf) // runes from next up are not counted yet
	for _, p := range pairs {
		lo := max(p[0], next)
		if lo <= p[1] {
			n += int(p[1] - lo + 1)
			next = p[1] + 1
		}
	}
	return n
}

// asciiFolds reports whether the case-folded ranges hold ASCII runes only,
// none of which folds to a rune past ASCII (as k folds to the Kelvin
// sign): then they take no rune past ASCII.
func asciiFolds(ranges []rune) bool {
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i+1] >= utf8.RuneSelf {
			return false
		}
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				if f >= utf8.RuneSelf {
					return false
				}
			}
		}
	}
	return true
}

// release gives the bytes of d's states back to dfaTotal, once d's
// Regexp is collected (no search can run then).
func (d *dfa) release() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.total.Add(-int64(d.size))
	d.size = 0
}

// isRune reports whether src consumes a character.
func isRune(src *syntax.Inst) bool {
	switch src.Op {
	case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
		return true
	}
	return false
}

// classify groups the ASCII bytes by what every character instruction says
// of them, and by whether they are a word byte or a newline.
func (d *dfa) classify() {
	var runes []*inst
	for i := range d.p.insts {
		if isRune(d.p.insts[i].src) {
			runes = append(runes, &d.p.insts[i])
		}
	}
	ids := map[string]uint8{}
	sig := make([]byte, 0, len(runes)+2)
	for c := byte(0); c < 0x80; c++ {
		sig = append(sig[:0], boolByte(syntax.IsWordChar(rune(c))), boolByte(c == '\n'))
		for _, in := range runes {
			sig = append(sig, boolByte(in.hasASCII(c)))
		}
		id, ok := ids[string(sig)]
		if !ok {
			id = uint8(len(ids))
			ids[string(sig)] = id
		}
		d.classes[c] = id
	}
	d.ncls = len(ids)
	for c := 0x80; c < 0x100; c++ {
		d.classes[c] = uint8(d.ncls)
	}
}

// boolByte is 1 for true, 0 for false.
func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// match reports whether s holds a match: matched or noMatch, or gaveUp
// when s holds a rune past ASCII the pattern tells apart and has no class
// for (highClasses), or the cache is
// full.
func (d *dfa) match(s string) outcome {
	o, _ := d.matchLen(s)
	return o
}

// matchLen is match, with the bytes it read (about: a search that starts
// at the literal prefix counts the bytes before it too).
func (d *dfa) matchLen(s string) (outcome, int) {
	from, flags := 0, flagBegin
	if prefix := d.p.prefix; prefix != "" {
		// Every match starts with prefix: none starts before its first
		// occurrence, so the search starts there, with the flags of the
		// byte before (a rune past ASCII is neither a word byte nor a
		// newline, as for the regexp package).
		if from = strings.Index(s, prefix); from < 0 {
			return noMatch, len(s)
		}
		if from > 0 {
			flags = d.flagsAfter(s[from-1])
		}
	}
	row := d.start[flags].Load()
	if row == 0 {
		if row = d.startState(flags); row <= 0 {
			return outcomeOf(row), from
		}
	}
	o, n := d.run(row, s[from:])
	return o, from + n
}

// run goes through s from st: a byte at a time, a rune at a time past
// ASCII (decoded as the regexp package decodes it: a byte that is no
// UTF-8 is a rune of its own).
func (d *dfa) run(row int32, s string) (outcome, int) {
	table := *d.table.Load()
	for i := 0; i < len(s); {
		c := s[i]
		col, sym, w := int(d.classes[c]), int(c), 1
		if c >= utf8.RuneSelf {
			// (Kept off the path of an ASCII byte, which is most.)
			col, sym, w = d.highSymbol(s[i:], col, sym)
		}
		next := table[int(row)+col].Load()
		if next <= 0 {
			if next == tUnbuilt {
				next = d.build(row, col, sym)
				// The new state may be in a table grown meanwhile.
				table = *d.table.Load()
			}
			if next <= 0 {
				return outcomeOf(next), i
			}
		}
		row = next
		i += w
	}
	next := table[int(row)+d.endCol].Load()
	if next == tUnbuilt {
		next = d.build(row, d.endCol, endOfText)
	}
	return outcomeOf(next), len(s)
}

// highSymbol is the column and symbol of the rune s starts with, past
// ASCII, and its length: its class's when the runes past ASCII have
// classes, else col and sym, those of its first byte.
func (d *dfa) highSymbol(s string, col, sym int) (int, int, int) {
	r, w := utf8.DecodeRuneInString(s)
	if d.nhigh > 0 {
		k := d.highClassOf(r)
		return d.ncls + k, highSym + k, w
	}
	return col, sym, w
}

// highSym+k stands for a rune of class k past ASCII in build (bytes are
// 0-255, the end of text endOfText).
const highSym = 256

// endOfText stands for the byte after the last one in build.
const endOfText = -1

// outcomeOf is what a search that reached an end (tMatch, tDead,
// tGiveUp) answers.
func outcomeOf(end int32) outcome {
	switch end {
	case tMatch:
		return matched
	case tDead:
		return noMatch
	}
	return gaveUp
}

// startState makes (once) the state a search starts in after a byte with
// flags.
func (d *dfa) startState(flags uint8) int32 {
	d.mu.Lock()
	defer d.mu.Unlock()
	if row := d.start[flags].Load(); row != 0 {
		return row
	}
	row := d.intern([]uint32{d.p.start}, flags)
	if row > 0 {
		d.start[flags].Store(row)
	}
	return row
}

// build works out the transition of the state at row on symbol c (a byte,
// a class of runes past ASCII, or endOfText), in column col of its row,
// and publishes it.
func (d *dfa) build(row int32, col, c int) int32 {
	d.mu.Lock()
	defer d.mu.Unlock()
	at := int(row) + col
	if next := (*d.table.Load())[at].Load(); next != tUnbuilt {
		return next
	}
	next := d.transition(d.states[int(row)/d.stride], c)
	// transition may have grown the table: the entry goes in the new one.
	(*d.table.Load())[at].Store(next)
	return next
}

// transition is the state after st reads c (or reaches the end): the
// assertions are followed with the bytes on both sides known, a Match
// reached ends the search, and the characters that take c lead on.
func (d *dfa) transition(st dstate, c int) int32 {
	if d.closure(st.pcs, d.context(st.flags, c)) {
		return tMatch
	}
	if c == endOfText {
		return tDead
	}
	set := d.set[:0]
	for _, pc := range d.runes {
		if d.takes(pc, c) {
			set = append(set, d.p.insts[pc].src.Out)
		}
	}
	if d.unanchored {
		set = append(set, d.p.start)
	}
	d.set = set
	if len(set) == 0 {
		return tDead
	}
	var flags uint8
	if c < utf8.RuneSelf {
		flags = d.flagsAfter(byte(c)) // a rune past ASCII is no word byte or newline
	}
	return d.intern(set, flags)
}

// takes reports whether the character instruction at pc takes byte c, or
// past ASCII (c is then the first byte of any rune, or highSym+k for a
// rune of class k) the rune.
func (d *dfa) takes(pc uint32, c int) bool {
	switch {
	case c >= highSym:
		return d.p.insts[pc].src.MatchRune(d.highRep[c-highSym])
	case c >= utf8.RuneSelf:
		return d.highTakes[pc]
	}
	return d.p.insts[pc].hasASCII(byte(c))
}

// context is the set of assertions that hold between a byte with flags
// and c, as syntax.EmptyOpContext says for the same two characters.
func (d *dfa) context(flags uint8, c int) syntax.EmptyOp {
	var op syntax.EmptyOp
	if flags&flagBegin != 0 {
		op |= syntax.EmptyBeginText | syntax.EmptyBeginLine
	}
	if flags&flagNL != 0 {
		op |= syntax.EmptyBeginLine
	}
	switch {
	case c == endOfText:
		op |= syntax.EmptyEndText | syntax.EmptyEndLine
	case c == '\n':
		op |= syntax.EmptyEndLine
	}
	if (flags&flagWord != 0) != (c != endOfText && syntax.IsWordChar(rune(c))) {
		return op | syntax.EmptyWordBoundary
	}
	return op | syntax.EmptyNoWordBoundary
}

// flagsAfter are the flags of the position after byte c.
func (d *dfa) flagsAfter(c byte) uint8 {
	var f uint8
	if d.needWord && syntax.IsWordChar(rune(c)) {
		f |= flagWord
	}
	if d.needNL && c == '\n' {
		f |= flagNL
	}
	return f
}

// closure follows what consumes nothing from pcs, passing the assertions
// ctx holds: the characters reached go to d.runes; true when Match is
// reached.
func (d *dfa) closure(pcs []uint32, ctx syntax.EmptyOp) bool {
	d.mark++
	if d.mark == 0 {
		clear(d.seen)
		d.mark = 1
	}
	d.runes = d.runes[:0]
	stack := append(d.stack[:0], pcs...)
	defer func() { d.stack = stack[:0] }()
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if d.seen[pc] == d.mark {
			continue
		}
		d.seen[pc] = d.mark
		src := d.p.insts[pc].src
		switch src.Op {
		case syntax.InstMatch:
			return true
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, src.Out, src.Arg)
		case syntax.InstNop, syntax.InstCapture:
			stack = append(stack, src.Out)
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(src.Arg)&^ctx == 0 {
				stack = append(stack, src.Out)
			}
		default:
			if isRune(src) {
				d.runes = append(d.runes, pc)
			}
		}
	}
	return false
}

// intern returns the row of the state of the pcs (in any order, repeats
// allowed) and flags, made if new; tGiveUp when a new one would pass the
// bounds.
func (d *dfa) intern(pcs []uint32, flags uint8) int32 {
	slices.Sort(pcs)
	pcs = slices.Compact(pcs)
	key := append(d.key[:0], flags)
	for _, pc := range pcs {
		key = binary.LittleEndian.AppendUint32(key, pc)
	}
	d.key = key
	if row, ok := d.cache[string(key)]; ok {
		return row
	}
	cost := 48 + 4*d.stride + 4*len(pcs) + 2*len(key)
	if len(d.states) > maxDFAStates || d.size+cost > d.maxBytes || d.total.Load()+int64(cost) > maxDFATotal {
		d.full = true
		return tGiveUp
	}
	d.total.Add(int64(cost))
	d.size += cost
	row := int32(len(d.states) * d.stride)
	d.states = append(d.states, dstate{pcs: slices.Clone(pcs), flags: flags})
	table := d.grow(int(row) + d.stride)
	if !d.highOK && d.nhigh == 0 {
		table[int(row)+d.ncls].Store(tGiveUp)
	}
	d.cache[string(key)] = row
	return row
}

// grow makes the table n entries long at least, publishing a longer copy
// when it is not, and returns it.
func (d *dfa) grow(n int) []atomic.Int32 {
	old := *d.table.Load()
	if n <= len(old) {
		return old
	}
	table := make([]atomic.Int32, max(n, 2*len(old)))
	for i := range old {
		table[i].Store(old[i].Load())
	}
	d.table.Store(&table)
	return table
}

// A search for the submatches can ask the automaton first: a line it
// finds no match in is done in one pass, but a line that matches is then
// searched twice. gate weighs, for one pattern, the bytes the automaton
// read on the lines it rejected (what the backtracker, which reads at
// least as far, was spared) against those it read on the lines it did
// not (spent for nothing), and asks it while the first are worth it.
// The counts are statistics: updates lost between goroutines do no harm,
// so they are plain atomic loads and stores, without a locked add.
type gate struct {
	saved, spent, skipped atomic.Uint32
}

// Settings of the gate: the automaton is asked while gateWorth bytes
// spared by a rejection outweigh a byte spent (the backtracker costs
// more per byte than the automaton) or the counts are under gateWarmup,
// and one line in gateResample when not (so a change in the lines is
// noticed); the counts are halved past gateWindow, so recent lines weigh
// most.
const (
	gateWarmup   = 2048
	gateWorth    = 2
	gateResample = 64
	gateWindow   = 1 << 20
)

// open reports whether the automaton is asked about the next line.
func (g *gate) open() bool {
	saved, spent := g.saved.Load(), g.spent.Load()
	if saved+spent < gateWarmup || gateWorth*saved >= spent {
		return true
	}
	n := g.skipped.Load() + 1
	g.skipped.Store(n)
	return n%gateResample == 0
}

// record counts one answer of the automaton, which read n bytes.
func (g *gate) record(rejected bool, n int) {
	saved, spent := g.saved.Load(), g.spent.Load()
	w := uint32(min(n, gateWindow)) + 1
	if rejected {
		saved += w
	} else {
		spent += w
	}
	if saved+spent >= gateWindow {
		saved, spent = saved/2, spent/2
	}
	g.saved.Store(saved)
	g.spent.Store(spent)
}
