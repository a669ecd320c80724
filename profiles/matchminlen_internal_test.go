package profiles

import (
	"regexp"
	"strings"
	"testing"

	"reflect"

	"github.com/terse-dev/terse/internal/match"
)

// No match of any signature on any line of the captures is shorter than
// minBytes says, nor is the line; and the bound is not idle: it turns away
// the short lines of mocha's diffs for most signatures.
func TestMinBytesBoundsEveryMatch(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	lines := lineSample(captureLines(t))
	above := 0
	for _, p := range set.All() {
		for _, pattern := range p.Detect.Text {
			need := match.MinBytesOf(pattern)
			if need >= len("      -  91") {
				above++
			}
			re, err := regexp.Compile(pattern)
			if err != nil {
				continue
			}
			for _, l := range lines {
				for _, loc := range re.FindAllStringIndex(l, -1) {
					if loc[1]-loc[0] < need {
						t.Errorf("%s: %q matches %q in %d bytes, fewer than minBytes %d", p.Name, pattern, l[loc[0]:loc[1]], loc[1]-loc[0], need)
					}
				}
			}
		}
	}
	if above < 50 {
		t.Errorf("only %d signatures need more bytes than a diff line of mocha's", above)
	}
}

// Fuzz: minBytes is a lower bound on every match of a pattern in any text.
func FuzzMinBytes(f *testing.F) {
	set, err := Builtin()
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range set.All() {
		for i, pattern := range p.Detect.Text {
			f.Add(pattern, strings.Repeat("x", i)+"  1 passing (3ms)")
		}
	}
	f.Add(`[^a]b`, "\xffb")
	f.Add(`(?i)k+`, "\u212a")
	f.Fuzz(func(t *testing.T, pattern, text string) {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return
		}
		need := match.MinBytesOf(pattern)
		for _, loc := range re.FindAllStringIndex(text, -1) {
			if loc[1]-loc[0] < need {
				t.Fatalf("%q matches %q in %d bytes, fewer than minBytes %d", pattern, text[loc[0]:loc[1]], loc[1]-loc[0], need)
			}
		}
	})
}

// The claim sets the built-in table carries are claimSets' of each
// pattern, as a user's profile gets them when it loads.
func TestTableClaimsAreClaimSets(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range set.All() {
		if len(p.Detect.Claims) != len(p.Detect.Text) {
			t.Errorf("%s: %d claim sets for %d patterns", p.Name, len(p.Detect.Claims), len(p.Detect.Text))
			continue
		}
		for i, pattern := range p.Detect.Text {
			if got, want := p.Detect.Claims[i], match.ClaimSets(pattern); !reflect.DeepEqual(got, want) && (len(got) > 0 || len(want) > 0) {
				t.Errorf("%s: %q: table's claim sets %q, claimSets %q", p.Name, pattern, got, want)
			}
		}
	}
}
