package profiles_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

func eslintCapture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("eslint", "testdata", "captures", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// shapeBytes shapes in with the named profile (detected when empty) and
// returns the report and its llm rendering.
func shapeBytes(t testing.TB, set *profiles.Set, in []byte, prof string, win report.Window) (*report.Report, string) {
	t.Helper()
	var forced *profiles.Profile
	if prof != "" {
		forced, _ = set.Get(prof)
	}
	out, err := set.Shape(bytes.NewReader(in), forced, profiles.Options{Window: win})
	if err != nil {
		t.Fatal(err)
	}
	if out.Report == nil {
		t.Fatalf("not shaped: %v", out.Invalid)
	}
	var b bytes.Buffer
	if err := render.LLM(&b, out.Report, goldenHints); err != nil {
		t.Fatal(err)
	}
	return out.Report, b.String()
}

// A clean run is one line, in both JSON forms (the stylish formatter prints
// nothing at all for a clean run).
func TestEslintCleanIsOneLine(t *testing.T) {
	set := builtin(t)
	for _, name := range []string{"clean.json", "clean.meta.json"} {
		_, got := shapeBytes(t, set, eslintCapture(t, name), "", report.Window{Limit: 20})
		if got != "PASS 0 problems in 4 files\n" {
			t.Errorf("%s: %q", name, got)
		}
	}
}

// The text and JSON forms of one run give the same problems in the same
// order (each file once, its errors first; files with errors first) and the
// same counts.
func TestEslintTextMatchesJSON(t *testing.T) {
	set := builtin(t)
	for _, c := range []string{"mixed", "parse", "warn", "many", "padded"} {
		fromJSON, _ := shapeBytes(t, set, eslintCapture(t, c+".json"), "", report.Window{})
		for _, v := range []string{".txt", ".color.txt", ".meta.json"} {
			got, _ := shapeBytes(t, set, eslintCapture(t, c+v), "", report.Window{})
			if !reflect.DeepEqual(got.Failures, fromJSON.Failures) {
				t.Errorf("%s%s: problems differ from %s.json:\n%v\n%v", c, v, c, got.Failures, fromJSON.Failures)
			}
			gl, jl := *got.Lint, *fromJSON.Lint
			if v != ".meta.json" {
				// The stylish form does not say how many files were clean.
				jl.Files = 0
			}
			if gl != jl || got.Status != fromJSON.Status {
				t.Errorf("%s%s: %s %+v, JSON form %s %+v", c, v, got.Status, gl, fromJSON.Status, jl)
			}
			for _, e := range eslintOrderErrors(got.Failures) {
				t.Errorf("%s%s: %s", c, v, e)
			}
		}
	}
}

// eslintOrderErrors checks the order of lint problems: each file in one run
// (so it is printed under one header), its errors before its warnings, and
// every file with errors before the files with warnings only.
func eslintOrderErrors(fs []report.Failure) []string {
	var errs []string
	done := map[string]bool{}
	hasErr := map[string]bool{}
	for _, f := range fs {
		hasErr[f.File] = hasErr[f.File] || f.Severity == "error"
	}
	warningOnly := false
	for i, f := range fs {
		if i > 0 && fs[i-1].File != f.File {
			done[fs[i-1].File] = true
		}
		if done[f.File] {
			errs = append(errs, fmt.Sprintf("%s appears again at problem %d", f.File, i))
		}
		if i > 0 && fs[i-1].File == f.File && fs[i-1].Severity == "warning" && f.Severity == "error" {
			errs = append(errs, fmt.Sprintf("%s: error %d:%d after a warning", f.File, f.Line, f.Column))
		}
		if !hasErr[f.File] {
			warningOnly = true
		} else if warningOnly {
			errs = append(errs, fmt.Sprintf("%s has errors but comes after a file with warnings only", f.File))
		}
	}
	return errs
}

// Pages: whatever the window, the held-back warnings land where the whole
// list puts them, and every problem is on exactly one page.
func TestEslintPagination(t *testing.T) {
	set := builtin(t)
	in := eslintCapture(t, "many.txt")
	all, _ := shapeBytes(t, set, in, "eslint", report.Window{})
	if len(all.Failures) != 108 || all.Lint.Errors != 72 {
		t.Fatalf("many.txt: %d problems, lint %+v", len(all.Failures), all.Lint)
	}
	for _, limit := range []int{1, 7, 20, 50} {
		var seen []report.Failure
		for off := 0; off < len(all.Failures); off += limit {
			r, text := shapeBytes(t, set, in, "eslint", report.Window{Offset: off, Limit: limit})
			seen = append(seen, r.Failures...)
			if more := off+limit < len(all.Failures); r.Page.HasMore != more || r.Page.Total != len(all.Failures) {
				t.Fatalf("limit %d offset %d: page %+v", limit, off, r.Page)
			} else if more && !bytes.Contains([]byte(text), []byte(" more problem")) {
				t.Fatalf("limit %d offset %d: no page line in\n%s", limit, off, text)
			}
		}
		if !reflect.DeepEqual(seen, all.Failures) {
			t.Errorf("limit %d: pages hold %d problems, not the %d of the whole list in order", limit, len(seen), len(all.Failures))
		}
	}
}

// Cut output (no tally line) still counts what it shows, and says so.
func TestEslintNoSummary(t *testing.T) {
	in := eslintCapture(t, "mixed.txt")
	cut := in[:bytes.Index(in, []byte("✖"))]
	r, text := shapeBytes(t, builtin(t), cut, "", report.Window{Limit: 20})
	if r.Lint == nil || r.Lint.Errors != 10 || r.Lint.Warnings != 9 || r.Status != "FAIL" {
		t.Fatalf("lint %+v status %s", r.Lint, r.Status)
	}
	if !bytes.Contains([]byte(text), []byte("no eslint summary line")) {
		t.Errorf("no note about the missing summary:\n%s", text)
	}
}

// FuzzEslint feeds the eslint parsers (stylish text and both JSON forms)
// arbitrary input: they must not panic, must keep the page bounded and must
// account for every problem they saw.
func FuzzEslint(f *testing.F) {
	for _, name := range []string{"mixed.txt", "mixed.color.txt", "parse.txt", "warn.maxwarn.txt", "many.txt", "mixed.json", "warn.meta.json", "clean.json"} {
		data := eslintCapture(f, name)
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add([]byte("/x.js\n  1:1  error  \n✖ 1 problem (1 error, 0 warnings)\n"))
	f.Add([]byte("[{\"filePath\":\"a\",\"messages\":[{\"severity\":\"2\",\"line\":\"x\"}]}]"))
	set, err := profiles.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	eslint, _ := set.Get("eslint")
	f.Fuzz(func(t *testing.T, in []byte) { checkShapesSafely(t, set, eslint, in) })
}

// BenchmarkEslintSizes: raw vs shaped bytes of every eslint capture.
func BenchmarkEslintSizes(b *testing.B) { benchCaptureSizes(b, "eslint") }

// BenchmarkEslintThroughput: MB/s shaping ~100 MB of repeated stylish output.
func BenchmarkEslintThroughput(b *testing.B) { benchThroughput(b, "eslint", "mixed.txt") }
