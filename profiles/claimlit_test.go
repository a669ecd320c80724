package profiles

import (
	"slices"
	"strings"
	"testing"
)

// Detection files a signature under the literal set a line is cheapest to
// rule out by: a rare byte all of them share beats a longer set whose
// literals share only a space; a long literal still beats a rare short one.
func TestClaimLiterals(t *testing.T) {
	for pat, want := range map[string][]string{
		`^\S+\.py::\S.* (PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR)\b`: {".py::"},
		`^=+ test session starts =+$`:                                {" test session starts "},
		`^(?:FAIL|ERROR): \w+`:                                       {"FAIL: ", "ERROR: "},
		`(?i)^error`:                                                 nil,
		`a|b*`:                                                       nil,
		`(?:)`:                                                       nil,
	} {
		if got := claimLiterals(pat); !slices.Equal(got, want) {
			t.Errorf("claimLiterals(%q) = %q, want %q", pat, got, want)
		}
	}
}

// keyByte is, of the bytes every literal of a set holds, the rarest, the
// lowest byte among equally rare ones: for every literal set of every
// built-in detection signature, as a walk over all 256 bytes finds it.
func TestKeyByteIsTheRarestShared(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for c := 0; c < 256; c++ {
		want := strings.IndexByte(commonBytes, byte(c))
		if want < 0 {
			want = len(commonBytes)
		}
		if got := byteRank(byte(c)); got != want {
			t.Errorf("byteRank(%q) = %d, want its place in commonBytes, %d", byte(c), got, want)
		}
	}
	n := 0
	for _, p := range set.All() {
		for _, pattern := range p.Detect.Text {
			for _, lits := range claimSets(pattern) {
				want, wantOK := byte(0), false
				for c := 0; c < 256; c++ {
					held := true
					for _, l := range lits {
						held = held && strings.IndexByte(l, byte(c)) >= 0
					}
					if held && (!wantOK || byteRank(byte(c)) > byteRank(want)) {
						want, wantOK = byte(c), true
					}
				}
				if got, ok := keyByte(lits); got != want || ok != wantOK {
					t.Errorf("keyByte(%q) = %q, %v; want %q, %v", lits, got, ok, want, wantOK)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no literal set")
	}
}
