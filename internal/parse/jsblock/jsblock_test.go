package jsblock

import (
	"os"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// firstBlocks returns the bodies of the first two error blocks of a real
// vitest capture: the lines after each " FAIL " line up to its "⎯" rule.
func firstBlocks(t *testing.T) [][]string {
	t.Helper()
	raw, err := os.ReadFile("../../../profiles/vitest/testdata/captures/mixed.txt")
	if err != nil {
		t.Fatal(err)
	}
	var blocks [][]string
	var cur []string
	in := false
	for _, l := range strings.Split(string(raw), "\n") {
		l = filters.CleanLine(l)
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "FAIL ") && strings.Contains(t, " > "):
			in, cur = true, nil
		case in && strings.HasPrefix(t, "⎯"):
			blocks, in = append(blocks, cur), false
		case in:
			cur = append(cur, l)
		}
	}
	if len(blocks) < 2 {
		t.Fatalf("found %d blocks in the capture, want 2 or more", len(blocks))
	}
	return blocks[:2]
}

// arrowRunner is the least a runner says: "❯ file:line:col" frames and
// "N|" code lines, everything else text.
type arrowRunner struct{}

func (arrowRunner) Code(l, t string) bool {
	return strings.Contains(t, "|") && !strings.HasPrefix(t, "❯")
}
func (arrowRunner) Frame(t string) (report.Frame, bool) {
	loc, ok := strings.CutPrefix(t, "❯ ")
	if !ok {
		return report.Frame{}, false
	}
	return filters.ParseJSFrame("at " + loc)
}
func (arrowRunner) Aside(string) Aside                                { return Text }
func (arrowRunner) Message(t string, _ *report.Failure) string        { return t }
func (arrowRunner) Detail(t string, _ *report.Failure) (string, bool) { return t, true }
func (arrowRunner) Finish(*report.Failure)                            {}

// ValueDiff turns a diff of one value against another ("- 11", "+ 7") into
// Expected and Received; without it the diff is kept. Either way the
// frame after the diff is read as a frame and the code frame is counted.
func TestValueDiff(t *testing.T) {
	block := firstBlocks(t)[0]
	for _, s := range []Syntax{{HintKey: "hints", DiffFirst: true, ValueDiff: true}, {HintKey: "hints", DiffFirst: true}} {
		f := report.Failure{Kind: report.KindAssertion}
		b := report.NewBuilder("t", report.Window{})
		frames := s.Analyze(&f, block, b, parse.Options{}, arrowRunner{}, Start{})
		if s.ValueDiff && (f.Expected != "11" || f.Received != "7" || f.Diff != nil) {
			t.Errorf("ValueDiff: expected %q, received %q, diff %q; want 11, 7 and no diff", f.Expected, f.Received, f.Diff)
		}
		if !s.ValueDiff && (f.Expected != "" || len(f.Diff) != 4) {
			t.Errorf("no ValueDiff: expected %q, diff %q; want the 4-line diff", f.Expected, f.Diff)
		}
		if len(frames) != 1 || frames[0].File != "test/cart.test.js" || frames[0].Line != 10 {
			t.Errorf("frames %+v, want test/cart.test.js:10", frames)
		}
		if !strings.HasPrefix(f.Message, "AssertionError: expected 7 to be 11") {
			t.Errorf("message %q", f.Message)
		}
		r := b.Finish()
		if len(r.Omitted) == 0 || r.Omitted[0].What != "code-frame lines" || r.Omitted[0].Count != 6 {
			t.Errorf("omitted %+v, want 6 code-frame lines first", r.Omitted)
		}
	}
}

// Without DiffFirst a frame ends a diff with no blank line before it (as
// jest prints them); with it, the line stays the diff's until a blank
// line. The capture's object diff is cut before its blank line to show it.
func TestDiffFirst(t *testing.T) {
	block := firstBlocks(t)[1]
	var cut []string
	for i, l := range block {
		if strings.TrimSpace(l) == "" && i > 0 && strings.HasPrefix(strings.TrimSpace(block[i-1]), "}") {
			continue // the blank line that ends the diff
		}
		cut = append(cut, l)
	}
	for _, s := range []Syntax{{HintKey: "hints"}, {HintKey: "hints", DiffFirst: true}} {
		f := report.Failure{Kind: report.KindAssertion}
		frames := s.Analyze(&f, cut, report.NewBuilder("t", report.Window{}), parse.Options{Verbose: true}, arrowRunner{}, Start{})
		if s.DiffFirst == (len(frames) != 0) {
			t.Errorf("DiffFirst %v: frames %+v", s.DiffFirst, frames)
		}
		if !strings.Contains(strings.Join(f.Diff, "\n"), `-     "zip": "10117",`) {
			t.Errorf("DiffFirst %v: diff %q lacks the changed line", s.DiffFirst, f.Diff)
		}
	}
}
