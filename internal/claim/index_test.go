package claim

import (
	"slices"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/match"
)

// bruteClaim is the claim without an index: every signature of every
// set tried, the winner by the order ties go by; among the other sets',
// a signature that goes before the winner's set (a Lead) and matches wins
// instead.
func bruteClaim(b *builtinSets, matched [][]bool, cur int) (set, sig int) {
	for pass := 0; pass < 2; pass++ {
		for pi := range b.sets {
			if (pi == cur) != (pass == 0) {
				continue
			}
			for i, ok := range matched[pi] {
				if !ok {
					continue
				}
				if pass == 1 {
					if q, j := bruteLead(b, matched, cur, pi); q >= 0 {
						return q, j
					}
				}
				return pi, i
			}
		}
	}
	return -1, -1
}

// bruteLead is the first signature of a set other than cur that goes
// before set p's and matches, by the order of the sets and of their leads.
func bruteLead(b *builtinSets, matched [][]bool, cur, p int) (set, sig int) {
	for qi := range b.sets {
		if qi == cur || qi == p {
			continue
		}
		for _, o := range b.leads {
			if o.Set == qi && o.Over == p && matched[qi][o.Sig] {
				return qi, o.Sig
			}
		}
	}
	return -1, -1
}

// The index is only a shortcut: on every line of every capture (and
// variants), whatever set is current, it claims what trying every
// signature claims, and a line a signature matches always passes its gate.
func TestClaimIndexAgreesWithEverySignature(t *testing.T) {
	b := builtin(t)
	x := b.index(Options{})
	for _, l := range lineSample(captureLines(t)) {
		matched := make([][]bool, len(b.sets))
		curs := []int{-1, 0}
		for pi, set := range b.sets {
			matched[pi] = make([]bool, len(set))
			for i, s := range set {
				if !b.comp.res[pi][i].MatchString(l) {
					continue
				}
				matched[pi][i] = true
				curs = append(curs, pi)
				cw := len(l) - len(strings.TrimLeft(l, " \t\n\v\f\r"))
				if g := match.GateOf(s.Pattern); !g.Pass(l, cw) {
					t.Errorf("%s: gate of %q turns away %q, which it matches", b.names[pi], s.Pattern, l)
				}
			}
		}
		for _, cur := range curs {
			wp, ws := bruteClaim(b, matched, cur)
			gp, gs := x.Claim(l, cur)
			if gp != wp || gs != ws {
				t.Errorf("line %q, current %v: index claims %v/%d, every signature %v/%d", l, b.name(cur), b.name(gp), gs, b.name(wp), ws)
			}
		}
	}
}

// The one walk over a line that answers every key byte gives, for every
// byte, what a search for it gives.
func TestClaimKeysAgreeWithSearch(t *testing.T) {
	x := builtin(t).index(Options{})
	keys := 0
	for b := range x.keyBit {
		if x.keyBit[b] != 0 {
			keys++
		}
	}
	if keys < 2 {
		t.Fatalf("%d key bytes have a bit: the walk answers nothing", keys)
	}
	lines := append(lineSample(captureLines(t)), "", "a", "ab", "abc", "\x8e", "x#", "#", "é⎯")
	for _, l := range lines {
		x.line++
		for b := 255; b >= 0; b-- {
			if got, want := x.has(l, byte(b)), strings.IndexByte(l, byte(b)) >= 0; got != want {
				t.Fatalf("has(%q, %q) = %v, a search says %v", l, byte(b), got, want)
			}
		}
	}
}

// The index's edge tables as arrays (edgeMasks) give every line the
// candidates the tables as slices do: with every built-in set (three mask
// words) and with two of them (one word).
func TestEdgeArraysAreTheMasks(t *testing.T) {
	b := builtin(t)
	lines := append(cleanCaptureLines(t), "", " ", "\t", "x", strings.Repeat(" ", 70)+"y", "\xff")
	for _, n := range []int{len(b.sets), 2} {
		x := New(b.sets[:n], b.leads, b.comp, Options{})
		if x.edges == nil || x.words > edgeWords {
			t.Fatalf("%d sets, %d words: no edge arrays", n, x.words)
		}
		slow := x.Clone()
		slow.edges = nil
		some := 0
		for _, l := range lines {
			a, b := x.candidates(l), slow.candidates(l)
			if a != b || !slices.Equal(x.cand, slow.cand) {
				t.Fatalf("%d words, %q: candidates %v %x, by the slices %v %x", x.words, l, a, x.cand, b, slow.cand)
			}
			some += b2i(a)
		}
		if some == 0 {
			t.Errorf("%d words: no line had a candidate", x.words)
		}
	}
}

// ClaimSettled keeps the contract the package comment gives: on every
// line, whatever set is current, it answers none where Claim answers the
// current set, and what Claim answers elsewhere; its own state (the lines
// the current set's signatures go first) changes no answer.
func TestClaimSettledIsClaimButTheCurrentSet(t *testing.T) {
	b := builtin(t)
	lines := lineSample(captureLines(t))
	mine := 0
	for cur := -1; cur < len(b.sets); cur++ {
		x, settled := b.index(Options{}), b.index(Options{})
		for _, l := range lines {
			set, sig := x.Claim(l, cur)
			if set == cur && cur >= 0 {
				set, sig = -1, -1
				mine++
			}
			if gs, gsig := settled.ClaimSettled(l, cur); gs != set || gsig != sig {
				t.Errorf("%q, current %v: ClaimSettled gives %v %d, Claim less the current set %v %d", l, b.name(cur), b.name(gs), gsig, b.name(set), sig)
			}
		}
	}
	if mine == 0 {
		t.Error("no line was claimed by the current set")
	}
}
