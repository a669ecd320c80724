package claim

import (
	"testing"

	"github.com/terse-dev/terse/internal/match"
)

// The sure answers of the signatures' sureSubs (one an alternative, for an
// alternation) are their patterns' answers:
// on every line of the captures, for every signature, and Claim's and
// ClaimSettled's answers are the same with them and without, whatever the
// current set. Some lines must get a sure answer, or nothing is shown.
func TestSureSigsChangeNothing(t *testing.T) {
	b := builtin(t)
	lines := lineSample(captureLines(t))
	sure, alts := 0, map[match.SubOutcome]int{}
	var buf []int
	for pi, set := range b.sets {
		for i := range set {
			re := b.comp.res[pi][i]
			sub := b.comp.subs[pi][i]
			for _, l := range lines {
				o := sub.Decide(&buf, l)
				if o == match.SubUnsure {
					continue
				}
				sure++
				if len(sub) > 1 {
					alts[o]++
				}
				if want := re.MatchString(l); (o == match.SubFits) != want {
					t.Errorf("%s signature %q on %q: sure of %v, the pattern says %v", b.names[pi], set[i].Pattern, l, o == match.SubFits, want)
				}
			}
		}
	}
	if sure == 0 {
		t.Fatal("no signature was sure of any line")
	}
	// The signatures that are alternations (mocha's list entry or title
	// line) are sure of lines they match and of lines they do not.
	if alts[match.SubFits] == 0 || alts[match.SubFails] == 0 {
		t.Fatalf("the alternations' sure answers: %d fits, %d fails", alts[match.SubFits], alts[match.SubFails])
	}
	t.Logf("%d sure answers, %d of them an alternation's", sure, alts[match.SubFits]+alts[match.SubFails])
	claimsAlike(t, b, lines, "the sure answers", func(on bool) Options { return Options{NoSureSigs: !on} })
}

// The third literal set of a signature (claimMore) changes no claim; some
// signatures have one, and some line passes every check but it.
func TestMoreLiteralsChangeNothing(t *testing.T) {
	b := builtin(t)
	lines := lineSample(captureLines(t))
	x := b.index(Options{})
	with, turned := 0, 0
	for k, c := range x.sigs {
		if c.more == nil {
			continue
		}
		with++
		for _, l := range lines {
			x.line++
			if head, all := x.checks(k, l, true); head && !all && (c.head == nil || headPasses(x, c.head, l)) {
				turned++
			}
		}
	}
	if with == 0 || turned == 0 {
		t.Fatalf("%d signatures have a third literal set; it turned away %d lines", with, turned)
	}
	t.Logf("%d signatures have a third literal set; it turned away %d lines the rest let through", with, turned)
	claimsAlike(t, b, lines, "the third literal sets", func(on bool) Options { return Options{NoMoreLits: !on} })
}

// headPasses reports whether l passes head gate h and the steps after it.
func headPasses(x *Index, h *match.HeadGate, l string) bool {
	head, tail := h.Check(l, x.headOf(l, h.Class), true)
	return head && tail
}

// claimsAlike fails t where Claim's or ClaimSettled's answer on a line,
// whatever the current set, differs between an index built with the
// options turn gives on and one built with those it gives off.
func claimsAlike(t *testing.T, b *builtinSets, lines []string, what string, turn func(on bool) Options) {
	t.Helper()
	for cur := -1; cur < len(b.sets); cur++ {
		on := b.index(turn(true))
		off := b.index(turn(false))
		for _, l := range lines {
			wantP, wantS := off.Claim(l, cur)
			wantSP, wantSS := off.ClaimSettled(l, cur)
			gotP, gotS := on.Claim(l, cur)
			gotSP, gotSS := on.ClaimSettled(l, cur)
			if gotP != wantP || gotS != wantS || gotSP != wantSP || gotSS != wantSS {
				t.Errorf("%q, current %v: with %s Claim gives %v %d, ClaimSettled %v %d; without, %v %d and %v %d",
					l, b.name(cur), what, b.name(gotP), gotS, b.name(gotSP), gotSS, b.name(wantP), wantS, b.name(wantSP), wantSS)
			}
		}
	}
}
