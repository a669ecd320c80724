package parse

import (
	"path/filepath"
	"strings"
	"testing"
)

// relReference is Options.Rel as it was before its fast path: filepath.Rel
// on every absolute path.
func relReference(cwd, p string) string {
	if cwd == "" || !filepath.IsAbs(p) {
		return p
	}
	if r, err := filepath.Rel(cwd, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

var relCases = [][2]string{
	{"/home/u/proj", "/home/u/proj/src/a.js"},
	{"/home/u/proj", "/home/u/proj"},
	{"/home/u/proj", "/home/u/proj/"},
	{"/home/u/proj", "/home/u/projx/a.js"},
	{"/home/u/proj", "/home/u/pro"},
	{"/home/u/proj", "/home/u/other/a.js"},
	{"/home/u/proj", "/home/u/proj/../proj/a.js"},
	{"/home/u/proj", "/home/u/proj/./a.js"},
	{"/home/u/proj", "/home/u/proj//a.js"},
	{"/home/u/proj", "/home/u/proj/a/"},
	{"/home/u/proj", "/home/u/proj/..a/b.js"},
	{"/home/u/proj", "/home/u/proj/../a.js"},
	{"/home/u/proj", "/home/u/proj/a/.."},
	{"/home/u/proj", "/home/u/proj/a/."},
	{"/home/u/proj", "relative/a.js"},
	{"/home/u/proj", ""},
	{"/home/u/proj/", "/home/u/proj/a.js"},
	{"/home/u/./proj", "/home/u/proj/a.js"},
	{"/home/u/proj/..", "/home/u/a.js"},
	{"/home//u/proj", "/home//u/proj/a.js"},
	{"/", "/a.js"},
	{"/", "/"},
	{"/", "//a.js"},
	{"/", "/a/b/"},
	{"//", "/a.js"},
	{"relative", "/a.js"},
	{".", "/a.js"},
	{"", "/a.js"},
}

// TestRelMatchesFilepathRel: the fast path for a clean path under a clean
// Cwd gives what filepath.Rel gave, and every other case is left to it.
func TestRelMatchesFilepathRel(t *testing.T) {
	for _, c := range relCases {
		if got, want := (&Options{Cwd: c[0]}).Rel(c[1]), relReference(c[0], c[1]); got != want {
			t.Errorf("Rel(Cwd %q, %q) = %q, filepath.Rel gives %q", c[0], c[1], got, want)
		}
	}
}

func FuzzRel(f *testing.F) {
	for _, c := range relCases {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, cwd, p string) {
		if got, want := (&Options{Cwd: cwd}).Rel(p), relReference(cwd, p); got != want {
			t.Errorf("Rel(Cwd %q, %q) = %q, filepath.Rel gives %q", cwd, p, got, want)
		}
	})
}

// BenchmarkRel is Rel as a linter's report calls it through the binary,
// which sets Cwd: absolute paths, most under Cwd; beside it filepath.Rel
// as Rel called it on every path before.
func BenchmarkRel(b *testing.B) {
	const cwd = "/home/user/work/project"
	paths := []string{
		"/home/user/work/project/src/components/Button.tsx",
		"/home/user/work/project/src/lib/util/strings.ts",
		"/home/user/work/project/test/unit/parse.test.js",
		"/usr/lib/node_modules/eslint/lib/linter.js",
	}
	for _, c := range []struct {
		name string
		rel  func(string) string
	}{
		{"Rel", (&Options{Cwd: cwd}).Rel},
		{"filepath.Rel", func(p string) string { return relReference(cwd, p) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				_ = c.rel(paths[i%len(paths)])
			}
		})
	}
}
