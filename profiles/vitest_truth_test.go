package profiles_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// vitestTruth reads vitest's --reporter=json document: each failed test
// (named as the text reporter prints it, with the line of the first stack
// frame in its own file, else its declared location) and each file that
// failed to load (named by its path, placed by its file alone: the
// document records no line for it).
func vitestTruth(t *testing.T, path string) []truth {
	t.Helper()
	doc := readJSReport(t, path)
	// The captures ran in /tmp/terse-fixtures/vitest/<case>.
	root := "/tmp/terse-fixtures/vitest/" + strings.TrimSuffix(filepath.Base(path), ".json") + "/"
	var out []truth
	for _, tr := range doc.TestResults {
		file := strings.TrimPrefix(tr.Name, root)
		failed := 0
		for _, a := range tr.Assertions {
			if a.Status != "failed" {
				continue
			}
			failed++
			msg := strings.Join(a.Messages, "\n")
			w := truth{Name: strings.Join(append(append([]string{}, a.Ancestors...), a.Title), " > "), File: file}
			w.Line = stackLineIn(msg, tr.Name)
			if w.Line == 0 && a.Location != nil {
				w.Line = a.Location.Line
			}
			w.Message = vitestFirstLine(msg)
			out = append(out, w)
		}
		if failed == 0 && tr.Message != "" {
			out = append(out, truth{Name: file, File: file, Message: vitestFirstLine(tr.Message)})
		}
	}
	return out
}

var v8FrameLoc = regexp.MustCompile(`at (?:.*\()?(?:file://)?(/[^():]+):(\d+):\d+\)?$`)

// stackLineIn is the line of the first frame of a V8 stack in file.
func stackLineIn(stack, file string) int {
	for _, l := range strings.Split(stack, "\n") {
		if m := v8FrameLoc.FindStringSubmatch(strings.TrimSpace(l)); m != nil && m[1] == file {
			n, _ := strconv.Atoi(m[2])
			return n
		}
	}
	return 0
}

// vitestFirstLine is the first line of an error, without the matcher's
// "// Object.is equality" comment. vitest 4.1.12 records a timeout's stack
// with the placeholder message "STACK_TRACE_ERROR" (makeTimeoutError
// swaps the arguments of its replace), so the document cannot say the
// message the text prints; what every timeout message says is checked.
func vitestFirstLine(msg string) string {
	for _, l := range strings.Split(filters.StripANSI(msg), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if i := strings.Index(l, " // "); i > 0 && strings.HasPrefix(l, "AssertionError: ") {
			l = l[:i]
		}
		if l == "Error: STACK_TRACE_ERROR" {
			return " timed out in "
		}
		return l
	}
	return ""
}

var (
	vitestUnhandledHead = regexp.MustCompile(`^⎯+ ((?:Unhandled|Uncaught) [A-Za-z ]+?) ⎯+$`)
	vitestOrigin        = regexp.MustCompile(`^This error originated in "([^"]+)" test file`)
	vitestArrowLoc      = regexp.MustCompile(`❯ (?:\S+ )?(\S+):(\d+):\d+$`)
)

// vitestAdaptTruth adds the unhandled errors of a text capture: vitest's
// JSON document does not record them, and the promise keeps them as
// failures. Each is named by its heading ("Unhandled Rejection"), placed in
// the test file it originated in, at the first frame there, and its message
// is the line after the heading.
func vitestAdaptTruth(t *testing.T, capture string, want []truth) []truth {
	t.Helper()
	fh, err := os.Open(capture)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var (
		cur   *truth
		lines []string // lines of the current error's body
		added []truth
	)
	end := func() {
		if cur == nil {
			return
		}
		for _, l := range lines {
			if m := vitestOrigin.FindStringSubmatch(l); m != nil {
				cur.File = m[1]
			}
		}
		for _, l := range lines {
			if m := vitestArrowLoc.FindStringSubmatch(l); m != nil && m[1] == cur.File {
				cur.Line, _ = strconv.Atoi(m[2])
				break
			}
		}
		added = append(added, *cur)
		cur, lines = nil, nil
	}
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := strings.TrimSpace(filters.CleanLine(sc.Text()))
		if strings.HasPrefix(l, "⎯") {
			end()
			// "Unhandled Errors" is the banner of the section, the
			// others head one error each.
			if m := vitestUnhandledHead.FindStringSubmatch(l); m != nil && m[1] != "Unhandled Errors" {
				cur = &truth{Name: m[1]}
			}
			continue
		}
		if cur == nil {
			continue
		}
		if cur.Message == "" && l != "" {
			cur.Message = l
		}
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	end()
	return append(want, added...)
}
