package profiles_test

import (
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
)

// subtestsFailed is node's error of a test that failed by its subtests.
var subtestsFailed = regexp.MustCompile(`^\d+ subtests? failed$`)

// The TAP truth of node's runs names the same failing tests as node's own
// JUnit reporter on the same suite (reports/<case>.junit.xml), but for a
// parent whose only failure is its subtests' ("1 subtest failed"): TAP has
// it not ok (and counts it), JUnit marks only the subtest.
func TestTAPTruthMatchesJUnit(t *testing.T) {
	for _, name := range []string{"node-fail", "node-nested", "node-long"} {
		capture := "tap/testdata/captures/" + name + ".txt"
		junit := nodeJUnitTruth(t, capture)
		var tap []string
		for _, w := range toolReport(t, "tap", "tap/testdata/reports/"+name+".truth") {
			if !subtestsFailed.MatchString(w.Message) {
				tap = append(tap, w.Name)
			}
		}
		sort.Strings(junit)
		sort.Strings(tap)
		if !reflect.DeepEqual(tap, junit) {
			t.Errorf("%s: TAP's not ok lines %q, JUnit's failures %q", name, tap, junit)
		}
	}
}

// The TAP runners are claimed by their command.
func TestTAPByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"node --test", "node --test --test-reporter=tap", "tape test/*.js", "npx tape 'test/*.js'"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "tap" {
			t.Errorf("ForArgv(%q) = %v, want tap", cmd, p)
		}
	}
}

// A block rule is checked when the profile loads: it needs its failure
// rule's until, and emits only what a block line can be.
func TestBlockRulesChecked(t *testing.T) {
	for yaml, want := range map[string]string{
		"name: x\ntext:\n  rules:\n    - match: '^not ok'\n      emit: failure\n      block:\n        - match: a\n          emit: field\n":                              "block needs until",
		"name: x\ntext:\n  rules:\n    - match: '^not ok'\n      emit: failure\n      until: '^\\.\\.\\.$'\n      block:\n        - match: a\n          emit: counts\n": `emit "counts" is not one of field`,
		"name: x\ntext:\n  rules:\n    - match: '^not ok'\n      emit: failure\n      until: '^\\.\\.\\.$'\n      block:\n        - match: '('\n          emit: drop\n": "block rule",
	} {
		p, err := profiles.Parse([]byte(yaml), "x.yaml")
		if err == nil {
			_, err = builtin(t).Shape(strings.NewReader("not ok 1 a\n"), p, profiles.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q", yaml, err, want)
		}
	}
}
