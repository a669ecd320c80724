package profiles

import "testing"

// The sure answers of the signatures' sureSubs are their patterns' answers:
// on every line of the captures, for every signature, and claim's and
// claimSettled's answers are the same with them and without, whatever the
// current profile. Some lines must get a sure answer, or nothing is shown.
func TestSureSigsChangeNothing(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { sureSigs = true }()
	lines := captureLines(t)
	sure := 0
	var buf []int
	for _, p := range set.All() {
		for i := range p.Detect.Text {
			re, err := p.signature(i)
			if err != nil {
				t.Fatal(err)
			}
			sub := p.signatureSub(i)
			for _, l := range lines {
				_, o := sub.decide(&buf, l)
				if o == subUnsure {
					continue
				}
				sure++
				if want := re.MatchString(l); (o == subFits) != want {
					t.Errorf("%s signature %q on %q: sure of %v, the pattern says %v", p.Name, p.Detect.Text[i], l, o == subFits, want)
				}
			}
		}
	}
	if sure == 0 {
		t.Fatal("no signature was sure of any line")
	}
	t.Logf("%d sure answers", sure)
	curs := append([]*Profile{nil}, set.All()...)
	for _, cur := range curs {
		on, off := newClaimIndex(set.All()), newClaimIndex(set.All())
		for _, l := range lines {
			sureSigs = false
			wantP, wantS := off.claim(l, cur)
			wantSP, wantSS := off.claimSettled(l, cur)
			sureSigs = true
			gotP, gotS := on.claim(l, cur)
			gotSP, gotSS := on.claimSettled(l, cur)
			if gotP != wantP || gotS != wantS || gotSP != wantSP || gotSS != wantSS {
				t.Errorf("%q, current %v: with the sure answers claim gives %v %d, claimSettled %v %d; without, %v %d and %v %d",
					l, name(cur), name(gotP), gotS, name(gotSP), gotSS, name(wantP), wantS, name(wantSP), wantSS)
			}
		}
	}
}
