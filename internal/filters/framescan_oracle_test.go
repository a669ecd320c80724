package filters

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The regexps StackFilter used before its byte scans (framescan.go): the
// oracle each scan must agree with on every line.
var (
	pyFrameRe   = Lazy(`^(\s*)File "([^"]+)", line (\d+)(?:, in (.*))?$`)
	javaFrameRe = Lazy(`^\s+at ([\w$.<>/\-]+)\(([^)]*)\)$`)
	goFileRe    = Lazy(`^\t(\S+\.go):(\d+)(?: \+0x[0-9a-f]+)?$`)
	goFuncRe    = Lazy(`^(?:created by )?[\w./*()\-\[\]]+\(.*\)(?: in goroutine \d+)?$`)
)

// checkFrameScans fails t where a byte scan of framescan.go disagrees with
// its regexp on line: whether it matches, and every submatch.
func checkFrameScans(t *testing.T, line string) {
	t.Helper()
	var got []string
	if indent, file, lineNo, fn, ok := pyFrame(line); ok {
		got = []string{line, indent, file, lineNo, fn}
	}
	if want := pyFrameRe.FindStringSubmatch(line); !slices.Equal(got, want) {
		t.Errorf("pyFrame(%q) = %q, the regexp %q", line, got, want)
	}
	got = nil
	if fn, args, ok := javaFrame(line); ok {
		got = []string{line, fn, args}
	}
	if want := javaFrameRe.FindStringSubmatch(line); !slices.Equal(got, want) {
		t.Errorf("javaFrame(%q) = %q, the regexp %q", line, got, want)
	}
	got = nil
	if file, lineNo, ok := goFileLine(line); ok {
		got = []string{line, file, lineNo}
	}
	if want := goFileRe.FindStringSubmatch(line); !slices.Equal(got, want) {
		t.Errorf("goFileLine(%q) = %q, the regexp %q", line, got, want)
	}
	if got, want := goFuncLine(line), goFuncRe.MatchString(line); got != want {
		t.Errorf("goFuncLine(%q) = %v, the regexp %v", line, got, want)
	}
}

// frameScanSeeds are the edge cases of the frame regexps.
var frameScanSeeds = []string{
	`  File "a.py", line 3, in f`, `File "a.py", line 3`, `File "", line 3`, `File "a.py", line x`,
	`  File "a.py", line 3, in f` + "\n", `  File "a.py", line 3,in f`, "\f File \"a\nb\", line 1, in \xff",
	`File "a.py", line 3, in `, `File "a"b", line 3`, "\tFile \"a.py\", line 12, in <module>",
	"    at com.x.Y.z(Y.java:10)", "\tat a(b)", "at a(b)", "  at a()", "  at a(b))", "  at (b)",
	"  at a(b) ", "  at a(b\n)", "\n at a$1.<init>(X.java)", "  at a b(c)", "  at a(", "  at a)",
	"\t/src/a.go:12 +0x1d", "\t/src/a.go:12", "\tC:/a b.go:3", "\t.go:3", "\tx.go:3 +0x", "\tx.go:3 +0xG",
	"\tx.go:3\t+0x1", "\tx.go:3 +0x1 ", "\ta.go:1.go:2", "\ta.go:", "\ta.go:1:2", "\t\xffa.go:1",
	"main.main()", "created by main.f in goroutine 1", "created by testing.(*T).Run in goroutine 7",
	"main.(*T).f(0xc000, {0x1, 0x2})", "goroutine 1 [running]:", "(x)(y)", "a(b) in goroutine 3",
	"a(b) in goroutine 3)", "a(b) in goroutine ", "a(b) in goroutine x", "created by ", "created by a()",
	"_(", "[]()", "()", "(()", "a()\n", "a(\n)", "a b()", "a.b(c d) in goroutine 12",
}

// TestFrameScansMatchRegexps checks every scan against its regexp on the
// seeds and every line of every capture in testdata, raw and cleaned.
func TestFrameScansMatchRegexps(t *testing.T) {
	lines := frameScanSeeds
	files, _ := filepath.Glob("../../profiles/*/testdata/captures/*")
	if len(files) < 50 {
		t.Fatalf("only %d captures", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	for _, l := range lines {
		checkFrameScans(t, l)
		checkFrameScans(t, CleanLine(l))
	}
}

// FuzzFrameScans checks every scan against its regexp on any line:
//
//	go test ./internal/filters -run '^$' -fuzz FuzzFrameScans -fuzztime 3m
func FuzzFrameScans(f *testing.F) {
	for _, s := range frameScanSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkFrameScans(t, s) })
}
