package claim

import (
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/terse-dev/terse/internal/fastre"
	"github.com/terse-dev/terse/internal/match"
)

// Lines is how many lines the index has claimed in batches
// (BeginBatch, EndBatch).
func (x *Index) Lines() int { return x.trial.lines }

// Index finds which sets' signatures a line matches without trying
// each: every signature has a gate (the bytes a matching
// line can start with, start with after its indent, and end with), held as
// bit masks by byte, so that three loads and an AND leave the few
// signatures a line may match, in the order ties go by. Those left are
// checked for a byte and the literals they need, and only then is the
// pattern run. Detection reads every line of a pipe: it must cost far less
// than shaping.
type Index struct {
	sets [][]Sig
	comp Compiled
	opt  Options
	sigs []claimSig // by set, then signature: the order ties go by
	// leads holds, by set, the other sets' signatures that go before its
	// own where a line matches both (nil: none do).
	leads [][]int
	// words is the length of a mask: one bit per signature.
	words int
	// first, firstNW and last hold, for each byte (and row 256 for none:
	// an empty line, a line of whitespace), the mask of the signatures a
	// line with that first byte, first byte after its indent, or last byte
	// may match.
	first, firstNW, last []uint64
	// short holds, for each line length below shortRows (row shortRows:
	// longer), the mask of the signatures a line that long may match
	// (match.MinBytesFor).
	short []uint64
	// next holds, for each byte after a line's first byte other than
	// whitespace when that is ASCII (row 256: the line ends there; row
	// nextAny: it is not ASCII, or there is none), the mask of the
	// signatures such a line may match (match.NextRow).
	next []uint64
	// indent holds, for each indent row (indentRow), the mask of the
	// signatures a line of that indent may match.
	indent []uint64
	// edges is the same six tables as arrays of two-word rows, when
	// the masks are two words or one (86 built-in signatures): a row is
	// then found with one bounds check and no multiplication, where the
	// slices' four rows cost a claim a third of its index look-ups.
	edges *edgeMasks
	// curProf and curMask cache the current segment's set (-1: none)
	// and its signatures.
	curProf int
	curMask []uint64
	cand    []uint64
	// mineFirst counts down the lines claimSettled tries the current
	// set's signatures on first.
	mineFirst int
	// ran is set when matches runs a pattern.
	ran bool
	// has caches, for the line being claimed, whether it holds a byte.
	line   uint32
	hasAt  [256]uint32
	hasYes [256]bool
	// keyBit gives each signature's key byte a bit (0: no key, or past
	// the 64th); keysAt is the line keysHeld was worked out for, and
	// keysHeld the bits of the keys it holds: one walk over a line answers
	// every key a dozen signatures ask about, where a search for each went
	// over the line once per key.
	keyBit   [256]uint64
	keysAt   uint32
	keysHeld uint64
	// searched counts the searches has made on line searchedAt.
	searchedAt uint32
	searched   int
	// heads are the classes of the head gates, with their masks; headed
	// is the mask of every signature with a head gate.
	heads  []headClass
	headed []uint64
	// masked lists the head classes whose masks are used.
	masked []int
	// subBuf holds the group places a sureSub works out; subTries counts,
	// by signature, the lines in a row its sureSub left to the pattern.
	subBuf   []int
	subTries []uint8
	// narrowed is the line the head masks were applied to cand for;
	// admitted the line othersAdmit left in cand only the other sets'
	// signatures that line passes the checks of.
	narrowed, admitted uint32
	// unions are automata for many signatures at once, shared with the
	// clones; trial says when they are asked (union.go).
	unions *claimUnions
	trial  unionTrial
}

// headClass is a class of head gates: the index of a line's first byte
// outside it, worked out once a line (at, for line pos), and, for each
// byte (row 256: none), the mask of the signatures a line may match whose
// byte there is that byte (post), or whose byte before it is (pre): every
// signature of another class is in every row.
type headClass struct {
	set       match.ByteSet
	sigs      []uint64
	post, pre []uint64
	at        uint32
	pos       int
}

// claimSig is signature sig of set prof, with what every line it
// matches holds: one of lits (nil: nothing known), and so the byte key that
// every one of them holds (hasKey false: none).
type claimSig struct {
	prof, sig int
	lits      []string
	key       byte
	hasKey    bool
	// probes[i] is the end of lits[i] from its rarest byte: a search
	// for it skips from one of those bytes to the next, where a search
	// for a literal that starts with a slash stops at every slash.
	probes []string
	// also and alsoProbes are a second set every match holds one of,
	// checked after lits (nil: none); more and moreProbes a third
	// (claimMore), checked after also.
	also, alsoProbes []string
	more, moreProbes []string
	// head is checked before all of them (nil: none).
	head *match.HeadGate
}

// probes is the probe of each of lits.
func probes(lits []string) []string {
	out := make([]string, len(lits))
	for i, l := range lits {
		out[i] = match.Probe(l)
	}
	return out
}

// New is the index of sets, signature sets by number: set i claims a line
// one of its signatures matches. leads are the signatures that go before
// another set's where a line matches both, comp gives the compiled
// patterns (each compiled once, shared by every index), and opt turns
// speed-ups off (tests only).
func New(sets [][]Sig, leads []Lead, comp Compiled, opt Options) *Index {
	x := &Index{sets: sets, comp: comp, opt: opt, curProf: -1, unions: newClaimUnions(len(sets))}
	var gs []*match.Gate
	var lens []int
	first := make([]int, len(sets)) // each set's first signature
	for pi, set := range sets {
		first[pi] = len(x.sigs)
		for i := range set {
			x.addSig(pi, i, &set[i])
			gs = append(gs, match.GateFor(set[i].Pattern, set[i].Gate))
			lens = append(lens, match.MinBytesFor(set[i].Pattern, set[i].Gate))
		}
	}
	x.leads = leadsOf(len(sets), leads, first)
	x.setKeyBits()
	x.words = (len(x.sigs) + 63) / 64
	x.first = x.masks(gs, func(g *match.Gate) *match.ByteSet { return g.First })
	x.firstNW = x.masks(gs, func(g *match.Gate) *match.ByteSet { return g.FirstNW })
	x.last = x.masks(gs, func(g *match.Gate) *match.ByteSet { return g.Last })
	x.short = x.shortMasks(lens)
	x.next = x.nextMasks(gs)
	x.indent = x.indentMasks(gs)
	x.edges = x.edgeArrays()
	x.curMask = make([]uint64, x.words)
	x.cand = make([]uint64, x.words)
	x.subTries = make([]uint8, len(x.sigs))
	x.headMasks()
	return x
}

// addSig adds signature i of set pi, s, with the literals every line it
// matches holds and its head gate.
func (x *Index) addSig(pi, i int, s *Sig) {
	c := claimSig{prof: pi, sig: i}
	sets := s.claimSets()
	if len(sets) > 0 {
		c.lits = sets[0]
		c.key, c.hasKey = match.KeyByte(c.lits)
		c.probes = probes(c.lits)
	}
	if s.Needs != nil && c.lits != nil && !slices.Equal(s.Needs, c.lits) && !slices.Contains(s.Needs, "") {
		// The longest set too: a line that holds ".py::" but no
		// " PASSED" need not run the pattern.
		c.also = s.Needs
		c.alsoProbes = probes(c.also)
	}
	if !x.opt.NoMoreLits {
		if c.more = match.ClaimMore(sets, c.lits, c.also); c.more != nil {
			c.moreProbes = probes(c.more)
		}
	}
	c.head = x.headGate(s.Pattern, s.Gate)
	x.sigs = append(x.sigs, c)
}

// Clone is a copy of x for another goroutine: the tables shared, the
// state of the line being claimed its own.
func (x *Index) Clone() *Index {
	c := *x
	c.curMask = slices.Clone(x.curMask)
	c.cand = make([]uint64, len(x.cand))
	c.heads = slices.Clone(x.heads)
	c.subBuf = nil
	c.subTries = make([]uint8, len(x.sigs))
	return &c
}

// headMasks builds the masks of the head classes, and lists in masked
// those with minHeadMask signatures or more.
func (x *Index) headMasks() {
	x.headed = make([]uint64, x.words)
	for k := range x.heads {
		x.headMask(k)
		n := 0
		for w, m := range x.heads[k].sigs {
			n += bits.OnesCount64(m)
			x.headed[w] |= m
		}
		if n < minHeadMask {
			for w, m := range x.heads[k].sigs {
				x.headed[w] &^= m
			}
			continue
		}
		x.masked = append(x.masked, k)
	}
}

// headMask builds the masks of head class k. Every row of post holds the
// signatures of other classes, and every row of pre those too and the
// ones with a pair without pre: they are gathered first and ORed into
// each row once.
func (x *Index) headMask(k int) {
	h := &x.heads[k]
	h.sigs = make([]uint64, x.words)
	h.post, h.pre = newMaskTable(257*x.words), newMaskTable(257*x.words)
	allPost, allPre := make([]uint64, x.words), make([]uint64, x.words)
	for s, c := range x.sigs {
		bit, w := uint64(1)<<(s%64), s/64
		if c.head == nil || c.head.Class != k {
			allPost[w] |= bit
			allPre[w] |= bit
			continue
		}
		h.sigs[w] |= bit
		for _, a := range c.head.Alts {
			h.post[int(a.Post[0])*x.words+w] |= bit
			if a.Pre == "" {
				allPre[w] |= bit
				continue
			}
			h.pre[int(a.Pre[len(a.Pre)-1])*x.words+w] |= bit
		}
	}
	for row := 0; row < 257; row++ {
		for w := range allPost {
			h.post[row*x.words+w] |= allPost[w]
			h.pre[row*x.words+w] |= allPre[w]
		}
	}
}

// newMaskTable is a table of n words, zero, for the index's masks, each of
// its pages written once. The builders fill a table with |=, which reads a
// word before it writes it, and the first read of a page fresh from the
// kernel maps its zero page there: the first write then faults again, and
// the kernel interrupts the other core to drop that mapping from its TLB,
// waiting on it (scripts/bench-faults.sh). A small pipe's index took about
// 19 such faults a build (headMask 14, masks 3), written first none.
func newMaskTable(n int) []uint64 {
	t := make([]uint64, n)
	for i := 0; i < n; i += pageWords {
		t[i] = 0
	}
	if n > 0 {
		t[n-1] = 0
	}
	return t
}

// pageWords is the words of a page of memory (4 KiB, the smallest a
// kernel maps).
const pageWords = 4096 / 8

// masks builds the table of one edge of the gates: row c holds the
// signatures whose set (of) allows byte c, or has none; row 256 those with
// none.
func (x *Index) masks(gs []*match.Gate, of func(*match.Gate) *match.ByteSet) []uint64 {
	t := newMaskTable(257 * x.words)
	for k, g := range gs {
		set := of(g)
		bit, w := uint64(1)<<(k%64), k/64
		for c := 0; c < 257; c++ {
			if set == nil || c < 256 && set[c] {
				t[c*x.words+w] |= bit
			}
		}
	}
	return t
}

// nextMasks builds next from the gates' next sets: row c (256: the line
// ends) holds the signatures whose set allows c, or that have none; row
// nextAny every signature.
func (x *Index) nextMasks(gs []*match.Gate) []uint64 {
	t := newMaskTable((match.NextAny + 1) * x.words)
	for k, g := range gs {
		bit, w := uint64(1)<<(k%64), k/64
		for c := 0; c <= match.NextAny; c++ {
			if g.Next == nil || c == match.NextAny || g.Next.Allows(c) {
				t[c*x.words+w] |= bit
			}
		}
	}
	return t
}

// indentMasks builds indent from the gates' indent masks.
func (x *Index) indentMasks(gs []*match.Gate) []uint64 {
	t := newMaskTable(match.IndentRows * x.words)
	for k, g := range gs {
		bit, w := uint64(1)<<(k%64), k/64
		for r := range match.IndentRows {
			if g.Indents&(1<<r) != 0 {
				t[r*x.words+w] |= bit
			}
		}
	}
	return t
}

// edgeWords is the most mask words edgeMasks holds.
// Three words hold 192 signatures: the built-ins passed 128 with the JS
// checkers, PHPUnit and Maven (149). candidates and inert read each word by
// name: a fourth is a line in each.
const edgeWords = 3

// edgeMasks is first, firstNW, last, short and next of a claim index, as
// arrays of rows of edgeWords words (the words past the index's are zero).
type edgeMasks struct {
	first, firstNW, last [257][edgeWords]uint64
	short                [match.ShortRows + 1][edgeWords]uint64
	next                 [match.NextAny + 1][edgeWords]uint64
	indent               [match.IndentRows][edgeWords]uint64
}

// edgeArrays is x's tables as an edgeMasks, nil when a mask is longer than
// edgeWords.
func (x *Index) edgeArrays() *edgeMasks {
	if x.words > edgeWords {
		return nil
	}
	e := new(edgeMasks)
	for w := range x.words {
		for c := range 257 {
			e.first[c][w] = x.first[c*x.words+w]
			e.firstNW[c][w] = x.firstNW[c*x.words+w]
			e.last[c][w] = x.last[c*x.words+w]
		}
		for n := range match.ShortRows + 1 {
			e.short[n][w] = x.short[n*x.words+w]
		}
		for c := range match.NextAny + 1 {
			e.next[c][w] = x.next[c*x.words+w]
		}
		for r := range match.IndentRows {
			e.indent[r][w] = x.indent[r*x.words+w]
		}
	}
	return e
}

// enter starts the claim of line l with cur the current set, and reports
// whether any signature may match it: its candidates, and the unions where
// they are asked (noneMatch: of every set, or of the sets but cur).
func (x *Index) enter(l string, cur int, all bool) bool {
	if cur != x.curProf {
		x.setCur(cur)
	}
	x.line++
	return x.candidates(l) && !(x.asksUnions() && x.noneMatch(l, all))
}

// Claim returns the set whose signatures match line l, cur's first (-1:
// no set is current), then in the order of the sets, and which signature
// matched (-1, -1: none).
func (x *Index) Claim(l string, cur int) (set, sig int) {
	if !x.enter(l, cur, true) {
		return -1, -1
	}
	// The current set's first match wins whatever else matches; else
	// the first match in order does.
	k := x.firstMatch(l, x.curMask, true)
	if k < 0 {
		k = x.firstMatch(l, x.curMask, false)
	}
	if k < 0 {
		return -1, -1
	}
	c := &x.sigs[k]
	return c.prof, c.sig
}

// ClaimSettled is Claim for a line of a segment whose set has met its
// threshold and has claimed a line since the last blank one: whether this
// line is the current set's changes nothing then (the segment stays
// strong, and the cut before another tool stays where it is, at the start
// of the line that tool claims, since no blank line came after the last
// claim). So the current set's signatures run only on a line another
// set's signature may match by its byte and literals (where they win:
// the line is the current set's, and -1 is returned), and the other
// signatures' patterns only where they do not match. It returns -1 for a
// line only the current set may claim.
//
// Where two or more other signatures admit a line and the current
// set's match it, the current set's go first for the next
// mineFirstLines lines (mineFirst counts them down), until one misses: a
// run whose lines are its set's and pass other tools' checks (mypy's
// pass pytest's, flake8's and shellcheck's) so runs one pattern a line,
// its own; a run whose lines pass no other's checks (go test's) runs none,
// and one whose lines pass one other's (eslint's pytest's tally) runs that
// one.
func (x *Index) ClaimSettled(l string, cur int) (set, sig int) {
	if !x.enter(l, cur, false) {
		return -1, -1
	}
	if x.mineFirst > 0 {
		x.mineFirst--
		x.ran = false
		if x.firstMatch(l, x.curMask, true) >= 0 {
			return -1, -1
		}
		if x.ran {
			// A pattern of the current set's missed: the
			// others go first again. A line none of them was
			// run on (a line of code under a lint issue) keeps
			// the order.
			x.mineFirst = 0
		}
		return x.claimOthers(l)
	}
	// n, counted without the steps around the head gates, is what the
	// order goes by (see mineFirstLines): a run of the current set's
	// pattern is often cheaper than the checks of the others a line
	// after another, so the steps only spare the runs of the signatures
	// they turn away, and every run of the others' when they turn away
	// all (left).
	n, left := x.othersAdmit(l)
	switch {
	case n == 0:
		return -1, -1
	case n == 1:
		return x.claimLeft(l, left)
	}
	if x.firstMatch(l, x.curMask, true) >= 0 {
		x.mineFirst = mineFirstLines
		return -1, -1
	}
	return x.claimLeft(l, left)
}

// claimLeft is claimOthers where left of the others' signatures pass
// every check.
func (x *Index) claimLeft(l string, left int) (set, sig int) {
	if left == 0 {
		return -1, -1
	}
	return x.claimOthers(l)
}

// claimOthers is claimSettled's answer from the other sets'
// signatures first: the first that matches claims the line unless one of
// the current set's does too, which wins.
func (x *Index) claimOthers(l string) (set, sig int) {
	k := x.firstMatch(l, x.curMask, false)
	if k < 0 || x.firstMatch(l, x.curMask, true) >= 0 {
		return -1, -1
	}
	c := &x.sigs[k]
	return c.prof, c.sig
}

// mineFirstLines is how many lines the current set's signatures go
// first after claimSettled found them the cheaper to try first.
const mineFirstLines = 64

// othersAdmit drops from cand the signatures of other sets than the
// current one that line l fails the checks of before their patterns, and
// counts those left (left); n counts those that pass the checks but the
// steps after a head gate.
func (x *Index) othersAdmit(l string) (n, left int) {
	x.headNarrow(l)
	x.admitted = x.line
	for i, m := range x.cand {
		m &^= x.curMask[i]
		for m != 0 {
			b := bits.TrailingZeros64(m)
			m &= m - 1
			head, all := x.checks(i*64+b, l, true)
			if head {
				n++
			}
			if all {
				left++
			} else {
				x.cand[i] &^= 1 << b
			}
		}
	}
	return n, left
}

// setCur makes set cur the current one (-1: none).
func (x *Index) setCur(cur int) {
	x.curProf = cur
	clear(x.curMask)
	for k, c := range x.sigs {
		if c.prof == x.curProf {
			x.curMask[k/64] |= 1 << (k % 64)
		}
	}
}

// candidates sets cand to the signatures whose gates line l passes, and
// that a line as long as l may match, and reports whether there are any.
func (x *Index) candidates(l string) bool {
	c0, cw, cl, cn := 256, 256, 256, match.NextAny
	if len(l) > 0 {
		c0, cl = int(l[0]), int(l[len(l)-1])
	}
	ws := 0
	for ws < len(l) && match.IsWS[l[ws]] {
		ws++
	}
	if ws < len(l) {
		cw, cn = int(l[ws]), match.NextRow(l, ws)
	}
	w, n, ir := x.words, min(len(l), match.ShortRows), match.IndentRow(l, ws)
	if e := x.edges; e != nil {
		f, fw, la, sh := &e.first[c0], &e.firstNW[cw], &e.last[cl], &e.short[n]
		nx, in := &e.next[cn], &e.indent[ir]
		m0 := f[0] & fw[0] & la[0] & sh[0] & nx[0] & in[0]
		m1 := f[1] & fw[1] & la[1] & sh[1] & nx[1] & in[1]
		m2 := f[2] & fw[2] & la[2] & sh[2] & nx[2] & in[2]
		x.cand[0] = m0
		if w > 1 {
			x.cand[1] = m1
		}
		if w > 2 {
			x.cand[2] = m2
		}
		return m0|m1|m2 != 0
	}
	// Rows as long as cand, cut once: the loop then indexes them unchecked.
	cand := x.cand[:w]
	first, firstNW := x.first[c0*w:][:w], x.firstNW[cw*w:][:w]
	last, short, next := x.last[cl*w:][:w], x.short[n*w:][:w], x.next[cn*w:][:w]
	indent := x.indent[ir*w:][:w]
	some := uint64(0)
	for i := range cand {
		m := first[i] & firstNW[i] & last[i] & short[i] & next[i] & indent[i]
		cand[i] = m
		some |= m
	}
	return some != 0
}

// Inert reports whether no signature may match l by its edge bytes and
// length, ws being the place of its first byte other than whitespace
// (len(l) or more: none; -1: not known). Its claim is then none by Claim
// and claimSettled alike, whichever set is current, and nothing of
// the index's changes. Most lines of a run are such (nine in ten of
// mocha's); asked first, they cost a claimer a few loads, not a claim.
func (x *Index) Inert(l string, ws int) bool {
	e := x.edges
	if e == nil || len(l) == 0 {
		return false
	}
	if ws < 0 {
		ws = 0
		for ws < len(l) && match.IsWS[l[ws]] {
			ws++
		}
	}
	cw, cn := 256, match.NextAny
	if ws < len(l) {
		cw, cn = int(l[ws]), match.NextRow(l, ws)
	}
	f, fw, la, sh := &e.first[l[0]], &e.firstNW[cw], &e.last[l[len(l)-1]], &e.short[min(len(l), match.ShortRows)]
	nx, in := &e.next[cn], &e.indent[match.IndentRow(l, ws)]
	return f[0]&fw[0]&la[0]&sh[0]&nx[0]&in[0]|f[1]&fw[1]&la[1]&sh[1]&nx[1]&in[1]|f[2]&fw[2]&la[2]&sh[2]&nx[2]&in[2] == 0
}

// headNarrow applies the head masks to cand, once a line: only where other
// sets' signatures are tried, as the current set's are few and its
// lines, matched first, pass their head gates.
func (x *Index) headNarrow(l string) {
	if x.narrowed == x.line || !x.anyHeaded() {
		return
	}
	x.narrowed = x.line
	some := uint64(1)
	for i := 0; some != 0 && i < len(x.masked); i++ {
		some = x.headCandidates(l, x.masked[i])
	}
}

// minHeadMask is how many signatures a head class needs for its masks to
// be used: a class of one or two is checked by each signature's gate
// (headGate.pass), which costs a line less than the masks.
const minHeadMask = 3

// anyHeaded reports whether a candidate has a head gate.
func (x *Index) anyHeaded() bool {
	for i, m := range x.cand {
		if m&x.headed[i] != 0 {
			return true
		}
	}
	return false
}

// headCandidates drops from cand the signatures of class k whose head
// gates line l fails by the bytes at and before its first byte outside
// the class, and returns what is left, ORed.
func (x *Index) headCandidates(l string, k int) uint64 {
	h := &x.heads[k]
	some, in := uint64(0), uint64(0)
	for i, m := range x.cand {
		some |= m
		in |= m & h.sigs[i]
	}
	if in == 0 {
		return some
	}
	i := x.headOf(l, k)
	post, pre := 256, 256
	if i < len(l) {
		post = int(l[i])
	}
	if i > 0 {
		pre = int(l[i-1])
	}
	w := x.words
	some = 0
	for j := range x.cand {
		m := x.cand[j] & h.post[post*w+j] & h.pre[pre*w+j]
		x.cand[j] = m
		some |= m
	}
	return some
}

// leadsOf is, by set of n, the signatures of other sets that go before
// its own where a line matches both (leads); first is where each set's
// signatures start.
func leadsOf(n int, leads []Lead, first []int) [][]int {
	var out [][]int
	for _, o := range leads {
		if o.Set < 0 || o.Set >= n || o.Over < 0 || o.Over >= n || o.Set == o.Over {
			continue
		}
		if out == nil {
			out = make([][]int, n)
		}
		out[o.Over] = append(out[o.Over], first[o.Set]+o.Sig)
	}
	return out
}

// lead is k, the first of the other sets' signatures that matches l
// (outside mine), or one that goes before the signatures of k's set
// and matches l too: golangci-lint's issue line is golangci-lint's, not
// go vet's, whose signature comes first by name.
func (x *Index) lead(l string, k int, mine []uint64) int {
	if x.leads == nil {
		return k
	}
	for _, j := range x.leads[x.sigs[k].prof] {
		w, b := j/64, uint64(1)<<(j%64)
		if mine[w]&b != 0 || x.cand[w]&b == 0 {
			continue
		}
		if x.admitted == x.line && x.runs(j, l) || x.admitted != x.line && x.matches(j, l, true) {
			return j
		}
	}
	return k
}

// firstMatch returns the first candidate (in mine, or outside it) whose
// pattern matches l, -1 when none does; outside mine, one that goes
// before it where both match (lead).
func (x *Index) firstMatch(l string, mine []uint64, in bool) int {
	if !in {
		x.headNarrow(l)
	}
	for i, m := range x.cand {
		if in {
			m &= mine[i]
		} else {
			m &^= mine[i]
		}
		for m != 0 {
			b := bits.TrailingZeros64(m)
			m &= m - 1
			k := i*64 + b
			if !in && x.admitted == x.line {
				if x.runs(k, l) {
					return x.lead(l, k, mine)
				}
				continue
			}
			if x.matches(k, l, !in) {
				if !in {
					return x.lead(l, k, mine)
				}
				return k
			}
		}
	}
	return -1
}

// matches runs signature k on l, after checking the byte and the literals
// every line it matches holds, and the steps after its head gate with
// steps (the current set's signatures go without: their lines, the
// most of a run, pass them, and the pattern runs after all).
func (x *Index) matches(k int, l string, steps bool) bool {
	if _, all := x.checks(k, l, steps); !all {
		return false
	}
	x.ran = true
	return x.runs(k, l)
}

// runs runs the pattern of signature k on l, unless its sureSub tells
// whether it matches: a lint line of file:line:col passes the checks of go
// vet's, gotest's and golangci-lint's signatures alike, and one of their
// patterns is then read on nearly every line.
func (x *Index) runs(k int, l string) bool {
	c := &x.sigs[k]
	if !x.opt.NoSureSigs && !x.opt.NoShortcuts && x.subTries[k] < subGiveUp {
		switch x.comp.Sub(c.prof, c.sig).Decide(&x.subBuf, l) {
		case match.SubFits:
			x.subTries[k] = 0
			return true
		case match.SubFails:
			x.subTries[k] = 0
			return false
		}
		x.subTries[k]++
	}
	re, err := x.comp.Regexp(c.prof, c.sig)
	return err == nil && re.MatchString(l)
}

// subGiveUp is how many lines in a row a signature's sureSub may leave to
// its pattern before it is no longer asked (in this claim index): go
// test's summary line '^(ok|FAIL|\?)\s+\S+\s+(...)' reads TAP's
// "ok 1 - name" up to the alternation, which the pattern then reads again.
const subGiveUp = 64

// checks reports whether l passes the checks of signature k before its
// pattern (all): its head gate, its byte, its literals, and when steps,
// the steps after its head gate and its third literal set (more); and
// whether it passes them but those two (head).
func (x *Index) checks(k int, l string, steps bool) (head, all bool) {
	c := &x.sigs[k]
	tail := true
	if c.head != nil {
		head, tail = c.head.Check(l, x.headOf(l, c.head.Class), steps && !x.opt.NoHeadTails)
		if !head {
			return false, false
		}
	}
	if c.hasKey && !x.has(l, c.key) || c.lits != nil && !holdsLit(l, c.lits, c.probes) ||
		c.also != nil && !holdsLit(l, c.also, c.alsoProbes) {
		return false, false
	}
	// more goes with the steps: the current set's signatures go
	// without either, and claimSettled orders its tries by the lines
	// that pass the rest (see othersAdmit).
	return true, tail && (!steps || c.more == nil || holdsLit(l, c.more, c.moreProbes))
}

// headGate is the head gate of pattern, its class shared with the other
// gates of that class (nil: none).
func (x *Index) headGate(pattern string, t *match.SigGate) *match.HeadGate {
	class, alts, ok := match.HeadGateFor(pattern, t)
	if !ok {
		return nil
	}
	k := slices.IndexFunc(x.heads, func(h headClass) bool { return h.set == class })
	if k < 0 {
		k = len(x.heads)
		x.heads = append(x.heads, headClass{set: class})
	}
	return &match.HeadGate{Class: k, Alts: alts}
}

// headOf is the index of the first byte of l, the line being claimed,
// outside classes[k] (len(l): none), worked out once a line.
func (x *Index) headOf(l string, k int) int {
	h := &x.heads[k]
	if h.at == x.line {
		return h.pos
	}
	i := 0
	for i < len(l) && h.set[l[i]] {
		i++
	}
	h.at, h.pos = x.line, i
	return i
}

// holdsLit reports whether l holds one of lits, each searched for first
// by its probe.
func holdsLit(l string, lits, probes []string) bool {
	for i, lit := range lits {
		if strings.Contains(l, probes[i]) && (len(probes[i]) == len(lit) || strings.Contains(l, lit)) {
			return true
		}
	}
	return false
}

// has reports whether l, the line being claimed, holds byte b; the answer
// is kept for the other signatures that ask.
//
// The first searchesBeforeWalk bytes a line is asked about are searched
// for; a line asked about more (pytest's, which the .go: and .py:
// signatures of other tools reach) is walked once for every key.
func (x *Index) has(l string, b byte) bool {
	if x.hasAt[b] == x.line {
		return x.hasYes[b]
	}
	bit := x.keyBit[b]
	if bit != 0 && x.keysAt == x.line {
		return x.keysHeld&bit != 0
	}
	if x.searchedAt != x.line {
		x.searchedAt, x.searched = x.line, 0
	}
	if bit != 0 && x.searched >= searchesBeforeWalk {
		x.keysAt, x.keysHeld = x.line, x.keysOf(l)
		return x.keysHeld&bit != 0
	}
	x.searched++
	x.hasAt[b] = x.line
	x.hasYes[b] = strings.IndexByte(l, b) >= 0
	return x.hasYes[b]
}

// searchesBeforeWalk is how many bytes has searches a line for before it
// walks the line for every key at once: a line few signatures reach is
// searched, as a walk would cost it more.
const searchesBeforeWalk = 4

// setKeyBits gives the first 64 distinct key bytes of the signatures a
// bit each.
func (x *Index) setKeyBits() {
	n := 0
	for _, c := range x.sigs {
		if c.hasKey && x.keyBit[c.key] == 0 && n < 64 {
			x.keyBit[c.key] = 1 << n
			n++
		}
	}
}

// keysOf is the bits of the key bytes l holds.
func (x *Index) keysOf(l string) uint64 {
	var m0, m1 uint64
	i := 0
	for ; i+1 < len(l); i += 2 {
		m0 |= x.keyBit[l[i]]
		m1 |= x.keyBit[l[i+1]]
	}
	if i < len(l) {
		m0 |= x.keyBit[l[i]]
	}
	return m0 | m1
}

// scanSegments reads the input once, copying it to sp, and splits it into
// shortMasks builds the mask of each line length below shortRows: row n
// holds the signatures a line of n bytes is long enough for, and row
// shortRows every signature.
func (x *Index) shortMasks(lens []int) []uint64 {
	t := newMaskTable((match.ShortRows + 1) * x.words)
	for k, need := range lens {
		bit, w := uint64(1)<<(k%64), k/64
		for n := min(need, match.ShortRows); n <= match.ShortRows; n++ {
			t[n*x.words+w] |= bit
		}
	}
	return t
}

// Signatures is how many signatures the index holds, of every set.
func (x *Index) Signatures() int { return len(x.sigs) }

// BeginBatch sets whether the unions are asked on the batch about to be
// claimed, and starts its clock when it is one of a trial's.
func (x *Index) BeginBatch() {
	t := &x.trial
	switch {
	case x.opt.NoUnions || x.opt.UnionsAlways || t.lines < UnionAfterLines:
		t.on = false
	case t.phase < unionPhases:
		t.on = t.phase%2 == 1
		t.start = unionClock()
	default:
		t.on = t.chose
	}
}

// EndBatch counts the n lines of the batch just claimed and, at the end of
// a trial, keeps the faster way.
func (x *Index) EndBatch(n int) {
	t := &x.trial
	t.lines += n
	if x.opt.NoUnions || x.opt.UnionsAlways || t.lines-n < UnionAfterLines {
		return
	}
	if t.phase >= unionPhases {
		if t.since++; t.since >= unionTrialEvery {
			t.phase, t.since = 0, 0
		}
		return
	}
	if t.phase == 0 {
		t.best = [2]float64{math.Inf(1), math.Inf(1)}
	}
	per := float64(unionClock().Sub(t.start)) / float64(max(n, 1))
	t.best[t.phase%2] = min(t.best[t.phase%2], per)
	if t.phase++; t.phase == unionPhases {
		t.chose = t.best[1] < t.best[0]
	}
}

// asksUnions reports whether the line being claimed may ask the unions.
func (x *Index) asksUnions() bool {
	return x.trial.on || x.opt.UnionsAlways && !x.opt.NoUnions
}

// noneMatch reports whether a union tells that l, the line being claimed,
// matches none of its signatures: every set's (all) or the other
// sets' than the current one. False says nothing: a match, a line
// handed back, no current set, or a line that passes the gates of too
// few of them to ask.
func (x *Index) noneMatch(l string, all bool) bool {
	if x.curProf < 0 && !all {
		return false
	}
	n := 0
	for i, m := range x.cand {
		if !all {
			m &^= x.curMask[i]
		}
		n += bits.OnesCount64(m)
	}
	if n < unionMinCandidates {
		return false
	}
	var re *fastre.Regexp
	var loose []uint64
	if all {
		re, loose = x.unions.all.get(x.sets, -1, x.words)
	} else {
		re, loose = x.unions.others[x.curProf].get(x.sets, x.curProf, x.words)
	}
	if re == nil {
		return false
	}
	if m, answered := re.MatchStringDFA(l); !answered || m {
		return false
	}
	return !x.loosePass(l, loose)
}

// loosePass reports whether l passes the checks of a candidate of loose,
// the signatures a union leaves out: its pattern would have to be run.
func (x *Index) loosePass(l string, loose []uint64) bool {
	for i, m := range loose {
		m &= x.cand[i]
		for m != 0 {
			b := bits.TrailingZeros64(m)
			m &= m - 1
			if _, all := x.checks(i*64+b, l, true); all {
				return true
			}
		}
	}
	return false
}
