package filters

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var trimSeeds = []string{
	"", " ", "\t x \n", " ❯ a ", "❯", "\u00a0x\u00a0", "\u0085\u2000x\u3000", " \xff ", "\xe2\x9d", "x\xe2\x9d", " ⎯⎯ ",
	"\u00a0", "a\u00a0 \u00a0", "\v\f\r", "●  a", "a ●",
}

// TestTrimSpaceMatchesStrings: TrimSpace is strings.TrimSpace on the seeds
// and every line of the captures.
func TestTrimSpaceMatchesStrings(t *testing.T) {
	lines := trimSeeds
	files, _ := filepath.Glob("../../profiles/*/testdata/captures/*")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	for _, l := range lines {
		if got, want := TrimSpace(l), strings.TrimSpace(l); got != want {
			t.Errorf("TrimSpace(%q) = %q, strings.TrimSpace %q", l, got, want)
		}
	}
}

// FuzzTrimSpace: TrimSpace is strings.TrimSpace on any input.
//
//	go test ./internal/filters -run '^$' -fuzz FuzzTrimSpace -fuzztime 2m
func FuzzTrimSpace(f *testing.F) {
	for _, s := range trimSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := TrimSpace(s), strings.TrimSpace(s); got != want {
			t.Errorf("TrimSpace(%q) = %q, strings.TrimSpace %q", s, got, want)
		}
	})
}
