package profiles_test

import (
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// A repeat block rule shows a frame in the first failure that has it; in
// later failures the same frame and the code it quotes are counted.
func TestBlockRepeat(t *testing.T) {
	const yaml = `name: x
text:
  unmatched: drop
  rules:
    - match: '^FAIL: (?P<name>\S+)$'
      emit: failure
      until: '^====$'
      block:
        - match: '^  File "(?P<file>[^"]+)", line (?P<line>\d+), in '
          emit: field
        - match: '^  File "[^"]+", line \d+, in '
          emit: repeat
`
	const in = `FAIL: test_a
  File "t.py", line 10, in test_a
    self.check(1)
  File "t.py", line 3, in check
    self.assertEqual(a, b)
AssertionError: 1 != 2
====
FAIL: test_b
  File "t.py", line 20, in test_b
    self.check(2)
  File "t.py", line 3, in check
    self.assertEqual(a, b)
AssertionError: 2 != 3
====
`
	p, err := profiles.Parse([]byte(yaml), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out, err := builtin(t).Shape(strings.NewReader(in), p, profiles.Options{Window: report.Window{Limit: 20}})
	if err != nil {
		t.Fatal(err)
	}
	f := out.Report.Failures
	if len(f) != 2 {
		t.Fatalf("%d failures, want 2: %+v", len(f), f)
	}
	wantA := []string{"    self.check(1)", `  File "t.py", line 3, in check`, "    self.assertEqual(a, b)", "AssertionError: 1 != 2"}
	wantB := []string{"    self.check(2)", "AssertionError: 2 != 3"}
	if got := f[0].Details; strings.Join(got, "\n") != strings.Join(wantA, "\n") {
		t.Errorf("first failure's details %q, want %q", got, wantA)
	}
	if got := f[1].Details; strings.Join(got, "\n") != strings.Join(wantB, "\n") {
		t.Errorf("second failure's details %q, want %q", got, wantB)
	}
	if n := out.Report.OmittedCount("repeated frame lines"); n != 2 {
		t.Errorf("omitted repeated frame lines = %d, want 2 (%v)", n, out.Report.Omitted)
	}
}
