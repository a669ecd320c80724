package app

import (
	"bytes"
	"os"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/terse-dev/terse/internal/llmread"
)

// failureLine matches a failure's location and name as the text prints it:
// a block's header, or a line of a group or of the unchanged list.
var failureLine = regexp.MustCompile(`(?m)^(?:--- )?(\S+:\d+ "(?:[^"\\]|\\.)*")`)

// offPageNames matches the lines that name the failures a page leaves out.
var offPageNames = regexp.MustCompile(`(?m)^not on this page[^\n]*:\n(?:[^\n]*\n)*?(?:… )`)

func pipeOut(t *testing.T, input []byte, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	Main(append([]string{"terse", "-p", "jest"}, args...), Env{Stdin: bytes.NewReader(input), Stdout: &out, Stderr: &errOut,
		Getenv: func(k string) string {
			if k == "TERSE_LEDGER" {
				return "off"
			}
			return ""
		}})
	if errOut.Len() > 0 {
		t.Fatalf("terse %v: stderr %q", args, errOut.String())
	}
	return out.String()
}

// Groups count as one entry of the page: walking every page of any size
// shows each failure once, no more, no less.
func TestGroupedPagesShowEachFailureOnce(t *testing.T) {
	input, err := os.ReadFile("../../profiles/jest/testdata/captures/mixed.txt")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range failureLine.FindAllStringSubmatch(pipeOut(t, input, "--limit", "0", "--no-group"), -1) {
		want = append(want, m[1])
	}
	slices.Sort(want)
	if len(want) != 18 {
		t.Fatalf("%d failures in the capture, want 18", len(want))
	}
	for limit := 1; limit <= 6; limit++ {
		var got []string
		pages := 0
		for offset := 0; ; offset += limit {
			text, err := llmread.ExpandGroups(pipeOut(t, input, "--limit", strconv.Itoa(limit), "--offset", strconv.Itoa(offset)))
			if err != nil {
				t.Fatal(err)
			}
			// The names of the failures after the page, at its end,
			// are no failure shown.
			for _, m := range failureLine.FindAllStringSubmatch(offPageNames.ReplaceAllString(text, ""), -1) {
				got = append(got, m[1])
			}
			pages++
			if !regexp.MustCompile(`next page: `).MatchString(text) {
				break
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("--limit %d, %d pages: failures shown\n%q\nwant\n%q", limit, pages, got, want)
		}
		if limit == 1 && pages != 17 {
			t.Errorf("--limit 1: %d pages, want 17 (the two failures of one cause on one)", pages)
		}
	}
}
