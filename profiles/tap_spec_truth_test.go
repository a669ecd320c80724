package profiles_test

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// node's spec reporter (captures node-spec-*) is checked against the TAP of
// the same run.
func init() {
	truthAdapters["node-spec"] = nodeSpecAdaptTruth
}

// nodeSpecFixture is where profiles/tap/capture-node-spec.sh ran each case.
var nodeSpecFixture = regexp.MustCompile(`^/tmp/terse-fixtures/node-spec/[^/]+/`)

// nodeSpecAdaptTruth fits the TAP truth of a run to its spec form: the
// spec reporter lists under "✖ failing tests:" the tests that failed
// themselves, not a parent whose only error is its subtests' (TAP has it
// not ok too), and prints locations relative to the working directory.
// TAP captures keep their truth as it is.
func nodeSpecAdaptTruth(t *testing.T, capture string, want []truth) []truth {
	if !strings.HasPrefix(filepath.Base(capture), "node-spec-") {
		return want
	}
	var out []truth
	for _, w := range want {
		if subtestsFailed.MatchString(w.Message) {
			continue
		}
		w.File = nodeSpecFixture.ReplaceAllString(w.File, "")
		out = append(out, w)
	}
	return out
}

// node's runner with the spec reporter is the tap profile's by its command,
// which reads both forms.
func TestNodeSpecByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"node --test --test-reporter=spec", "node --test --test-reporter spec test/"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "tap" {
			t.Errorf("ForArgv(%q) = %v, want tap", cmd, p)
		}
	}
}
