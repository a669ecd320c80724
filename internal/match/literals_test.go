package match

import (
	"slices"
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
