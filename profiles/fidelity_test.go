package profiles_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// truth is one failure as the tool's machine-readable output records it.
type truth struct {
	Name    string // as the text output prints it
	File    string // relative to the project
	Line    int    // 0 when the ground truth has no line
	Message string // the first line of the message
	// Lint problems (Severity set) are checked in the grouped form: a
	// "--- file" header and one "line:col severity rule message" row each.
	Severity string
	Column   int
	// Flaky is set on a test that failed, then passed on a retry: its
	// header says so (render.FlakyMark).
	Flaky bool
}

// truthAdapters fit the ground truth to one capture whose variant cannot
// print all of it (pytest --tb=line prints no traceback, so only the crash
// line), by the name truth.yaml's adapt gives.
var truthAdapters = map[string]func(t *testing.T, capture string, want []truth) []truth{
	"pytest-tb": pytestAdaptTruth,
	"vitest":    vitestAdaptTruth,
}

// TestFidelity checks the promise "faithful on red": every failure the ground
// truth records appears in the llm output of each text capture of the same
// run, with its name, file:line and message.
func TestFidelity(t *testing.T) {
	set := builtin(t)
	for prof, files := range captures(t) {
		if prof == profiles.Generic {
			continue // no ground truth: TestGenericKeepsProblemLines checks it
		}
		read, adapt, ok := truthOf(t, prof)
		if !ok {
			t.Errorf("profile %s has captures but no machine truth: give it testdata/%s/truth.yaml (TestProfileChecklist says what else it lacks)", prof, prof)
			continue
		}
		truths, messages := 0, 0
		for _, path := range files {
			if strings.HasSuffix(path, ".json") && prof != "gotest" {
				continue // the ground truth itself; go test -json is also a form of the output
			}
			truthPath := groundTruthPath(path)
			if _, err := os.Stat(truthPath); err != nil {
				t.Errorf("%s: no ground truth %s", path, truthPath)
				continue
			}
			want := read(t, truthPath)
			if adapt != nil {
				want = adapt(t, path, want)
			}
			truths += len(want)
			for _, w := range want {
				if w.Message != "" {
					messages++
				}
			}
			t.Run(prof+"/"+filepath.Base(path), func(t *testing.T) {
				out := shapeFile(t, set, path, prof, profiles.Options{Window: report.Window{Limit: 0}})
				var b bytes.Buffer
				if err := render.LLM(&b, out.Report, goldenHints); err != nil {
					t.Fatal(err)
				}
				checkFidelity(t, b.String(), want)
			})
		}
		// An empty message is in every block: a truth reader that lost
		// the messages would pass checkFidelity's check of them.
		if truths > 0 && messages == 0 {
			t.Errorf("profile %s: none of its %d truths has a message: its truth.yaml's read lost them", prof, truths)
		}
	}
}

// groundTruthPath is the machine report of capture path: where its tool's
// truth.yaml read.report says (an else: read's where the run wrote none
// there); "" when the tool reads none.
func groundTruthPath(path string) string {
	stem := captureName(path)
	testdata := filepath.Dir(filepath.Dir(path))
	if spec, ok, err := toolTruth(filepath.Base(filepath.Dir(testdata))); err == nil && ok && spec.Read != nil && spec.Read.Report != "" {
		return spec.Read.reportOf(testdata, stem)
	}
	return ""
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// errorReporter is the part of *testing.T the fidelity checks use, so that
// a test can check the checks.
type errorReporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// truthHead is the header line (without "--- ") of the block that shows w.
func truthHead(w truth) string {
	head := w.File
	if w.Line > 0 {
		head += fmt.Sprintf(":%d", w.Line)
	}
	if w.Name != "" {
		head += " " + fmt.Sprintf("%q", w.Name)
	}
	if w.Flaky {
		head += render.FlakyMark
	}
	return head
}

func checkFidelity(t errorReporter, llm string, want []truth) {
	t.Helper()
	if len(want) > 0 && want[0].Severity != "" {
		checkLintFidelity(t, llm, want)
		return
	}
	blocks := strings.Split(llm, "\n--- ")
	wantHeads := map[string]int{}
	for _, w := range want {
		head := truthHead(w)
		wantHeads[head]++
		found := false
		for _, blk := range blocks[1:] {
			first, rest, _ := strings.Cut(blk, "\n")
			if first != head {
				continue
			}
			found = true
			if !strings.Contains(rest, w.Message) {
				t.Errorf("failure %s: message %q not in its block:\n%s", head, w.Message, rest)
			}
		}
		if !found {
			t.Errorf("failure %s (%s) missing from the output", head, w.Message)
		}
	}
	// A failure shown twice (a tool's summary that repeats its failures)
	// costs the agent a page: each header appears as often as the ground
	// truth has failures under it, no more.
	gotHeads := map[string]int{}
	for _, blk := range blocks[1:] {
		first, _, _ := strings.Cut(blk, "\n")
		gotHeads[first]++
	}
	for head, n := range gotHeads {
		if n > wantHeads[head] && wantHeads[head] > 0 {
			t.Errorf("failure %s printed %d times, ground truth has it %d", head, n, wantHeads[head])
		}
	}
	if got := len(blocks) - 1; got != len(want) {
		t.Errorf("output has %d failure blocks, ground truth %d", got, len(want))
	}
}

// checkLintFidelity checks lint output, where problems are grouped under one
// "--- file" header per run of problems in a file: every problem of the
// ground truth is a row "line:col severity rule message" under a header
// naming its file, and the rows under headers number the problems.
func checkLintFidelity(t errorReporter, llm string, want []truth) {
	t.Helper()
	rows, headers, n := lintRows(llm)
	for file, k := range headers {
		// One group per file: a file shown under two headers (its errors,
		// later its warnings) is read twice and its problems split.
		if k > 1 {
			t.Errorf("file %s printed under %d headers, want one", file, k)
		}
	}
	for _, w := range want {
		if !slices.Contains(rows[w.File], lintRow(w)) {
			t.Errorf("problem %q of %s missing from the output", lintRow(w), w.File)
		}
	}
	if n != len(want) {
		t.Errorf("output has %d problem rows, ground truth %d", n, len(want))
	}
}

// failureKept reports whether a block of llm (split at "\n--- ") has w's
// header (found), and whether one such block holds w's message (kept): the
// count of scripts/bench.sh; checkFidelity asks more (every such block).
func failureKept(blocks []string, w truth) (found, kept bool) {
	head := truthHead(w)
	for _, blk := range blocks[1:] {
		first, rest, _ := strings.Cut(blk, "\n")
		if first != head {
			continue
		}
		found = true
		if strings.Contains(rest, w.Message) {
			return true, true
		}
	}
	return found, false
}

// lintRows are the problem rows of grouped lint output, by file, with the
// number of headers naming each file and the number of rows in all.
func lintRows(llm string) (rows map[string][]string, headers map[string]int, n int) {
	rows, headers = map[string][]string{}, map[string]int{}
	for _, blk := range strings.Split(llm, "\n--- ")[1:] {
		lines := strings.Split(blk, "\n")
		if len(lines) > 1 && lines[1] != "" {
			headers[lines[0]]++
		}
		for _, l := range lines[1:] {
			if l == "" {
				break // the blank line after a group, or before the notes
			}
			if strings.HasPrefix(l, "  ") {
				continue // a detail line of the problem above (a compiler's note)
			}
			rows[lines[0]] = append(rows[lines[0]], l)
			n++
		}
	}
	return rows, headers, n
}

// lintRow is the row that shows problem w under its file's header.
func lintRow(w truth) string {
	row := fmt.Sprintf("%d:%d %s", w.Line, w.Column, w.Severity)
	switch {
	case w.Line == 0:
		row = w.Severity // a linker's error: no line
	case w.Column == 0:
		row = fmt.Sprintf("%d %s", w.Line, w.Severity) // a tool that prints no column
	}
	if w.Name != "" {
		row += " " + w.Name
	}
	return row + " " + w.Message
}

// recorder collects what a check reports, to test the checks themselves.
type recorder struct{ errs []string }

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// TestFidelityCatchesRepeats checks the fidelity check of each profile:
// on a capture it passes, it must fail once one failure (for a linter, one
// file's group) is printed twice, as a summary that repeats the failures
// would print it.
func TestFidelityCatchesRepeats(t *testing.T) {
	set := builtin(t)
	for prof, files := range captures(t) {
		read, adapt, ok := truthOf(t, prof)
		if !ok {
			continue
		}
		t.Run(prof, func(t *testing.T) {
			for _, path := range files {
				if strings.HasSuffix(path, ".json") || !fileExists(groundTruthPath(path)) {
					continue
				}
				want := read(t, groundTruthPath(path))
				if adapt != nil {
					want = adapt(t, path, want)
				}
				llm := shapeText(t, set, path, prof, 0)
				blocks := strings.Split(llm, "\n--- ")
				var clean recorder
				if checkFidelity(&clean, llm, want); len(clean.errs) > 0 || len(blocks) < 3 {
					continue // a capture the check passes, with two blocks or more
				}
				doubled := strings.Join(append(blocks[:2:2], blocks[1:]...), "\n--- ")
				var r recorder
				checkFidelity(&r, doubled, want)
				if !strings.Contains(strings.Join(r.errs, "\n"), "printed") {
					t.Errorf("%s: a block printed twice is not reported as such: %q", path, r.errs)
				}
				return
			}
			t.Errorf("no capture of %s to check the check on", prof)
		})
	}
}
