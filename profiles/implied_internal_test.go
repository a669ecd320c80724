package profiles

import (
	"bytes"
	"fmt"
	"regexp"
	"testing"

	"github.com/terse-dev/terse/report"
)

// Every capture line a rule that ruleImplies marks takes, one of its
// profile's signatures matches (the regexp package's answers); and the
// lint profiles' problem lines are among them, so that the shortcut of
// scanRide.claim has lines to act on.
func TestRuleImpliesHoldsOnCaptures(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	lines := lineSample(captureLines(t))
	taken := map[string]int{}
	for _, p := range set.All() {
		implies := p.ruleImplies()
		var sigs []*regexp.Regexp
		for _, s := range p.Detect.Text {
			sigs = append(sigs, regexp.MustCompile(s))
		}
		for i, on := range implies {
			if !on {
				continue
			}
			re := regexp.MustCompile(p.rules[i].Match)
			for _, l := range lines {
				if !re.MatchString(l) {
					continue
				}
				taken[p.Name]++
				matched := false
				for _, s := range sigs {
					matched = matched || s.MatchString(l)
				}
				if !matched {
					t.Errorf("%s: rule %q takes %q, which no signature matches", p.Name, p.rules[i].Match, l)
				}
			}
		}
	}
	for _, name := range []string{"go-vet", "golangci-lint", "shellcheck", "pylint", "tap"} {
		if taken[name] == 0 {
			t.Errorf("%s: no capture line is taken by a rule that implies a signature", name)
		}
	}
	t.Logf("capture lines taken by a rule that implies a signature, by profile: %v", taken)
}

// With the shortcut taken from the first line, riding on the shaper gives
// the segments the scan alone does, and the shaped outcome of a sequential
// shaping (as TestRideChangesNothing checks without it).
func TestImpliedClaimsChangeNothing(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	defer func(n int) { impliedAfterLines = n }(impliedAfterLines)
	impliedAfterLines = 0
	inputs := rideInputs(t, set)
	opt := Options{Window: report.Window{Limit: 20}}
	for _, lines := range []int{7, aheadLines} {
		t.Run(fmt.Sprintf("batches of %d", lines), func(t *testing.T) {
			defer func(n int) { rideBatchLines = n }(rideBatchLines)
			rideBatchLines = lines
			for what, data := range inputs {
				want := segmentsOf(t, set, data, false)
				if got := rideSegments(t, set, data); got != want {
					t.Errorf("%s: riding with the rules' claims:\n%s\nby the scan:\n%s", what, got, want)
				}
				got, err := set.shapeStream(bytes.NewReader(data), data[:min(len(data), DetectHeadSize)], nil, opt, nil)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				sameOutcome(t, what, got, sequentialShape(t, set, data, opt))
			}
		})
	}
}
