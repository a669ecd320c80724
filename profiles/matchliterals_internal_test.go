package profiles

import (
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/match"
)

// keyByte is, of the bytes every literal of a set holds, the rarest, the
// lowest byte among equally rare ones: for every literal set of every
// built-in detection signature, as a walk over all 256 bytes finds it.
func TestKeyByteIsTheRarestShared(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for c := 0; c < 256; c++ {
		want := strings.IndexByte(match.CommonBytes, byte(c))
		if want < 0 {
			want = len(match.CommonBytes)
		}
		if got := match.ByteRank(byte(c)); got != want {
			t.Errorf("byteRank(%q) = %d, want its place in commonBytes, %d", byte(c), got, want)
		}
	}
	n := 0
	for _, p := range set.All() {
		for _, pattern := range p.Detect.Text {
			for _, lits := range match.ClaimSets(pattern) {
				want, wantOK := byte(0), false
				for c := 0; c < 256; c++ {
					held := true
					for _, l := range lits {
						held = held && strings.IndexByte(l, byte(c)) >= 0
					}
					if held && (!wantOK || match.ByteRank(byte(c)) > match.ByteRank(want)) {
						want, wantOK = byte(c), true
					}
				}
				if got, ok := match.KeyByte(lits); got != want || ok != wantOK {
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
