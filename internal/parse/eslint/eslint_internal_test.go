package eslint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLastDoubleSpace: the backward scan is strings.LastIndex(s, "  ") on
// edge cases and every line of the eslint captures.
func TestLastDoubleSpace(t *testing.T) {
	lines := []string{"", " ", "  ", "   ", "a  b", "a  b  c", "a b", "a   ", "  a"}
	files, _ := filepath.Glob("../../../testdata/eslint/captures/*")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	for _, l := range lines {
		if got, want := lastDoubleSpace(l), strings.LastIndex(l, "  "); got != want {
			t.Errorf("lastDoubleSpace(%q) = %d, want %d", l, got, want)
		}
	}
}
