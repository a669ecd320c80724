package profiles_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

func goTestCapture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("gotest", "testdata", "captures", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A passing run is one line in every form.
func TestGoTestPassIsOneLine(t *testing.T) {
	set := builtin(t)
	for name, want := range map[string]string{
		"pass.txt":   "PASS 3 packages (1 without tests)\n",
		"pass.v.txt": "PASS 6/7 (1 skipped)\n",
		"pass.json":  "PASS 6/7 (1 skipped)\n",
	} {
		if _, got := shapeBytes(t, set, goTestCapture(t, name), "", report.Window{Limit: 20}); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

// goFailureKey is what must agree between the forms of one run: the race
// report's goroutine numbers differ from run to run, and -json finishes
// packages in its own order.
func goFailureKeys(fs []report.Failure) []string {
	var out []string
	for _, f := range fs {
		det := strings.Join(f.Details, "\n")
		if f.Kind == report.KindRace {
			det = ""
		}
		out = append(out, fmt.Sprintf("%s %s:%d %q %q %q %v", f.Kind, f.File, f.Line, f.Name, f.Message, det, f.Frames))
	}
	sort.Strings(out)
	return out
}

// goFailureHeads is what identifies a failure: its kind, place, name and
// message.
func goFailureHeads(fs []report.Failure) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s %s:%d %q %q", f.Kind, f.File, f.Line, f.Name, f.Message))
	}
	sort.Strings(out)
	return out
}

// The default, -v and -json forms of one run give the same failures. (The
// timeout's default form lacks the t.Log line: go test prints the output
// of a test that never finished only with -v. Without -v, what a test
// printed to stdout comes before its result and cannot be told from other
// tests' output: the real suites' failures agree but for their details.)
func TestGoTestFormsAgree(t *testing.T) {
	set := builtin(t)
	for _, c := range []string{"mixed", "buildfail", "race", "many", "timeout", "cover", "urfavecli", "mvdansh"} {
		fromJSON, _ := shapeBytes(t, set, goTestCapture(t, c+".json"), "", report.Window{})
		want := goFailureKeys(fromJSON.Failures)
		keys := goFailureKeys
		if c == "urfavecli" {
			keys = goFailureHeads
			want = keys(fromJSON.Failures)
		}
		for _, v := range []string{".txt", ".v.txt"} {
			if c == "timeout" && v == ".txt" {
				continue
			}
			got, _ := shapeBytes(t, set, goTestCapture(t, c+v), "", report.Window{})
			if g := keys(got.Failures); !reflect.DeepEqual(g, want) {
				t.Errorf("%s%s: failures differ from the -json form:\n%s\n---\n%s", c, v, strings.Join(g, "\n"), strings.Join(want, "\n"))
			}
			// urfave/cli names a subtest "sub/nested" beside a subtest
			// "sub": the text cannot tell it from a subtest of "sub",
			// while -json, which streams results, counts "sub" as the
			// test that passed before "sub/nested" ran.
			if v == ".v.txt" && c != "urfavecli" && (got.Tests != fromJSON.Tests || *got.Suites != *fromJSON.Suites) {
				t.Errorf("%s%s: counts %+v %+v, -json %+v %+v", c, v, got.Tests, *got.Suites, fromJSON.Tests, *fromJSON.Suites)
			}
		}
	}
}

// Pages: failures are held per package until its result line, and only
// those that can reach the page keep their text; whatever the window,
// each failure is on exactly one page, with its message.
func TestGoTestPagination(t *testing.T) {
	set := builtin(t)
	for _, name := range []string{"many.txt", "many.v.txt", "many.json", "mixed.txt"} {
		in := goTestCapture(t, name)
		all, _ := shapeBytes(t, set, in, "gotest", report.Window{})
		for _, limit := range []int{1, 3, 20, 45} {
			var seen []report.Failure
			for off := 0; off < len(all.Failures); off += limit {
				r, text := shapeBytes(t, set, in, "gotest", report.Window{Offset: off, Limit: limit})
				seen = append(seen, r.Failures...)
				if more := off+limit < len(all.Failures); r.Page.HasMore != more || r.Page.Total != len(all.Failures) {
					t.Fatalf("%s limit %d offset %d: page %+v of %d", name, limit, off, r.Page, len(all.Failures))
				} else if more && !strings.Contains(text, "next page:") {
					t.Fatalf("%s limit %d offset %d: no page line in\n%s", name, limit, off, text)
				}
			}
			if !reflect.DeepEqual(seen, all.Failures) {
				t.Errorf("%s limit %d: the pages do not hold the %d failures of the whole list in order", name, limit, len(all.Failures))
			}
		}
	}
}

// Panics, timeouts and races show the user's frames and none of the
// runtime's or the testing package's, and no goroutine headers.
func TestGoTestStacksKeepUserFrames(t *testing.T) {
	set := builtin(t)
	for _, name := range []string{"mixed.txt", "timeout.v.txt", "race.json"} {
		_, text := shapeBytes(t, set, goTestCapture(t, name), "", report.Window{Limit: 20})
		for _, noise := range []string{"testing.tRunner", "runtime.", "/usr/local/go/src", "goroutine 1 [", "created by", "+0x", "[recovered"} {
			if strings.Contains(text, noise) {
				t.Errorf("%s: output keeps %q:\n%s", name, noise, text)
			}
		}
	}
	_, text := shapeBytes(t, set, goTestCapture(t, "mixed.txt"), "", report.Window{Limit: 20})
	for _, want := range []string{
		"--- /tmp/terse-fixtures/gotest/mixed/geom/geom.go:6 \"TestArea/rectangle\"\npanic: runtime error: index out of range [2] with length 2\n",
		"  at geom.TestArea.func2 (/tmp/terse-fixtures/gotest/mixed/geom/geom_test.go:12)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("mixed.txt: output lacks %q:\n%s", want, text)
		}
	}
}

// With the working directory the CLI passes, frame paths are relative.
func TestGoTestRelativePaths(t *testing.T) {
	set := builtin(t)
	p, _ := set.Get("gotest")
	out, err := set.Shape(bytes.NewReader(goTestCapture(t, "race.txt")), p,
		profiles.Options{Window: report.Window{Limit: 20}, Cwd: "/tmp/terse-fixtures/gotest/race"})
	if err != nil {
		t.Fatal(err)
	}
	f := out.Report.Failures[0]
	if f.File != "counter/counter.go" || f.Line != 8 || !strings.Contains(strings.Join(f.Details, "\n"), "(counter/counter_test.go:23)") {
		t.Errorf("race failure: %+v", f)
	}
}

// go test -json goes to the text parser as a stream: it is JSON lines, not
// one document.
func TestGoTestJSONLinesStream(t *testing.T) {
	in := goTestCapture(t, "mixed.json")
	// Larger than what the JSON path holds in memory: it must still reach
	// the go test parser, as a stream.
	big := bytes.Repeat(in, (8<<20)/len(in)+1)
	out, err := builtin(t).Shape(bytes.NewReader(big), nil, profiles.Options{Window: report.Window{Limit: 20}})
	if err != nil || out.Report == nil || out.Profile == nil || out.Profile.Name != "gotest" {
		t.Fatalf("%d MB of go test -json: profile %v, report %v, err %v", len(big)>>20, out.Profile, out.Report != nil, err)
	}
	out.Report.Close()
	// An event cut mid-line is counted, never shown raw.
	r, text := shapeBytes(t, builtin(t), append(in, in[:len(in)/2]...), "gotest", report.Window{Limit: 20})
	if r.Status != "FAIL" || strings.Contains(text, "{\"Time\"") {
		t.Errorf("cut -json stream: %s\n%s", r.Status, text)
	}
}

// FuzzGoTest feeds the go test parser (text and -json) arbitrary input: it
// must not panic, must keep the page bounded and must render.
func FuzzGoTest(f *testing.F) {
	for _, name := range []string{"mixed.txt", "mixed.v.txt", "mixed.json", "buildfail.txt", "buildfail.json", "timeout.txt", "race.v.txt", "pass.json"} {
		data := goTestCapture(f, name)
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add([]byte("--- FAIL: T (0.00s)\n    --- FAIL: T/a (0.00s)\npanic: x\n\ngoroutine 1 [running]:\nf()\n\tx.go:1\n"))
	f.Add([]byte("==================\nWARNING: DATA RACE\nRead at 0x1 by goroutine 1:\n  f()\n      /a.go:1 +0x1\n"))
	f.Add([]byte("{\"Action\":\"output\",\"Package\":\"p\",\"Test\":\"T\",\"Output\":\"--- FAIL: T (0.00s)\\n\"}\n"))
	set, err := profiles.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	gotest, _ := set.Get("gotest")
	f.Fuzz(func(t *testing.T, in []byte) { checkShapesSafely(t, set, gotest, in) })
}

// BenchmarkGoTestSizes: raw vs shaped bytes of every go test capture.
func BenchmarkGoTestSizes(b *testing.B) { benchCaptureSizes(b, "gotest") }

// BenchmarkGoTestThroughput: MB/s shaping ~100 MB of repeated -v output.
func BenchmarkGoTestThroughput(b *testing.B) { benchThroughput(b, "gotest", "mixed.v.txt") }

// BenchmarkGoTestJSONThroughput: the same for repeated -json output.
func BenchmarkGoTestJSONThroughput(b *testing.B) { benchThroughput(b, "gotest", "mixed.json") }

// A -run pattern that matches no test: go test says "ok" with "[no tests
// to run]"; terse says no test ran, in every form, and never PASS.
func TestGoTestNoTestsRan(t *testing.T) {
	set := builtin(t)
	for _, name := range []string{"norun.txt", "norun.v.txt", "norun.json"} {
		r, text := shapeBytes(t, set, goTestCapture(t, name), "", report.Window{Limit: 20})
		if want := "NO TESTS RAN (3 packages, 1 without tests)\n"; text != want || r.Status != "NONE" {
			t.Errorf("%s: status %s, output %q, want %q", name, r.Status, text, want)
		}
	}
	// One package ran tests: a pass, as go test says.
	in := "ok  \texample.com/m/a\t0.01s\nok  \texample.com/m/b\t0.01s [no tests to run]\n"
	if r, text := shapeBytes(t, set, []byte(in), "gotest", report.Window{Limit: 20}); r.Status != "PASS" {
		t.Errorf("one package with tests: %s %q", r.Status, text)
	}
}
