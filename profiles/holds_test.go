package profiles_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// multiStream is a capture of testdata/multi/streams (scripts/capture-multi.sh).
func multiStream(t *testing.T, name string) []byte {
	t.Helper()
	return readFile(t, filepath.Join("..", "testdata", "multi", "streams", name))
}

// A go test -v run whose tests log a jest report is one go test run: the
// report's PASS and FAIL lines, which jest's signature claims, are the
// tests' log, indented by go test (gotest's detect.holds). It was cut into
// gotest, jest and gotest runs: jest's said 400 suites failed with no
// failure shown, and go test's failures lost their messages.
func TestGoTestLogOfAnotherToolIsOneRun(t *testing.T) {
	set := builtin(t)
	r := shapeRaw(t, set, multiStream(t, "log-go.txt"), profiles.Options{Window: report.Window{Limit: 0}})
	text := llmOfReport(t, r)
	status, _, _ := strings.Cut(text, "\n")
	if status != "FAIL 8/400" {
		t.Errorf("status %q, want FAIL 8/400 (go test's alone)", status)
	}
	for i := 7; i < 400; i += 50 {
		msg := fmt.Sprintf("case %d: got {Passed:1 Failed:1}, want {Passed:1 Failed:0}", i)
		if !strings.Contains(text, fmt.Sprintf("%q\n%s\n", fmt.Sprintf("TestRead/case%d", i), msg)) {
			t.Errorf("failure case%d does not say %q", i, msg)
		}
	}
	if strings.Contains(text, "jest") && !strings.Contains(text, "jest said") {
		t.Errorf("a jest run was cut out of go test's:\n%s", status)
	}
}
