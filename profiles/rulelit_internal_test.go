package profiles

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/terse-dev/terse/internal/fastre"
	"github.com/terse-dev/terse/internal/filters"
)

// TestLiteralsOf: the literals each shape of pattern must hold.
func TestLiteralsOf(t *testing.T) {
	cases := []struct {
		pattern string
		want    litFilter
	}{
		{`^Found (?P<n>\d+) errors?`, litFilter{"Found "}},
		// Neighbouring exact parts join: ": error: " or ": warning: ".
		{`^(?P<file>[^\s:]+):(?P<line>\d+): (?:error|warning): `, litFilter{": error: ", ": warning: "}},
		{`^\s*(?:not )?ok \d+\b|^# (?:tests|pass|fail) +\d+$`, litFilter{"ok ", "# tests", "# pass", "# fail"}},
		{`^\s*not ok \d+\b.* # (?i:todo|skip)\b`, litFilter{"not ok "}},
		{`(?i)error`, nil},
		{`^(?:x)?$`, nil},
		{`a|\d`, nil},
		{`é(ab)+c`, litFilter{"é"}}, // bytes: as long as "ab", and first
		{`é(abc)+d`, litFilter{"abc"}},
		{`\x{FFFD}`, nil},
		{`^(?:a|b|c|d|e|f|g|h|i)z`, litFilter{"z"}},
		{`^(?:a|b|c|d|e|f|g|h|i)`, nil},
	}
	for _, c := range cases {
		if got := literalsOf(fastre.MustCompile(c.pattern)); !slices.Equal(got, c.want) {
			t.Errorf("literalsOf(%q) = %q, want %q", c.pattern, got, c.want)
		}
	}
}

// TestLiteralFiltersPassEveryMatch: no rule's filter turns away a line its
// regexp matches, on every line of every capture, for every built-in
// profile's rules, block rules and block ends.
func TestLiteralFiltersPassEveryMatch(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var rules []compiledRule
	for _, p := range set.All() {
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
		for _, r := range p.rules {
			rules = append(rules, r, compiledRule{re: r.until, lit: r.untilLit})
			rules = append(rules, r.block...)
		}
	}
	files, _ := filepath.Glob("../testdata/*/captures/*.txt")
	if len(files) < 50 {
		t.Fatalf("%d captures", len(files))
	}
	filtered := 0
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			line := filters.CleanLine(sc.Text())
			for _, r := range rules {
				if r.re == nil {
					continue
				}
				if !r.lit.may(line) {
					filtered++
					if r.re.MatchString(line) {
						t.Errorf("%s: %q matches %q, its filter %q says it cannot", path, r.re, line, r.lit)
					}
				}
			}
		}
		f.Close()
	}
	if filtered == 0 {
		t.Error("no line filtered: the filters do nothing")
	}
}

// FuzzLiteralFilter: for any pattern and line, a line the pattern matches
// passes its filter.
func FuzzLiteralFilter(f *testing.F) {
	f.Add(`^(?P<file>[^\s:]+):(?P<line>\d+): (?:error|warning): `, "a.py:3: error: x")
	f.Add(`^\s*(?:not )?ok \d+\b|^# (?:tests|pass|fail) +\d+$`, "# pass 3")
	f.Add(`é(ab)+c`, "xéababc")
	f.Add(`(?i)x(?-i)yz{2,}`, "Xyzz")
	f.Fuzz(func(t *testing.T, pattern, line string) {
		re, err := fastre.Compile(pattern)
		if err != nil {
			return
		}
		if lit := literalsOf(re); re.MatchString(line) && !lit.may(line) {
			t.Errorf("%q matches %q, its filter %q says it cannot", pattern, line, lit)
		}
	})
}
