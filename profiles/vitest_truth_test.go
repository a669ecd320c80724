package profiles_test

import (
	"bufio"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

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
