package profiles

import (
	"testing"

	"github.com/terse-dev/terse/internal/match"
)

// The sure answers of the signatures' sureSubs (one an alternative, for an
// alternation) are their patterns' answers:
// on every line of the captures, for every signature, and claim's and
// claimSettled's answers are the same with them and without, whatever the
// current profile. Some lines must get a sure answer, or nothing is shown.
func TestSureSigsChangeNothing(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { speedUps.sureSigs = true }()
	lines := lineSample(captureLines(t))
	sure, alts := 0, map[match.SubOutcome]int{}
	var buf []int
	for _, p := range set.All() {
		for i := range p.Detect.Text {
			re, err := p.signature(i)
			if err != nil {
				t.Fatal(err)
			}
			sub := p.signatureSub(i)
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
					t.Errorf("%s signature %q on %q: sure of %v, the pattern says %v", p.Name, p.Detect.Text[i], l, o == match.SubFits, want)
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
	claimsAlike(t, set, lines, "the sure answers", func(on bool) { speedUps.sureSigs = on })
}

// The third literal set of a signature (claimMore) changes no claim; some
// signatures have one, and some line passes every check but it.
func TestMoreLiteralsChangeNothing(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { speedUps.moreLits = true }()
	lines := lineSample(captureLines(t))
	x := newClaimIndex(set.All())
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
	claimsAlike(t, set, lines, "the third literal sets", func(on bool) { speedUps.moreLits = on })
}

// headPasses reports whether l passes head gate h and the steps after it.
func headPasses(x *claimIndex, h *match.HeadGate, l string) bool {
	head, tail := h.Check(l, x.headOf(l, h.Class), true)
	return head && tail
}

// claimsAlike fails t where claim's or claimSettled's answer on a line,
// whatever the current profile, differs with what set turns on and off:
// each claim index is built with it on or off as it is used.
func claimsAlike(t *testing.T, set *Set, lines []string, what string, turn func(on bool)) {
	t.Helper()
	defer turn(true)
	curs := append([]*Profile{nil}, set.All()...)
	for _, cur := range curs {
		turn(true)
		on := newClaimIndex(set.All())
		turn(false)
		off := newClaimIndex(set.All())
		for _, l := range lines {
			turn(false)
			wantP, wantS := off.claim(l, cur)
			wantSP, wantSS := off.claimSettled(l, cur)
			turn(true)
			gotP, gotS := on.claim(l, cur)
			gotSP, gotSS := on.claimSettled(l, cur)
			if gotP != wantP || gotS != wantS || gotSP != wantSP || gotSS != wantSS {
				t.Errorf("%q, current %v: with %s claim gives %v %d, claimSettled %v %d; without, %v %d and %v %d",
					l, name(cur), what, name(gotP), gotS, name(gotSP), gotSS, name(wantP), wantS, name(wantSP), wantSS)
			}
		}
	}
}
