package match

import (
	"math/bits"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"
)

// RequiredLiterals works out literals of which every match of pattern holds
// at least one: the alternatives of the longest part every match needs
// ("FAIL: " or "ERROR: " for ^(FAIL|ERROR): \w+). Nil when there are none
// worth checking (a case-folded or optional part, a character class).
func RequiredLiterals(pattern string) []string {
	re, err := SimplifiedOf(pattern)
	if err != nil {
		return nil
	}
	alts := mustHave(re).Alts
	if slices.Contains(alts, "") {
		// An empty literal is in every line: nothing to look for.
		return nil
	}
	return alts
}

// claimLiterals is, of the literal sets every match of pattern holds one
// of, the one that rules a line out cheapest: by the rarest byte all its
// literals share (one cached byte search), then by requiredLiterals' rank.
// pytest's -v line needs " PASSED" or five others, which share only a
// space, and also ".py::", which a line without a 'y' cannot hold.
// Detection only: rule filters keep requiredLiterals.
func claimLiterals(pattern string) []string {
	sets := ClaimSets(pattern)
	if len(sets) == 0 {
		return nil
	}
	return sets[0]
}

// ClaimSets is the literal sets every match of pattern holds one of, none
// of them holding "", best first by claimScore (ties in requiredSets'
// order): claimLiterals' and claimMore's candidates, from one parse.
func ClaimSets(pattern string) [][]string {
	re, err := SimplifiedOf(pattern)
	if err != nil {
		return nil
	}
	type ranked struct {
		Alts  []string
		score int
	}
	var sets []ranked
	for _, c := range requiredSets(re) {
		if len(c.Alts) == 0 || slices.Contains(c.Alts, "") {
			continue
		}
		sets = append(sets, ranked{c.Alts, claimScore(c)})
	}
	slices.SortStableFunc(sets, func(a, b ranked) int { return b.score - a.score })
	out := make([][]string, len(sets))
	for i, r := range sets {
		out[i] = r.Alts
	}
	return out
}

// ClaimMore is, of sets (claimSets'), the best that the lines holding one
// of lits or of also need not hold: checked after them, it spares the
// pattern the lines that hold only those. shellcheck's
// '^[^\s:]+:\d+:\d+: (error|warning|note): .* \[SC\d+\]$' is claimed by
// ": warning: ", which every gcc warning holds, and " [SC" turns those
// away. nil when there is none.
func ClaimMore(sets [][]string, lits, also []string) []string {
	if lits == nil {
		return nil
	}
	for _, alts := range sets {
		if slices.ContainsFunc(alts, func(a string) bool { return len(a) < minMoreLen }) ||
			implied(lits, alts) || also != nil && implied(also, alts) {
			continue
		}
		return alts
	}
	return nil
}

// minMoreLen is the length of claimMore's shortest literal: a shorter one
// (": ", "(") is in nearly every line that holds the others.
const minMoreLen = 3

// claimScore ranks a literal set for claimLiterals: its key byte's rarity
// first, then requiredLiterals' own score.
func claimScore(n needed) int {
	bonus := 0
	if k, ok := KeyByte(n.Alts); ok {
		bonus = ByteRank(k)
	}
	return n.score() + bonus
}

// requiredSets is every literal set a match of re needs one of: each part
// of a top-level sequence and each run of exact neighbours, as
// concatenation weighs them, or what mustHave finds.
func requiredSets(re *syntax.Regexp) []needed {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	if re.Op != syntax.OpConcat {
		return []needed{mustHave(re)}
	}
	out := []needed{mustHave(re)}
	var run needed
	for _, sub := range re.Sub {
		m := mustHave(sub)
		switch {
		case m.exact && len(run.Alts) > 0 && len(run.Alts)*len(m.Alts) <= maxAlts:
			run = needed{Alts: cross(run.Alts, m.Alts), exact: true}
		case m.exact:
			run = m
		default:
			run = needed{}
		}
		out = append(out, m, run)
	}
	return out
}

// maxAlts bounds the alternatives a part can have: beyond, checking them
// costs more than the pattern.
const maxAlts = 8

// needed is what every match of a part holds: one of alts. exact says the
// part matches exactly those strings, so that it can join its neighbours'.
type needed struct {
	Alts  []string
	exact bool
}

// score ranks what a part needs: the shortest alternative's length, since
// a short literal is in most lines; more alternatives cost more checks.
func (n needed) score() int {
	if len(n.Alts) == 0 {
		return 0
	}
	m := len(n.Alts[0])
	for _, a := range n.Alts[1:] {
		m = min(m, len(a))
	}
	return m*maxAlts*2 - len(n.Alts)
}

func mustHave(re *syntax.Regexp) needed {
	switch re.Op {
	case syntax.OpLiteral:
		// Not a folded literal, nor U+FFFD, which also matches an invalid
		// byte that a substring search would not find.
		if re.Flags&syntax.FoldCase != 0 || slices.Contains(re.Rune, utf8.RuneError) {
			return needed{}
		}
		return needed{Alts: []string{string(re.Rune)}, exact: true}
	case syntax.OpCapture:
		return mustHave(re.Sub[0])
	case syntax.OpPlus:
		return needed{Alts: mustHave(re.Sub[0]).Alts}
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return needed{Alts: mustHave(re.Sub[0]).Alts}
		}
	case syntax.OpCharClass:
		return charClass(re.Rune)
	case syntax.OpAlternate:
		return alternatives(re.Sub)
	case syntax.OpConcat:
		return concatenation(re.Sub)
	}
	return needed{}
}

// charClass is what a small class needs: one of its characters ("a|b"
// parses as the class [ab]).
func charClass(ranges []rune) needed {
	var out needed
	for i := 0; i+1 < len(ranges); i += 2 {
		if len(out.Alts)+int(ranges[i+1]-ranges[i])+1 > maxAlts {
			return needed{}
		}
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			if r == utf8.RuneError {
				return needed{}
			}
			out.Alts = append(out.Alts, string(r))
		}
	}
	out.exact = len(out.Alts) > 0
	return out
}

// alternatives is what an alternation needs: one of what each branch needs,
// nothing when a branch needs nothing.
func alternatives(subs []*syntax.Regexp) needed {
	out := needed{exact: true}
	for _, sub := range subs {
		m := mustHave(sub)
		if len(m.Alts) == 0 || len(out.Alts)+len(m.Alts) > maxAlts {
			return needed{}
		}
		out.Alts = append(out.Alts, m.Alts...)
		out.exact = out.exact && m.exact
	}
	return out
}

// concatenation is what a sequence needs: the best of its parts, where
// neighbouring exact parts join into longer strings ("FAIL" or "ERROR",
// then ": ", is "FAIL: " or "ERROR: ").
func concatenation(subs []*syntax.Regexp) needed {
	var best, run needed
	whole := true // every part so far exact, all in one run
	for i, sub := range subs {
		m := mustHave(sub)
		switch {
		case m.exact && len(run.Alts) > 0 && len(run.Alts)*len(m.Alts) <= maxAlts:
			run = needed{Alts: cross(run.Alts, m.Alts), exact: true}
		case m.exact:
			whole = whole && i == 0
			run = m
		default:
			whole = false
			run = needed{}
		}
		for _, c := range []needed{m, run} {
			if c.score() > best.score() {
				best = needed{Alts: c.Alts}
			}
		}
	}
	if whole && len(run.Alts) > 0 {
		return run
	}
	return best
}

// cross is every a followed by every b.
func cross(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return out
}

// ContainsAny reports whether s holds one of alts (true when alts is empty:
// nothing is required).
func ContainsAny(s string, alts []string) bool {
	if len(alts) == 0 {
		return true
	}
	for _, a := range alts {
		if strings.Contains(s, a) {
			return true
		}
	}
	return false
}

// CommonBytes ranks the bytes most common in tool output, most common
// first, as counted over the text captures in testdata (2.9 MB); a byte
// not listed is rarer than all of them.
const CommonBytes = " etsnramio_\nlc:pdu-/1[.02=3g\x1b)(fy\"x9bh',4EvA5\xe27STj6w8I]\xafC\x8e|k\\FR>;^PUO~NBL}{+qDM"

// ByteRank is how rare c is: its place in commonBytes, past the end when
// it is not there.
func ByteRank(c byte) int { return int(byteRanks[c]) }

// byteRanks is byteRank of every byte, worked out once: building a claim
// index asks it of every byte for each signature's literals (keyByte), and
// a search of commonBytes each time was a fifth of a cold index.
var byteRanks = func() (t [256]uint8) {
	for c := range t {
		t[c] = uint8(len(CommonBytes))
		if r := strings.IndexByte(CommonBytes, byte(c)); r >= 0 {
			t[c] = uint8(r)
		}
	}
	return t
}()

// Probe is the end of lit from its rarest byte (the first of them).
func Probe(lit string) string {
	at, rank := 0, -1
	for i := 0; i < len(lit); i++ {
		if r := ByteRank(lit[i]); r > rank {
			at, rank = i, r
		}
	}
	return lit[at:]
}

// KeyByte is the rarest byte every one of lits holds: a line without it
// holds none of them, and one search for a byte costs less than one for
// each literal.
func KeyByte(lits []string) (byte, bool) {
	if len(lits) == 0 {
		return 0, false
	}
	// The bytes every literal holds: each literal's set, ANDed.
	all := [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	for _, l := range lits {
		var in [4]uint64
		for i := 0; i < len(l); i++ {
			in[l[i]/64] |= 1 << (l[i] % 64)
		}
		for w := range all {
			all[w] &= in[w]
		}
	}
	best, rank := byte(0), -1
	for w, m := range all {
		for ; m != 0; m &= m - 1 {
			c := byte(w*64 + bits.TrailingZeros64(m))
			if r := ByteRank(c); r > rank {
				best, rank = c, r
			}
		}
	}
	return best, rank >= 0
}

// implied says whether a line that holds one of first holds one of alts
// too: each of first contains one of alts.
func implied(first []string, alts []string) bool {
	for _, f := range first {
		if !slices.ContainsFunc(alts, func(a string) bool { return strings.Contains(f, a) }) {
			return false
		}
	}
	return true
}
