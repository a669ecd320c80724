package parse

import (
	"strings"
	"testing"
)

// TestHasPassedPercent: the two-step search answers as the one it
// replaced, strings.Contains(t, " PASSED [").
func TestHasPassedPercent(t *testing.T) {
	for _, s := range []string{"", "PASSED [", " PASSED [", "a.py::t PASSED [ 50%]", "a.py::t PASSED", "xPASSED [ PASSED [", "PASSED [ x PASSED ["} {
		if got, want := hasPassedPercent(s), strings.Contains(s, " PASSED ["); got != want {
			t.Errorf("hasPassedPercent(%q) = %v, want %v", s, got, want)
		}
	}
}
