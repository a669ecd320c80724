package match

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/parse"
)

// SureSub is sureMatch for a rule with named groups: for a pattern that is
// ^ then parts read possessively, it also tells where each group is. Go's
// regexp picks, among the matches, the one a backtracking matcher finds
// first, which takes the most a greedy repeat can take and the first
// alternative that fits. Reading each part that way (the most it can take,
// the first literal of a set that is there, the first alternative that
// fits) is that matcher's first try, so when it reaches the end of the
// pattern, its match and its groups are the regexp's. When it does not,
// the regexp decides. Classes past ASCII are read a byte at a time only
// where a whole run of them is taken ('[^\s:]+', '.*'): such a run ends at
// an ASCII byte or the end of the line, a rune's boundary; taken once, such
// a class takes a whole rune. nil knows no line.
//
// It also tells a line the pattern surely does not match: one a part does
// not fit before any part that could have been taken another way (see
// decide), so that the regexp need not run on it either.
//
// Two shapes need more than one try, and are read as the matcher reads
// them. A repeat followed by literals that may start inside its run
// ('[^\s:]+\.go', '.* \(') backs off from the end of its run to the last
// place one of them starts (see backOff). An alternation or an optional
// part that is not a set of literals ('(E9|F82|[A-Z]+)', '(?:(\d+):)?')
// takes its first alternative whose parts fit, moving on to the next only
// when the parts that did not fit had no other way to (see subAlt.final).
//
// A lazy repeat ('.*?', '\S+?') is known where only group places, one
// optional literal and the end of the line follow it (mocha's
// '^ {7,}(?P<name>\S.*?):?$'): the rest then fits only at the end of the
// line or where the literal ends it, so the matcher's shortest try is the
// first of those two places the run reaches (see readLazy).
type SureSub struct {
	items []subItem
	// slots is the length of the group places FindStringSubmatchIndex
	// returns.
	slots int
}

// subItem is a part of a sureSub: from min to max bytes of set; or one of
// lits; or the end of the line (end); or, with slot at 0 or more, the
// place of a group's start or end (2*group, 2*group+1); or one of alts.
type subItem struct {
	// kind is which of those it is, and pre the group places set to
	// the position before it (npre of them). What a line reads of a
	// part comes first, in one cache line: kind, pre, the flags, min,
	// max and set (see fuse).
	kind subKind
	npre uint8
	Pre  [maxPre]int16
	// notNL is set on a repeat of every byte but a newline ('.*'),
	// whose run ends at the first newline.
	notNL bool
	// opens is set on a part of the top level that the matcher could
	// take another way should a later part not fit (see choice).
	opens bool
	// wide is set on a class taken once that holds every rune past
	// ASCII ('[^\s:.]'): it takes a whole rune.
	wide bool
	End  bool
	// lazy is set on a lazy repeat (a '*?' or '+?' of set), which takes
	// the line up to tail, when the line ends in tail, else up to its
	// end (see lazyTail).
	lazy bool
	Tail string
	// boundary is set on '\b': no bytes, an ASCII word byte on one
	// side of it and none on the other.
	boundary bool
	// slot is at most 2*(1000+1) (see subOf).
	slot     int32
	Min, Max int
	Set      PrefixSet

	Lits []string
	lit  string // the one of lits, on a kindLit
	Alts []subAlt
	// Back, on a repeat, is the literals of the part after it when one of
	// them may start inside the run, and first their first bytes.
	Back  []string
	First PrefixSet
}

// subKind is what a subItem is.
type subKind uint8

const (
	kindSlot subKind = iota
	kindEnd
	kindAlt
	kindLits
	kindLit // one literal, in lit
	kindRune
	kindRun
	kindLazy
	kindBoundary
)

// maxPre bounds the group places a subItem sets before it.
const maxPre = 3

// kindOf is what it is.
func (it *subItem) kindOf() subKind {
	switch {
	case it.slot >= 0:
		return kindSlot
	case it.End:
		return kindEnd
	case it.boundary:
		return kindBoundary
	case it.Alts != nil:
		return kindAlt
	case len(it.Lits) == 1:
		return kindLit
	case it.Lits != nil:
		return kindLits
	case it.wide:
		return kindRune
	case it.lazy:
		return kindLazy
	}
	return kindRun
}

// fuse is items with the group places before a part set by that part
// (up to maxPre of them), so that reading a line goes through fewer
// items; the places after the last part stay items of their own.
func fuse(items []subItem) []subItem {
	var out []subItem
	var pending []int16
	for _, it := range items {
		it.kind = it.kindOf()
		if it.kind == kindLit {
			it.lit = it.Lits[0]
		}
		for k := range it.Alts {
			a := &it.Alts[k]
			a.items = fuse(a.items)
			a.groups = setsGroups(a.items)
		}
		if it.kind == kindSlot {
			pending = append(pending, int16(it.slot))
			continue
		}
		if len(pending) <= maxPre {
			it.npre = uint8(copy(it.Pre[:], pending))
		} else {
			out = append(out, slotItems(pending)...)
		}
		pending = pending[:0]
		out = append(out, it)
	}
	return append(out, slotItems(pending)...)
}

// setsGroups says whether items set a group's place.
func setsGroups(items []subItem) bool {
	return slices.ContainsFunc(items, func(it subItem) bool {
		return it.kind == kindSlot || it.npre > 0 || slices.ContainsFunc(it.Alts, func(a subAlt) bool { return a.groups })
	})
}

// slotItems is an item for each group place of slots.
func slotItems(slots []int16) []subItem {
	var out []subItem
	for _, sl := range slots {
		out = append(out, subItem{kind: kindSlot, slot: int32(sl)})
	}
	return out
}

// subAlt is one alternative of an alternation: its parts, and whether
// their not fitting means no way through them at all (final), so that the
// next alternative is the matcher's next try. It is not when a part that
// could take less or another literal comes before a later one: the
// matcher would try those first.
type subAlt struct {
	items []subItem
	final bool
	// groups is set when its parts set group places, which a failed
	// try takes back (see clearSlots).
	groups bool
}

// SubOutcome is how reading a sureSub's parts went.
type SubOutcome uint8

const (
	SubFits SubOutcome = iota
	SubFails
	// SubUnsure: another way through might fit; the regexp decides.
	SubUnsure
)

// SubOf is the sureSub of pattern, nil when it is not of that form.
func SubOf(pattern string) *SureSub {
	re, err := ParsedOf(pattern)
	if err != nil {
		return nil
	}
	alts := alternativesOf(re)
	if len(alts) != 1 {
		return nil
	}
	return subOfAlt(re, alts[0])
}

// subOfAlt is the sureSub of alternative alt of re (all of it, or one of
// its alternatives), nil when it is not of that form.
func subOfAlt(re *syntax.Regexp, alt []*syntax.Regexp) *SureSub {
	// A group's place is an int16 in a part's pre.
	if len(alt) < 2 || alt[0].Op != syntax.OpBeginText || re.MaxCap() > 1000 {
		return nil
	}
	items, ok := seqOf(alt[1:])
	if !ok || hopeless(items) || !lazyTails(items) {
		return nil
	}
	for i := range items {
		if next := nextPart(items, i); next != nil && items[i].slot < 0 {
			items[i].opens = items[i].choice(next)
		}
	}
	items = fuse(items)
	return &SureSub{items: items, slots: 2 * (re.MaxCap() + 1)}
}

// lazyTails sets the tail of each lazy repeat of items, and says whether
// each is followed by what readLazy knows: group places, at most one
// optional literal that starts with an ASCII byte (a rune's boundary),
// and the end of the line. A lazy repeat inside an alternation is not
// known.
func lazyTails(items []subItem) bool {
	for k := range items {
		it := &items[k]
		if nestedLazy(it.Alts) {
			return false
		}
		if !it.lazy {
			continue
		}
		tail, ok := lazyTail(items[k+1:])
		if !ok {
			return false
		}
		it.Tail = tail
	}
	return true
}

// nestedLazy says whether the items of alts hold a lazy repeat.
func nestedLazy(alts []subAlt) bool {
	for _, a := range alts {
		for k := range a.items {
			if a.items[k].lazy || nestedLazy(a.items[k].Alts) {
				return true
			}
		}
	}
	return false
}

// lazyTail is the optional literal of rest, the items after a lazy
// repeat ("" for none), and whether rest is group places, at most one
// optional literal ('x?' of one byte, or a literal-or-nothing), and the
// end of the line.
func lazyTail(rest []subItem) (string, bool) {
	tail, seen := "", false
	for k := range rest {
		it := &rest[k]
		switch {
		case it.slot >= 0:
		case it.End:
			return tail, true
		case seen:
			return "", false
		case it.Lits == nil && it.Alts == nil && !it.wide && !it.lazy && it.Min == 0 && it.Max == 1:
			b, ok := it.Set.only()
			if !ok || b >= utf8.RuneSelf {
				return "", false
			}
			tail, seen = string(b), true
		case len(it.Lits) == 2 && it.Lits[1] == "" && it.Lits[0] != "" && it.Lits[0][0] < utf8.RuneSelf:
			tail, seen = it.Lits[0], true
		default:
			return "", false
		}
	}
	return "", false
}

// only is the one byte of s, and whether s holds exactly one.
func (s *PrefixSet) only() (byte, bool) {
	n, b := 0, byte(0)
	for c := range 256 {
		if s.Has(byte(c)) {
			n, b = n+1, byte(c)
		}
	}
	return b, n == 1
}

// seqOf is the items of a sequence of parts, linked (see link).
func seqOf(parts []*syntax.Regexp) ([]subItem, bool) {
	var items []subItem
	for i, p := range parts {
		if p.Op == syntax.OpEndText {
			if i != len(parts)-1 {
				return nil, false
			}
			items = append(items, subItem{End: true, slot: -1})
			continue
		}
		more, ok := subItemsOf(p)
		if !ok {
			return nil, false
		}
		items = append(items, more...)
	}
	link(items)
	return items, true
}

// subItemsOf is the items of one part of a sureSub.
func subItemsOf(p *syntax.Regexp) ([]subItem, bool) {
	switch p.Op {
	case syntax.OpCapture:
		inner := []*syntax.Regexp{p.Sub[0]}
		if p.Sub[0].Op == syntax.OpConcat {
			inner = p.Sub[0].Sub
		}
		items := []subItem{{slot: int32(2 * p.Cap)}}
		for _, sub := range inner {
			more, ok := subItemsOf(sub)
			if !ok {
				return nil, false
			}
			items = append(items, more...)
		}
		return append(items, subItem{slot: int32(2*p.Cap + 1)}), true
	case syntax.OpLiteral:
		if p.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		return []subItem{{Lits: []string{string(p.Rune)}, slot: -1}}, true
	case syntax.OpCharClass:
		if set, ok := asciiSet(p); ok {
			return []subItem{{Set: set, Min: 1, Max: 1, slot: -1}}, true
		}
		if set, ok := wideSet(p); ok {
			return []subItem{{Set: set, Min: 1, Max: 1, slot: -1, wide: true}}, true
		}
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		if items, ok := repeatItem(p); ok || p.Op != syntax.OpQuest {
			return items, ok
		}
	case syntax.OpWordBoundary:
		// mocha's 'AssertionError\b': the regexp's \b is of ASCII
		// words.
		return []subItem{{boundary: true, slot: -1}}, true
	}
	if lits, ok := sureLiterals(p); ok && !hasCapture(p) {
		return []subItem{{Lits: lits, slot: -1}}, true
	}
	return altItem(p)
}

// hasCapture says whether p holds a group, whose place a set of literals
// would not tell.
func hasCapture(p *syntax.Regexp) bool {
	return p.Op == syntax.OpCapture || slices.ContainsFunc(p.Sub, hasCapture)
}

// altItem is the item of an alternation, or of an optional part, whose
// alternatives are not all literals.
func altItem(p *syntax.Regexp) ([]subItem, bool) {
	var subs []*syntax.Regexp
	switch {
	case p.Op == syntax.OpAlternate:
		subs = p.Sub
	case p.Op == syntax.OpQuest:
		// x? tries x, then nothing; x?? the other way round.
		subs = []*syntax.Regexp{p.Sub[0], {Op: syntax.OpEmptyMatch}}
		if p.Flags&syntax.NonGreedy != 0 {
			subs[0], subs[1] = subs[1], subs[0]
		}
	default:
		return nil, false
	}
	it := subItem{slot: -1}
	for _, sub := range subs {
		parts := []*syntax.Regexp{sub}
		switch sub.Op {
		case syntax.OpConcat:
			parts = sub.Sub
		case syntax.OpEmptyMatch:
			parts = nil
		}
		items, ok := seqOf(parts)
		if !ok {
			return nil, false
		}
		it.Alts = append(it.Alts, subAlt{items: items, final: final(items)})
	}
	return []subItem{it}, true
}

// link marks each repeat of items that the literals after it may start
// inside of (see backOff). Those literals must start with an ASCII byte
// after a run that takes runes past ASCII, so that every place they start
// at is a rune's boundary; and none may be empty (the run then ends where
// it ends).
func link(items []subItem) {
	for i := range items {
		it := &items[i]
		if !it.isRun() || it.lazy {
			continue
		}
		next := nextPart(items, i)
		if next == nil || next.Lits == nil {
			continue
		}
		var first PrefixSet
		for _, l := range next.Lits {
			if l == "" || it.Set.Has(0x80) && l[0] >= 0x80 {
				first = PrefixSet{}
				break
			}
			first.Add(l[0])
		}
		if first.meets(&it.Set) {
			it.Back, it.First = next.Lits, first
		}
	}
}

// nextPart is the first item after items[i] that is not a group's place.
func nextPart(items []subItem, i int) *subItem {
	for j := i + 1; j < len(items); j++ {
		if items[j].slot < 0 {
			return &items[j]
		}
	}
	return nil
}

// isRun says whether it is a repeat of a set that can take more or less.
func (it *subItem) isRun() bool {
	return it.slot < 0 && !it.End && it.Lits == nil && it.Alts == nil && it.Min < it.Max
}

// final says whether items not fitting a line means that no way through
// them fits it: only their last part may have another try left.
func final(items []subItem) bool {
	for i := range items {
		it := &items[i]
		next := nextPart(items, i)
		if next != nil && it.slot < 0 && it.choice(next) {
			return false
		}
	}
	return true
}

// choice says whether the matcher could take it another way should next
// (the part after it) not fit.
func (it *subItem) choice(next *subItem) bool {
	switch {
	case it.lazy:
		// Its tail leaves it one place to end (lazyTail).
		return false
	case it.Alts != nil:
		return len(it.Alts) > 1
	case it.Lits != nil:
		return len(it.Lits) > 1
	case it.End || !it.isRun():
		return false
	case it.Back != nil:
		return true
	}
	return !next.needsOutside(&it.Set)
}

// needsOutside says whether it needs a first byte outside set, or the end
// of the line: a run of set that took less would leave it a byte of set.
func (it *subItem) needsOutside(set *PrefixSet) bool {
	switch {
	case it.End:
		return true
	case it.Alts != nil:
		return false
	case it.Lits != nil:
		for _, l := range it.Lits {
			if l == "" || set.Has(l[0]) {
				return false
			}
		}
		return true
	}
	return it.Min > 0 && !it.Set.meets(set)
}

// repeatItem is the item of a greedy repeat of a class: of ASCII, or, taken
// as a whole run (* or +), of one that holds every rune past ASCII. A lazy
// * or + is one too, marked lazy (its tail is known only once the parts
// after it are: lazyTails).
func repeatItem(p *syntax.Regexp) ([]subItem, bool) {
	lazy := p.Flags&syntax.NonGreedy != 0
	if lazy && p.Op != syntax.OpStar && p.Op != syntax.OpPlus {
		return nil, false
	}
	it := subItem{slot: -1, lazy: lazy}
	it.Min, it.Max = repeatBounds(p)
	set, ok := asciiSet(p.Sub[0])
	if !ok {
		run := p.Op == syntax.OpStar || p.Op == syntax.OpPlus
		if set, ok = wideSet(p.Sub[0]); !ok || !run {
			return nil, false
		}
	}
	it.Set = set
	var notNL PrefixSet
	for b := range 256 {
		if b != '\n' {
			notNL.Add(byte(b))
		}
	}
	it.notNL = set == notNL
	return []subItem{it}, true
}

// wideSet is the bytes of a class that holds every rune past ASCII ('\S',
// '[^\s:]', '.'): its ASCII bytes and every byte from 0x80 on.
func wideSet(p *syntax.Regexp) (PrefixSet, bool) {
	var set PrefixSet
	var ranges []rune
	switch p.Op {
	case syntax.OpAnyCharNotNL:
		ranges = []rune{0, '\n' - 1, '\n' + 1, 0x10ffff}
	case syntax.OpAnyChar:
		ranges = []rune{0, 0x10ffff}
	case syntax.OpCharClass:
		ranges = p.Rune
	default:
		return set, false
	}
	if !HoldsNonASCII(ranges) {
		return set, false
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= min(ranges[i+1], 0xff); r++ {
			set.Add(byte(r))
		}
	}
	for b := 0x80; b < 0x100; b++ {
		set.Add(byte(b))
	}
	return set, true
}

// hopeless says whether a run of '.' (every byte but a newline) comes
// before a part that needs a byte it takes: read possessively, the run
// takes the rest of the line, and no line would get past it (unless it
// backs off). A run of nearly every byte that stops at the one the next
// part starts with ('[^\]]+\]', gcc's "[-Wflag]") is read in one pass.
func hopeless(items []subItem) bool {
	for i, it := range items {
		if it.lazy || it.Back != nil || !it.Set.Has('a') || !it.Set.Has(0x80) || it.Max != int(^uint(0)>>1) || !it.Set.Has(' ') {
			continue
		}
		for _, next := range items[i+1:] {
			if next.Lits != nil && !slices.Contains(next.Lits, "") || next.Set != (PrefixSet{}) && next.Min > 0 {
				if next.startsOutside(&it.Set) {
					break // the run stops where next starts
				}
				return true
			}
		}
	}
	return false
}

// startsOutside says whether every byte it may start with is outside set:
// a run of set read possessively stops before it.
func (it *subItem) startsOutside(set *PrefixSet) bool {
	if it.Lits == nil {
		return !it.Set.meets(set)
	}
	for _, l := range it.Lits {
		if set.Has(l[0]) {
			return false
		}
	}
	return true
}

// SureAlts is the sureSub of each alternative of a pattern (an element is
// nil where an alternative is not of that form): for a detection
// signature, which needs no groups, an alternation of them tells a line
// too. mocha's '^  \d+\) .*:$|^ {7,}\S.*:$' ran its automaton on one line of
// its runs in forty: half the automaton runs of its claims.
type SureAlts []*SureSub

// SubsOf is the sureAlts of pattern (nil: no alternative of that form).
func SubsOf(pattern string) SureAlts {
	re, err := ParsedOf(pattern)
	if err != nil {
		return nil
	}
	var out SureAlts
	some := false
	for _, alt := range alternativesOf(re) {
		s := subOfAlt(re, alt)
		some = some || s != nil
		out = append(out, s)
	}
	if !some {
		return nil
	}
	return out
}

// Decide tells whether line surely matches one of the alternatives
// (subFits), or surely matches none (subFails); else subUnsure. dst is
// the sureSubs' buffer for group places (which this drops).
func (a SureAlts) Decide(dst *[]int, line string) SubOutcome {
	if a == nil {
		return SubUnsure
	}
	out := SubFails
	for _, s := range a {
		switch _, o := s.Decide(dst, line); o {
		case SubFits:
			return SubFits
		case SubUnsure:
			out = SubUnsure
		}
	}
	return out
}

// Decide tells whether line surely matches (subFits), and where its groups
// are, in dst (grown when short), as FindStringSubmatchIndexTo says; or
// that it surely does not (subFails): a part found no way to fit before
// any part that could have been taken another way (settled). subUnsure
// leaves it to the regexp.
func (s *SureSub) Decide(dst *[]int, line string) ([]int, SubOutcome) {
	if s == nil {
		return nil, SubUnsure
	}
	if cap(*dst) < s.slots {
		*dst = make([]int, s.slots)
	}
	idx := (*dst)[:s.slots]
	for k := range idx {
		idx[k] = -1
	}
	i, settled := 0, true
	for k := range s.items {
		it := &s.items[k]
		if it.npre > 0 {
			it.setPre(idx, i)
		}
		switch it.kind {
		case kindSlot:
			idx[it.slot] = i
			continue
		case kindLit:
			// The most common part, read here without a call.
			if !strings.HasPrefix(line[i:], it.lit) {
				return nil, missed(settled)
			}
			i += len(it.lit)
			continue
		case kindLits:
			// read's and onlyWay's answers in one pass (go vet's
			// "vet: " or nothing, then "./" or nothing, on every
			// line).
			end, there := it.litsThere(line, i)
			if there == 0 {
				return nil, missed(settled)
			}
			i, settled = end, settled && (there == 1 || !it.opens)
			continue
		}
		start := i
		var o SubOutcome
		if i, o = it.read(line, i, idx); o != SubFits {
			if o == SubFails {
				return nil, missed(settled)
			}
			return nil, SubUnsure
		}
		if settled && it.opens {
			settled = it.onlyWay(line, start, i)
		}
	}
	idx[0], idx[1] = 0, i
	return idx, SubFits
}

// setPre sets the group places before the part (npre of them, at least
// one) to i. Unrolled: a range over pre[:npre] cost decide a fifth of its
// instructions on go vet's lines.
func (it *subItem) setPre(idx []int, i int) {
	idx[it.Pre[0]] = i
	if it.npre > 1 {
		idx[it.Pre[1]] = i
		if it.npre > 2 {
			idx[it.Pre[2]] = i
		}
	}
}

// litsThere reads a set of literals from line[i:]: where the first of
// them that is there ends (read's answer), and how many are there (one:
// onlyWay's).
func (it *subItem) litsThere(line string, i int) (end, there int) {
	end = i
	for _, l := range it.Lits {
		if strings.HasPrefix(line[i:], l) {
			if there == 0 {
				end = i + len(l)
			}
			there++
		}
	}
	return end, there
}

// missed is the outcome of a part that found no way to fit: surely no
// match while settled.
func missed(settled bool) SubOutcome {
	if settled {
		return SubFails
	}
	return SubUnsure
}

// onlyWay says whether the part, which took line[start:end], could have
// taken it no other way: a repeat that backed off to the only place the
// literals after it start, or the one literal of a set that is there (go
// vet's "vet: " or nothing, on a line without it).
func (it *subItem) onlyWay(line string, start, end int) bool {
	switch {
	case it.Back != nil:
		return it.onlyPlace(line, start+it.Min, end)
	case it.kind == kindLits:
		fits := 0
		for _, l := range it.Lits {
			if strings.HasPrefix(line[start:], l) {
				fits++
			}
		}
		return fits == 1
	}
	return false
}

// onlyPlace says whether k is the only place from lo on, up to k, where a
// repeat that backed off to k could end: the matcher, backing off further,
// would find none of the literals after it.
func (it *subItem) onlyPlace(line string, lo, k int) bool {
	for j := k - 1; j >= lo; j-- {
		if !it.First.Has(line[j]) {
			continue
		}
		for _, l := range it.Back {
			if strings.HasPrefix(line[j:], l) {
				return false
			}
		}
	}
	return true
}

// readItems reads items from line[i:], filling idx: where they end, and
// how it went.
func readItems(items []subItem, line string, i int, idx []int) (int, SubOutcome) {
	for k := range items {
		it := &items[k]
		if it.npre > 0 {
			it.setPre(idx, i)
		}
		if it.kind == kindSlot {
			idx[it.slot] = i
			continue
		}
		var o SubOutcome
		if i, o = it.read(line, i, idx); o != SubFits {
			return i, o
		}
	}
	return i, SubFits
}

// read reads one item, not a group's place, from line[i:].
func (it *subItem) read(line string, i int, idx []int) (int, SubOutcome) {
	switch it.kind {
	case kindEnd:
		return i, fits(i == len(line))
	case kindAlt:
		return it.readAlt(line, i, idx)
	case kindLit:
		if strings.HasPrefix(line[i:], it.lit) {
			return i + len(it.lit), SubFits
		}
		return i, SubFails
	case kindLits:
		for _, l := range it.Lits {
			if strings.HasPrefix(line[i:], l) {
				return i + len(l), SubFits
			}
		}
		return i, SubFails
	case kindRune:
		return it.readRune(line, i)
	case kindLazy:
		return it.readLazy(line, i)
	case kindBoundary:
		return i, fits(wordAt(line, i-1) != wordAt(line, i))
	}
	end := it.runEnd(line, i)
	if end-i < it.Min {
		return end, SubFails
	}
	if it.Back != nil {
		return it.backOff(line, i+it.Min, end)
	}
	return end, SubFits
}

// runEnd is where the run of set from line[i:] ends, max bytes at most.
func (it *subItem) runEnd(line string, i int) int {
	rest := line[i:]
	if len(rest) > it.Max {
		rest = rest[:it.Max]
	}
	if it.notNL {
		if k := strings.IndexByte(rest, '\n'); k >= 0 {
			return i + k
		}
		return i + len(rest)
	}
	for k := 0; k < len(rest); k++ {
		if !it.Set.Has(rest[k]) {
			return i + k
		}
	}
	return i + len(rest)
}

// wordAt says whether line[i] is an ASCII word byte ([0-9A-Za-z_]), false
// before the line's start and past its end.
func wordAt(line string, i int) bool {
	return i >= 0 && i < len(line) && parse.IsWordByte(line[i])
}

// readLazy reads a lazy repeat from line[i:]. The parts after it fit only
// where the line ends in its tail or at the end of the line (lazyTail):
// the matcher, trying the shortest run first, ends it at the first of those
// places at least min bytes on, if the run reaches it. If the run stops
// short of it, it reaches neither: no way through fits.
func (it *subItem) readLazy(line string, i int) (int, SubOutcome) {
	lo, p := i+it.Min, len(line)
	if k := len(line) - len(it.Tail); it.Tail != "" && k >= lo && line[k:] == it.Tail {
		p = k
	}
	if p < lo || it.runEnd(line, i) < p {
		return i, SubFails
	}
	return p, SubFits
}

// readRune reads the one rune of a wide class: past ASCII, the class holds
// it whatever it is (an invalid byte is read as U+FFFD, a byte long, as
// the regexp reads it).
func (it *subItem) readRune(line string, i int) (int, SubOutcome) {
	switch {
	case i == len(line):
		return i, SubFails
	case line[i] < utf8.RuneSelf:
		return i + 1, fits(it.Set.Has(line[i]))
	}
	_, w := utf8.DecodeRuneInString(line[i:])
	return i + w, SubFits
}

// fits is the outcome of a test.
func fits(ok bool) SubOutcome {
	if ok {
		return SubFits
	}
	return SubFails
}

// backOff is where a run that could end anywhere from lo to hi ends for
// the matcher, which tries hi, then one less, and so on, until the
// literals after it start there: the last such place.
func (it *subItem) backOff(line string, lo, hi int) (int, SubOutcome) {
	for k := hi; k >= lo; k-- {
		if k == len(line) || !it.First.Has(line[k]) {
			continue
		}
		for _, l := range it.Back {
			if strings.HasPrefix(line[k:], l) {
				return k, SubFits
			}
		}
	}
	return hi, SubFails
}

// readAlt reads the first alternative that fits line[i:]; unsure when one
// that did not fit might have another way to.
func (it *subItem) readAlt(line string, i int, idx []int) (int, SubOutcome) {
	for _, a := range it.Alts {
		end, o := readItems(a.items, line, i, idx)
		switch {
		case o == SubFits:
			return end, SubFits
		case o == SubUnsure || !a.final:
			return i, SubUnsure
		}
		if a.groups {
			clearSlots(a.items, idx)
		}
	}
	return i, SubFails
}

// clearSlots takes back the group places items set.
func clearSlots(items []subItem, idx []int) {
	for k := range items {
		if items[k].slot >= 0 {
			idx[items[k].slot] = -1
		}
		for _, sl := range items[k].Pre[:items[k].npre] {
			idx[sl] = -1
		}
		for _, a := range items[k].Alts {
			clearSlots(a.items, idx)
		}
	}
}

// meets says whether s and t have a byte in common.
func (s *PrefixSet) meets(t *PrefixSet) bool {
	return s[0]&t[0]|s[1]&t[1]|s[2]&t[2]|s[3]&t[3] != 0
}

// HoldsNonASCII says whether the class ranges hold every rune past ASCII
// (a byte past ASCII is some such rune, or an invalid one read as U+FFFD).
func HoldsNonASCII(ranges []rune) bool {
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i] <= utf8.RuneSelf && ranges[i+1] >= unicode.MaxRune {
			return true
		}
	}
	return false
}
