package profiles_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// Tests on the real suites (urfave/cli v3 and mvdan.cc/sh v3 with bugs put
// in, see profiles/gotest/capture.sh), shaped as in the directory they ran
// in: paths relative to the module root.

func goShapeCapture(t *testing.T, name string, opt profiles.Options) (*report.Report, string) {
	t.Helper()
	path := filepath.Join("gotest", "testdata", "captures", name)
	out := shapeFile(t, builtin(t), path, "gotest", opt)
	var b bytes.Buffer
	if err := render.LLM(&b, out.Report, goldenHints); err != nil {
		t.Fatal(err)
	}
	return out.Report, b.String()
}

func goFailure(t *testing.T, r *report.Report, name string) report.Failure {
	t.Helper()
	for _, f := range r.Failures {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no failure %q in %d failures", name, len(r.Failures))
	return report.Failure{}
}

// A test that prints usage text and then fails an assertion: the assertion
// is the message and locates the failure; the printed text is detail, and
// the detail limit cuts it first.
func TestGoTestPrintedOutputIsDetail(t *testing.T) {
	const name = "TestCheckRequiredFlags/required_flag_with_one_character"
	for _, c := range []string{"urfavecli.v.txt", "urfavecli.json"} {
		r, _ := goShapeCapture(t, c, profiles.Options{})
		f := goFailure(t, r, name)
		if f.File != "command_test.go" || f.Line != 5440 ||
			f.Message != `Error "Required flag \"n\" is not set" does not contain "Required flag \"n\" not set"` {
			t.Errorf("%s: %s:%d %q", c, f.File, f.Line, f.Message)
		}
		if len(f.Details) == 0 || !strings.HasPrefix(f.Details[0], "Incorrect Usage:") {
			t.Errorf("%s: the printed usage text is not the detail: %q", c, f.Details)
		}
	}
}

// Without -v, lines indented less than a failed test's own lines are
// another test's output (usage text of passing tests): never detail of
// the failure printed before them.
func TestGoTestOtherTestsOutputNotAttached(t *testing.T) {
	r, _ := goShapeCapture(t, "urfavecli.txt", profiles.Options{})
	for _, f := range r.Failures {
		for _, d := range f.Details {
			if strings.Contains(d, "Incorrect Usage") || strings.Contains(d, "A new cli application") {
				t.Errorf("%s: detail %q is another test's output", f.Name, d)
			}
		}
	}
	if !strings.Contains(accounting(r), "output lines of other tests") {
		t.Errorf("the other tests' output is not counted:\n%s", accounting(r))
	}
}

// testify: the diff lines are kept whole, the expected/actual dumps cut,
// the Error Trace and Test lines that repeat the header dropped, no tabs;
// and the --json form of the failure stays small.
func TestGoTestTestify(t *testing.T) {
	for _, c := range []string{"urfavecli.txt", "urfavecli.v.txt", "urfavecli.json"} {
		r, _ := goShapeCapture(t, c, profiles.Options{})
		f := goFailure(t, r, "TestHelpOutput")
		det := strings.Join(f.Details, "\n")
		if f.Message != "Not equal:" || strings.Count(det, "-FLAGS:") != 3 || strings.Count(det, "+OPTIONS:") != 3 {
			t.Errorf("%s: the diff is not whole: %q\n%s", c, f.Message, det)
		}
		for _, bad := range []string{"Error Trace:", "Test:", "\t", "cli_test.go:21"} {
			if strings.Contains(det, bad) {
				t.Errorf("%s: details keep %q:\n%s", c, bad, det)
			}
		}
		if !strings.Contains(det, "trace: help_output_test.go:221") {
			t.Errorf("%s: the trace frame beyond the header is lost:\n%s", c, det)
		}
		doc, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(doc) > 2000 {
			t.Errorf("%s: the failure is %d bytes of JSON:\n%s", c, len(doc), doc)
		}
	}
}

// Paths are relative to the module root, read from go.mod in the working
// directory: test files, compiler errors and panic frames alike.
func TestGoTestPathsFromGoMod(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module mvdan.cc/sh/v3 // sh\n\ngo 1.26\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	set := builtin(t)
	p, _ := set.Get("gotest")
	out, err := set.Shape(bytes.NewReader(goTestCapture(t, "mvdansh.txt")), p,
		profiles.Options{Window: report.Window{Limit: 0}, Cwd: dir})
	if err != nil {
		t.Fatal(err)
	}
	r := out.Report
	files := map[string]bool{}
	for _, f := range r.Failures {
		files[f.File] = true
	}
	for _, want := range []string{"pattern/pattern_test.go", "expand/braces_test.go", "syntax/typedjson/json.go", "pattern"} {
		if !files[want] {
			t.Errorf("no failure at %s: %v", want, files)
		}
	}
	for f := range files {
		if strings.HasPrefix(f, "mvdan.cc/") {
			t.Errorf("failure at %s: an import path, not a path from the module root", f)
		}
	}
}

// A panic's frames in a /vN module are named by their package; the note
// says the panic stopped the package.
func TestGoTestPanicInMajorVersionModule(t *testing.T) {
	r, text := goShapeCapture(t, "urfavecli.v.txt", profiles.Options{})
	f := goFailure(t, r, "TestFileValueSource/implements_fmt.GoStringer")
	if f.Kind != report.KindPanic || f.File != "value_source.go" || f.Line != 159 ||
		len(f.Frames) == 0 || f.Frames[0].Func != "cli.TestFileValueSource.func3" {
		t.Errorf("panic: %+v", f)
	}
	if !strings.Contains(text, "the panic in TestFileValueSource/implements_fmt.GoStringer stopped github.com/urfave/cli/v3: its later tests did not run") {
		t.Errorf("no note that the panic stopped the package:\n%s", text)
	}
}

// -cover's figures are one note, in every form; a run without -v gives a
// total no smaller than its failures.
func TestGoTestCoverAndPartialTotal(t *testing.T) {
	const want = "coverage: calc 100.0%, cmd/app 0.0%, par 100.0%, text 100.0%, util 100.0%"
	for _, c := range []string{"cover.txt", "cover.v.txt", "cover.json"} {
		r, _ := goShapeCapture(t, c, profiles.Options{})
		if len(r.Notes) == 0 || r.Notes[len(r.Notes)-1] != want {
			t.Errorf("%s: notes %q, want %q", c, r.Notes, want)
		}
		if r.Tests.Total < r.Tests.Failed {
			t.Errorf("%s: tests %+v", c, r.Tests)
		}
	}
}

// testscript (issue 58): a script's failure is its log, logged at a line of
// testscript's own (testscript.go:609), ending with the verdict "FAIL:
// testdata/script/x.txtar:15: ...". The failure is at the script's line,
// the verdict its message, the command that failed its first detail; a log
// of another go test run inside the script's ("calc_test.go:40: ...",
// deeper than the script's entry) is no location of the failure.
func TestGoTestScriptVerdict(t *testing.T) {
	for _, c := range []struct{ capture, dir string }{
		{"terse.txt", "testdata/script/"}, {"terse.v.txt", "testdata/script/"}, {"terse.json", "testdata/script/"},
		{"gofumpt.txt", "testdata/script/"}, {"gofumpt.v.txt", "testdata/script/"}, {"gofumpt.json", "testdata/script/"},
	} {
		r, _ := goShapeCapture(t, c.capture, profiles.Options{Window: report.Window{Limit: 0}})
		scripts := 0
		for _, f := range r.Failures {
			if !strings.HasPrefix(f.Name, "TestScript") || !strings.Contains(f.Name, "/") {
				continue
			}
			scripts++
			if !strings.HasPrefix(f.File, c.dir) || !strings.HasSuffix(f.File, ".txtar") || f.Line == 0 {
				t.Errorf("%s: %s at %s:%d, not at its script's line", c.capture, f.Name, f.File, f.Line)
			}
			if strings.HasPrefix(f.Message, "#") || strings.HasPrefix(f.Message, "FAIL:") || f.Message == "" {
				t.Errorf("%s: %s: message %q is not the verdict", c.capture, f.Name, f.Message)
			}
			if len(f.Details) == 0 || !strings.HasPrefix(f.Details[0], "> ") {
				t.Errorf("%s: %s: the failed command is not the first detail: %q", c.capture, f.Name, f.Details)
			}
		}
		if scripts == 0 {
			t.Errorf("%s: no failed script", c.capture)
		}
	}
}

// A failure whose message must be cut keeps its end as well as its start,
// the lines between counted in place and in the omitted line (issue 58):
// a command's output ending with its error, a golden diff ending with the
// file to update, a run of t.Log lines before the t.Fatalf.
func TestGoTestLongMessageKeepsEnd(t *testing.T) {
	for _, c := range []string{"logs.txt", "logs.v.txt", "logs.json"} {
		r, _ := goShapeCapture(t, c, profiles.Options{})
		for name, want := range map[string]string{
			"TestCommandOutput": `error: config.yaml:200: unknown key "timeout"`,
			"TestReportGolden":  "run go test -run TestReportGolden -update to rewrite testdata/report.golden",
			"TestLogThenFatal":  "steps_test.go:24: step 39: compile-39 ok",
		} {
			f := goFailure(t, r, name)
			joined := strings.Join(f.Details, "\n")
			if !strings.Contains(joined, want) {
				t.Errorf("%s: %s: the message's last line %q is cut:\n%s", c, name, want, joined)
			}
			if !strings.Contains(joined, " lines …") {
				t.Errorf("%s: %s: no line says where lines were cut:\n%s", c, name, joined)
			}
		}
		if !strings.Contains(accounting(r), "message lines") {
			t.Errorf("%s: the lines cut are not counted:\n%s", c, accounting(r))
		}
	}
}

// Every failure go test -json records (its truth.yaml's read) of the testscript
// suites and of the tests that log before they fail is, with its file:line
// and its verdict, on the page an agent under Claude Code gets or on a page
// the hints reach from it (issue 58): the pages are followed by the
// command each names for the next.
func TestGoTestVerdictsOnPagesTheHintsReach(t *testing.T) {
	next := regexp.MustCompile(`terse --offset (\d+) --limit (\d+)`)
	set := builtin(t)
	for _, c := range []string{"terse.txt", "terse.json", "gofumpt.txt", "gofumpt.json", "logs.txt", "logs.json"} {
		path := filepath.Join("gotest", "testdata", "captures", c)
		want := toolReport(t, "gotest", groundTruthPath(path))
		var pages strings.Builder
		win := report.Window{Limit: 20}
		for n := 0; ; n++ {
			if n == 50 {
				t.Fatalf("%s: the pages do not end", c)
			}
			out := shapeFile(t, set, path, "gotest", profiles.Options{Window: win})
			h := render.Hints{
				Next: fmt.Sprintf("… | terse --offset %d --limit %d", win.Offset+win.Limit, win.Limit),
				Raw:  "the same command without terse",
				Fit: render.ClaudeCodeFit(func(offset, limit int) string {
					return fmt.Sprintf("… | terse --offset %d --limit %d", offset, limit)
				}),
			}
			var b bytes.Buffer
			if err := render.LLM(&b, out.Report, h); err != nil {
				t.Fatal(err)
			}
			if n := utf8.RuneCount(b.Bytes()); n > 10_000 {
				t.Errorf("%s: page at offset %d is %d characters, over Claude Code's view", c, win.Offset, n)
			}
			pages.WriteString(b.String())
			m := next.FindStringSubmatch(b.String())
			if m == nil {
				break
			}
			win.Offset, _ = strconv.Atoi(m[1])
			win.Limit, _ = strconv.Atoi(m[2])
		}
		t.Run(c, func(t *testing.T) { checkFidelity(t, pages.String(), want) })
	}
}
