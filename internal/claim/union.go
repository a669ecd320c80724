package claim

import (
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/terse-dev/terse/internal/fastre"
	"github.com/terse-dev/terse/internal/match"
)

// Most lines of a long run match no detection signature, and the claim
// index finds that out signature by signature: gates, key bytes and
// literals, then the patterns of those left. One automaton for the
// alternation of many signatures answers "none of them" in a single pass
// over the line, a table look-up a byte. Its answer is exact (fastre's
// automaton answers as the regexp package does, or hands the line back),
// so where it tells that no signature matches, claim and claimSettled
// return none as they would have; where it finds a match, or hands the line
// back (a rune past ASCII a case-folded signature tells apart), they go
// on as before.
//
// claim asks the union of every set's signatures. claimSettled's
// answer is none unless another set's signature matches, so it asks the
// union of the others': a line only the current set's signatures match
// (most lines of a lint run) then runs no pattern at all.
//
// Whether the pass is cheaper than the checks it spares depends on the
// lines: short lines that pass the gates of many signatures (mocha's, a
// pylint run's) gain, long lines the checks turn away at once lose. So an
// index measures: after UnionAfterLines lines, it claims batches with and
// without the unions in turn, keeps the faster way, and measures again
// every unionTrialEvery batches. Only the speed depends on it; the claims
// are the same either way. A pipe compiles two unions at most, each about
// a megabyte once used: the runtime's soft memory limit (app.MemoryLimit)
// makes every megabyte held cost collections.

// UnionAfterLines is how many lines an index claims before it tries the
// unions: compiling one costs a few milliseconds, which a short pipe would
// feel and never win back.
const UnionAfterLines = 50000

// unionMinCandidates is how many of the signatures a union holds a line
// must pass the gates of for it to be asked: the checks of one or two cost
// less than a pass over the line.
const unionMinCandidates = 3

// unionTrialEvery is how many batches an index claims the way it chose
// before it measures both ways again (on two batches each).
const unionTrialEvery = 64

// unionClock is the clock of the trials (a test's moves as it says).
var unionClock = time.Now

// claimUnions holds the union of every set's signatures and, by
// set, the union of the other sets', shared by an index's clones.
type claimUnions struct {
	all    lazyUnion
	others []lazyUnion
}

func newClaimUnions(n int) *claimUnions {
	return &claimUnions{others: make([]lazyUnion, n)}
}

// A union holds only the signatures anchored at the start of the line, as
// nearly all are, but for those that read on to a literal (readsOn), and
// is anchored itself: its automaton then stops at the
// first byte no signature can go on with ("src/a.c:12:" is past every
// other linter's file name at the colon), where one unanchored signature
// in it (mocha's "/node_modules/mocha/lib/", vitest's "⎯ (Failed Tests")
// kept it reading to the end of every line. The signatures left out
// (loose) are told apart by their checks (noneMatch). Go's compiler does
// not find "(?:^a)|(?:^b)" anchored, so the union is "^(?:(?:a)|(?:b))":
// the same lines match, as every one of them matches at the start only.

// lazyUnion is the union of some signatures, compiled on first use (re
// nil: none, as when a pattern does not compile), and the mask of those
// of them it leaves out, which are not anchored (loose, by signature of
// the claim index).
type lazyUnion struct {
	once  sync.Once
	re    *fastre.Regexp
	loose []uint64
}

// get is u's union of the signatures of the sets but sets[but] (-1: of
// all of them), compiled now if it was not yet, and the mask of
// those it leaves out; words is the length of the mask.
func (u *lazyUnion) get(sets [][]Sig, but, words int) (*fastre.Regexp, []uint64) {
	u.once.Do(func() {
		u.loose = make([]uint64, words)
		var alts []string
		k := 0
		for pi, set := range sets {
			for i := range set {
				s := set[i].Pattern
				switch {
				case pi == but:
				case match.AnchoredAtStart(s) && !readsOn(s):
					// The group keeps each pattern's flags and
					// alternatives its own.
					alts = append(alts, "(?:"+s+")")
				default:
					u.loose[k/64] |= 1 << (k % 64)
				}
				k++
			}
		}
		if len(alts) == 0 {
			return
		}
		if re, err := fastre.Compile("^(?:" + strings.Join(alts, "|") + ")"); err == nil {
			u.re = re
		}
	})
	return u.re, u.loose
}

// readsOn reports whether pattern has a repeat of any character followed
// by a literal of readsOnLiteral bytes or more: shellcheck's
// "^[^\s:]+:\d+:\d+: (error|warning|note): .* \[SC\d+\]$" fits every
// diagnostic of gcc's up to its ".*", then only the end of the line tells,
// so a union that holds it read every such line to its end a byte at a
// time, half of a gcc build log. Left out,
// it is told apart by its checks, whose literal (" [SC") a line of gcc's
// fails in one search. A repeat followed by no such literal stays in: its
// checks pass too many lines (pylint's " (" after ".*" passes flake8's
// "line too long (82 > 79 characters)"), and each sends its line to the
// slow way.
func readsOn(pattern string) bool {
	re, err := match.SimplifiedOf(pattern)
	return err == nil && runThenLiteral(re)
}

// readsOnLiteral is the shortest literal after a repeat that readsOn
// counts.
const readsOnLiteral = 4

// runThenLiteral reports whether re holds a repeat without bound of any
// character that a literal of readsOnLiteral bytes follows in the same
// sequence.
func runThenLiteral(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpConcat:
		for i, sub := range re.Sub {
			if anyRun(sub) && slices.ContainsFunc(re.Sub[i+1:], longLiteral) || runThenLiteral(sub) {
				return true
			}
		}
	case syntax.OpAlternate, syntax.OpCapture:
		return slices.ContainsFunc(re.Sub, runThenLiteral)
	}
	return false
}

// longLiteral reports whether re is a literal of readsOnLiteral bytes or
// more, case and all.
func longLiteral(re *syntax.Regexp) bool {
	return re.Op == syntax.OpLiteral && re.Flags&syntax.FoldCase == 0 && len(string(re.Rune)) >= readsOnLiteral
}

// anyRun reports whether re is a repeat without bound of any character,
// or a group of one.
func anyRun(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpStar, syntax.OpPlus:
		op := re.Sub[0].Op
		return op == syntax.OpAnyCharNotNL || op == syntax.OpAnyChar
	case syntax.OpCapture:
		return anyRun(re.Sub[0])
	}
	return false
}

// unionTrial is an index's measure of the two ways to claim: lines counts
// the lines claimed in batches, on says the batch being claimed asks the
// unions, chose which way the last trial found faster, phase is the batch
// of a trial being claimed (unionPhases: no trial under way), best the
// fewest nanoseconds a line of the trial's batches took each way (without,
// with), since the batches claimed since the last trial, and start when
// the trial's batch began.
type unionTrial struct {
	lines int
	on    bool
	chose bool
	phase int
	best  [2]float64
	since int
	start time.Time
}

// unionPhases is how many batches a trial claims: without, with, without,
// with the unions. The best of two each way leaves out a batch slowed by
// something else (the first with them also compiles them).
const unionPhases = 4
