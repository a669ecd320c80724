package profiles_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// Output of two runners in one stream (make -k test) is shaped as two runs
// merged: FAIL when one failed, every failure of the failing one kept, each
// tool's own status named.
func TestTwoToolsInOneStream(t *testing.T) {
	jestReport := func(t *testing.T, path string) []truth { return toolReport(t, "jest", path) }
	goReport := func(t *testing.T, path string) []truth { return toolReport(t, "gotest", path) }
	cases := []struct {
		stream, truth string
		read          func(*testing.T, string) []truth
		parts         []string // each tool's status, in order
	}{
		{"py-jest.txt", "jest/testdata/captures/mixed.json", jestReport, []string{"pytest: PASS 11/14", "jest: FAIL 17/"}},
		{"jest-go.txt", "gotest/testdata/captures/mixed.json", goReport, []string{"jest: PASS 15/17", "gotest: FAIL 9 failed tests"}},
		// As an agent's shell runs them: jest's agent reporter prints no
		// PASS lines, only its summary.
		{"py-jest.agent.txt", "jest/testdata/captures/mixed.json", jestReport, []string{"pytest: PASS 11/14", "jest: FAIL 17/"}},
		{"jest-go.agent.txt", "gotest/testdata/captures/mixed.json", goReport, []string{"jest: PASS 15/17", "gotest: FAIL 9 failed tests"}},
		// 90 kB of go build -x, which no profile claims, then go test:
		// the build's lines are left out, the run shaped as go test's.
		{"build-go.txt", "gotest/testdata/captures/mixed.json", goReport, []string{"gotest: FAIL 9 failed tests"}},
	}
	set := builtin(t)
	for _, c := range cases {
		t.Run(c.stream, func(t *testing.T) {
			data := readFile(t, "../testdata/multi/streams/"+c.stream)
			r := shapeRaw(t, set, data, profiles.Options{Window: report.Window{Limit: 0}})
			text := llmOfReport(t, r)
			status, _, _ := strings.Cut(text, "\n")
			if !strings.HasPrefix(status, "FAIL ") {
				t.Errorf("status %q, want FAIL", status)
			}
			at := 0
			for _, p := range c.parts {
				i := strings.Index(status[at:], p)
				if i < 0 {
					t.Errorf("status %q does not say %q after byte %d", status, p, at)
					break
				}
				at += i + len(p)
			}
			want := c.read(t, c.truth)
			if len(want) == 0 {
				t.Fatal("no failures in the ground truth")
			}
			for _, w := range want {
				if !strings.Contains(text, fmt.Sprintf("%q", w.Name)) {
					t.Errorf("failure %q (%s) missing", w.Name, w.Message)
				}
			}
			if got := strings.Count(text, "\n--- "); got != len(want) {
				t.Errorf("%d failure blocks, ground truth %d", got, len(want))
			}
		})
	}
}

// The page of failures runs across the parts: a page of 5 from offset 15 of
// py-jest holds the last jest failures, and the hint counts all of them.
func TestTwoToolsPaging(t *testing.T) {
	data := readFile(t, "../testdata/multi/streams/py-jest.txt")
	set := builtin(t)
	all := shapeRaw(t, set, data, profiles.Options{Window: report.Window{Limit: 0}})
	page := shapeRaw(t, set, data, profiles.Options{Window: report.Window{Offset: 5, Limit: 5}})
	if page.Page.Total != all.Page.Total || page.Shown() != 5 || !page.Page.HasMore {
		t.Errorf("page: total %d (want %d), shown %d, hasMore %v", page.Page.Total, all.Page.Total, page.Shown(), page.Page.HasMore)
	}
	text := llmOfReport(t, page)
	if !strings.Contains(text, fmt.Sprintf("(shown 6-10 of %d)", all.Page.Total)) {
		t.Errorf("no next-page hint for 6-10:\n%s", text)
	}
}

// A passing go test followed by go vet's complaint and make's error: the
// go test summary says PASS, make says a step failed. The guard says FAIL
// and keeps the line.
func TestUnexplainedFailureSignal(t *testing.T) {
	data := readFile(t, "../testdata/multi/streams/go-vet.txt")
	r := shapeRaw(t, builtin(t), data, profiles.Options{})
	text := llmOfReport(t, r)
	if r.Status != "FAIL" || !strings.HasPrefix(text, "FAIL status unknown") {
		t.Errorf("want FAIL status unknown, got:\n%s", text)
	}
	if !strings.Contains(text, "make: *** [Makefile:9: vet] Error 1") {
		t.Errorf("the unexplained line is not kept:\n%s", text)
	}
}

// A passing run says PASS: its passing lines ("ok", "--- PASS", "✓") are
// no failure signals.
func TestPassingRunStaysPass(t *testing.T) {
	set := builtin(t)
	for _, path := range []string{
		// Passing vitest runs whose code logs the errors it recovers
		// from: "Error: ..." in a test's stderr block is no failure.
		"../testdata/multi/streams/vitest-log.txt", "../testdata/multi/streams/vitest-log.agent.txt",
		"gotest/testdata/captures/pass.v.txt", "jest/testdata/captures/pass.verbose.txt",
		"pytest/testdata/captures/pass.v.txt", "vitest/testdata/captures/pass.txt",
	} {
		data := readFile(t, path)
		if r := shapeRaw(t, set, data, profiles.Options{}); r.Status != "PASS" {
			t.Errorf("%s: %s\n%s", path, r.Status, llmOfReport(t, r))
		}
	}
}

// Under terse run a non-zero exit is a failure signal too.
func TestReconcileExit(t *testing.T) {
	data := readFile(t, "gotest/testdata/captures/pass.txt")
	r := shapeRaw(t, builtin(t), data, profiles.Options{})
	profiles.ReconcileExit(r, 0)
	if r.Status != "PASS" {
		t.Fatalf("exit 0 changed the status to %s", r.Status)
	}
	profiles.ReconcileExit(r, 3)
	if text := llmOfReport(t, r); r.Status != "FAIL" || !strings.Contains(text, "exited with code 3") {
		t.Errorf("exit 3 under a PASS summary:\n%s", text)
	}
}

// A build's log longer than the head detection reads, before a tool's run
// (make -k ci: go build -x -a, then go test): the run is shaped as go
// test's, none of the log read as its (go build's "# import config" lines
// are no go test package headers), and the log is a part of its own,
// the generic cleaner's, after the run's; the page counts entries of both.
func TestLogBeforeTheRunIsAPartOfItsOwn(t *testing.T) {
	data := readFile(t, "../testdata/multi/streams/build-go.txt")
	set := builtin(t)
	if p := set.DetectText(data[:profiles.DetectHeadSize]); p != nil {
		t.Fatalf("the head is detected as %s: the capture no longer tests a head no profile claims", p.Name)
	}
	all := llmOfReport(t, shapeRaw(t, set, data, profiles.Options{Window: report.Window{Limit: 0}}))
	status, body, _ := strings.Cut(all, "\n")
	if !strings.HasPrefix(status, "FAIL gotest: FAIL 9 failed tests") || !strings.HasSuffix(status, "; generic: none") {
		t.Errorf("status %q, want go test's FAIL, then the log's part", status)
	}
	blocks := 0
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(l, "--- ") {
			blocks++
			if strings.Contains(l, "import") || strings.Contains(l, "WORK") {
				t.Errorf("a line of the build read as a failure: %q", l)
			}
		}
	}
	if blocks != 9 {
		t.Errorf("%d failure blocks, go test's are 9", blocks)
	}
	if !strings.Contains(body, "go build -x -a") {
		t.Error("the build's log is not shown")
	}
	page := llmOfReport(t, shapeRaw(t, set, data, profiles.Options{Window: report.Window{Limit: 20}}))
	// The page of 20 shows the 9 failures and 11 of the log's blocks.
	if !strings.Contains(page, "… 5 more entries (shown 1-20 of 25)") {
		t.Errorf("the page's end does not count its entries, failures and blocks of lines:\n%s", page[max(0, len(page)-300):])
	}
}

// The lines before the run are kept whatever they hold: a Java exception
// (no failure signal) before a vitest run stays in the log's part.
func TestLogBeforeTheRunKeepsWhatItHolds(t *testing.T) {
	crash := readFile(t, "generic/testdata/captures/crash-java.txt")
	run := readFile(t, "vitest/testdata/captures/agent.txt")
	data := append(bytes.Repeat(crash, profiles.DetectHeadSize/len(crash)+1), run...)
	set := builtin(t)
	if p := set.DetectText(data[:profiles.DetectHeadSize]); p != nil {
		t.Fatalf("the head is detected as %s", p.Name)
	}
	text := llmOfReport(t, shapeRaw(t, set, data, profiles.Options{Window: report.Window{Limit: 0}}))
	status, _, _ := strings.Cut(text, "\n")
	if !strings.HasPrefix(status, "FAIL vitest: FAIL 9/50") {
		t.Errorf("status %q, want vitest's FAIL 9/50 first", status)
	}
	if !strings.Contains(text, `Exception in thread "main" java.lang.NumberFormatException`) {
		t.Errorf("the exception before the run is lost:\n%s", text)
	}
}

// A log before a passing run is not split off: the stream would PASS with
// what the log holds below it, a Go panic (a failure signal, then
// unexplained) or a Java exception (which no signal knows). It stays the
// generic cleaner's, which says no PASS, the crash shown.
func TestLogBeforeAPassingRunIsNoPass(t *testing.T) {
	for _, c := range []struct{ crash, line string }{
		{"crash-go.txt", "panic: runtime error: index out of range [2] with length 2"},
		{"crash-java.txt", `Exception in thread "main" java.lang.NumberFormatException: For input string: "80a"`},
	} {
		t.Run(c.crash, func(t *testing.T) { passAfterLog(t, "generic/testdata/captures/"+c.crash, c.line) })
	}
}

// passAfterLog checks the stream of crash's capture, the first 400 lines
// of build-go's log and a passing vitest run: no PASS, line kept.
func passAfterLog(t *testing.T, crash, line string) {
	var data []byte
	for _, c := range []struct {
		path  string
		lines int
	}{{crash, 0}, {"../testdata/multi/streams/build-go.txt", 400}, {"vitest/testdata/captures/pass.txt", 0}} {
		b := readFile(t, c.path)
		if c.lines > 0 {
			b = bytes.Join(bytes.SplitAfter(b, []byte("\n"))[:c.lines], nil)
		}
		data = append(data, b...)
	}
	set := builtin(t)
	if p := set.DetectText(data[:profiles.DetectHeadSize]); p != nil {
		t.Fatalf("the head is detected as %s", p.Name)
	}
	text := llmOfReport(t, shapeRaw(t, set, data, profiles.Options{Window: report.Window{Limit: 0}}))
	status, _, _ := strings.Cut(text, "\n")
	if strings.HasPrefix(status, "PASS") {
		t.Errorf("status %q with a crash before the run", status)
	}
	if !strings.Contains(text, line) {
		t.Errorf("the crash is lost:\n%s", text)
	}
}

// Behind a build's log longer than the head detection reads, every failing
// run of every capture keeps its profile and fails, and the log is a part
// of its own after it. A linter's problems and a compiler's errors are no
// shared failure signal: such runs went to the generic cleaner, whole,
// with no status; their profile's report now says they fail, and only a
// run that fails is split off a log. The run starts at the first line its
// profile's signatures claim, or at a blank line up to leadBack lines
// before it (eslint's first file's name, whose problems had no file), or
// at a failure's first line of its profile's just above it (rustc's
// "warning: ..." above its "-->" line, which no signature claims): its
// status is, word for word, the one it has alone (a jest part's "1 error
// outside the tests" included).
func TestLogBeforeAFailingRunOfEveryProfile(t *testing.T) {
	set := builtin(t)
	lead := bytes.Join(bytes.SplitAfter(readFile(t, "../testdata/multi/streams/build-go.txt"), []byte("\n"))[:400], nil)
	if p := set.DetectText(lead[:profiles.DetectHeadSize]); p != nil {
		t.Fatalf("the log's head is detected as %s", p.Name)
	}
	window := profiles.Options{Window: report.Window{Limit: 0}}
	n := 0
	for prof, files := range captures(t) {
		if prof == profiles.Generic || prof == "multi" {
			continue
		}
		for _, path := range files {
			exit, err := os.ReadFile(strings.TrimSuffix(path, filepath.Ext(path)) + ".exit")
			if !strings.HasSuffix(path, ".txt") || err != nil || strings.TrimSpace(string(exit)) == "0" {
				continue
			}
			data := readFile(t, path)
			alone, err := set.Shape(bytes.NewReader(data), nil, window)
			if err != nil || alone.Report == nil || alone.Report.Status != report.StatusFail || alone.Profile == nil || len(alone.Report.Parts) > 0 {
				continue // not one failing run terse reads alone
			}
			aloneStatus, _, _ := strings.Cut(llmOfReport(t, alone.Report), "\n")
			text := llmOfReport(t, shapeRaw(t, set, append(append([]byte(nil), lead...), data...), window))
			status, _, _ := strings.Cut(text, "\n")
			want := "FAIL " + alone.Profile.Name + ": " + aloneStatus + "; generic: none"
			switch {
			case !strings.HasPrefix(status, "FAIL "+alone.Profile.Name+": FAIL") || !strings.HasSuffix(status, "; generic: none"):
				t.Errorf("%s behind a build's log: status %q, want %q", path, status, want)
			case strings.Contains(text, "(unknown file)") && !strings.Contains(llmOfReport(t, alone.Report), "(unknown file)"):
				t.Errorf("%s behind a build's log: a failure lost its file:\n%s", path, text)
			case status != want:
				t.Errorf("%s behind a build's log: status %q, want %q (as alone)", path, status, want)
			}
			n++
		}
	}
	if n < 40 {
		t.Errorf("%d failing captures checked, want 40 or more", n)
	}
}

// The run after a log starts at a blank line a few lines before its first
// claimed line, but not over a failure signal: a Go panic's line between
// the blank line and eslint's first file stays in the log's part, which
// then shows a failure and is not split off.
func TestLogBeforeTheRunKeepsItsSignalLines(t *testing.T) {
	set := builtin(t)
	lead := bytes.Join(bytes.SplitAfter(readFile(t, "../testdata/multi/streams/build-go.txt"), []byte("\n"))[:400], nil)
	var panicLine []byte
	for _, l := range bytes.Split(readFile(t, "generic/testdata/captures/crash-go.txt"), []byte("\n")) {
		if bytes.HasPrefix(l, []byte("panic: ")) {
			panicLine = l
		}
	}
	if panicLine == nil {
		t.Fatal("crash-go.txt holds no panic line")
	}
	run := bytes.TrimLeft(readFile(t, "eslint/testdata/captures/mixed.txt"), "\n")
	var data []byte
	for _, b := range [][]byte{lead, []byte("\n"), panicLine, []byte("\n"), run} {
		data = append(data, b...)
	}
	text := llmOfReport(t, shapeRaw(t, set, data, profiles.Options{Window: report.Window{Limit: 0}}))
	if !strings.Contains(text, string(panicLine)) {
		t.Errorf("the panic's line is not shown:\n%s", text)
	}
	// The panic's line stays in the log's part, which then shows a
	// failure signal: the stream is not split, and stays the generic
	// cleaner's (no status line).
	if status, _, _ := strings.Cut(text, "\n"); strings.HasPrefix(status, "PASS") || strings.HasPrefix(status, "FAIL eslint") {
		t.Errorf("status %q: the run started above the panic's line", status)
	}
}
