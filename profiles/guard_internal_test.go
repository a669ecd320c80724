package profiles

import (
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/parse"
)

// refFailureSignal is failureSignal as it was written first, plainly: the
// pass forms first, then each form, then each tally word searched
// throughout. The faster one must agree with it on every line.
func refFailureSignal(l string) bool {
	t := strings.TrimLeft(l, " \t")
	if t == "" || parse.PassingLine(t) {
		return false
	}
	if failureForm(l, t) {
		return true
	}
	for _, w := range []string{" failed", " failing", " failures", " error", " errors"} {
		for from := 0; ; {
			i := strings.Index(t[from:], w)
			if i < 0 {
				break
			}
			i += from
			end := i + len(w)
			if (end == len(t) || !parse.IsWordByte(t[end])) && positiveNumberBefore(t, i) {
				return true
			}
			from = end
		}
	}
	return false
}

func TestFailureSignalAgreesWithReference(t *testing.T) {
	lines := append(captureLines(t),
		"3 failed", "Tests: 1 failed, 2 passed", "0 failed", "x3 failed", "10 errors", "1 errorsx", "2 failures.",
		"  4 failing", "1 error", " 1 failed", "1  failed", "007 failed", "1 failed 1 PASSED [", "ok 3 failed",
		" failed", "1 fail", "1 failedx", "x1 failed 2 failed", "a failed, 0 errors, 3 errors", "2 error", "2 errorx 3 failing",
		"1 failures", "9 fail 9 failing", "1 error1 error", "1  errors 1 error")
	n := 0
	for _, l := range lines {
		got, want := failureSignal(l), refFailureSignal(l)
		if got != want {
			t.Errorf("failureSignal(%q) = %v, the reference says %v", l, got, want)
		}
		if want {
			n++
		}
	}
	if n == 0 {
		t.Error("no line signals a failure: the comparison checks nothing")
	}
}
