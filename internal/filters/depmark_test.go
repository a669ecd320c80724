package filters

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oldHasDepMark is the search per mark hasDepMark replaced: its oracle.
func oldHasDepMark(p string) bool {
	for _, mark := range depMarks {
		if strings.Contains(p, mark) || strings.HasPrefix(p, strings.TrimPrefix(mark, "/")) {
			return true
		}
	}
	return false
}

var depMarkSeeds = []string{
	"", "/", "node_modules/", "node_modules", "a/node_modules/b", "xnode_modules/", "pkg/mod/", "/pkg/mod", "a/pkg/mod/x",
	"vendor/", "/vendor", "lib/python3", "usr/lib/python", "/usr/lib/python3.11/x.py", "a/site-packages/b", "dist-packages/",
	"//vendor/", "src/a.js", "node:internal/x", "/root/go/pkg/mod/github.com/x@v1/a.go",
}

// TestHasDepMarkMatchesOracle compares the two on the seeds and on every
// frame file of the captures' lines (and on the lines whole).
func TestHasDepMarkMatchesOracle(t *testing.T) {
	paths := depMarkSeeds
	files, _ := filepath.Glob("../../profiles/*/testdata/captures/*")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			paths = append(paths, l)
			if fr, ok := ParseJSFrame(CleanLine(l)); ok {
				paths = append(paths, fr.File)
			}
		}
	}
	for _, p := range paths {
		if got, want := hasDepMark(p), oldHasDepMark(p); got != want {
			t.Errorf("hasDepMark(%q) = %v, the oracle %v", p, got, want)
		}
	}
}

// FuzzHasDepMark compares the two on any path:
//
//	go test ./internal/filters -run '^$' -fuzz FuzzHasDepMark -fuzztime 2m
func FuzzHasDepMark(f *testing.F) {
	for _, s := range depMarkSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if got, want := hasDepMark(p), oldHasDepMark(p); got != want {
			t.Errorf("hasDepMark(%q) = %v, the oracle %v", p, got, want)
		}
	})
}
