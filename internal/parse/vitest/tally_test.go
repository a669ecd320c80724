package vitest

import (
	"slices"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// The regexps the tally scans replaced: their oracle.
var (
	vitestCountRe = filters.Lazy(`(\d+) (failed|passed|skipped|todo|expected fail|errors?)`)
	vitestTotalRe = filters.Lazy(`\((\d+)\)\s*$`)
)

// checkTally fails t where a tally scan disagrees with its regexp on s.
func checkTally(t *testing.T, s string) {
	t.Helper()
	var got []string
	if n, ok := tallyTotal(s); ok {
		got = []string{"", n}
	}
	var want []string
	if m := vitestTotalRe.FindStringSubmatch(s); m != nil {
		want = []string{"", m[1]}
	}
	if !slices.Equal(got, want) {
		t.Errorf("tallyTotal(%q) = %q, the regexp %q", s, got, want)
	}
	got, want = nil, nil
	found := eachTally(s, func(n, w string) { got = append(got, n, w) })
	for _, m := range vitestCountRe.FindAllStringSubmatch(s, -1) {
		want = append(want, m[1], m[2])
	}
	if !slices.Equal(got, want) || found != (len(want) > 0) {
		t.Errorf("eachTally(%q) = %q (%v), the regexp %q", s, got, found, want)
	}
}

var tallySeeds = []string{
	"2 failed | 1 passed (3)", "1 failed | 3 passed | 1 skipped | 2 todo (7)", "3 expected fail (3)", "1 error", "2 errors",
	"2 errorsx", "12 failedx", "(3) ", "(3)\n", "()", "(x3)", "x(3)", "3)", "(3", "1 2 failed", "12failed", "1  failed",
	"a1 passed 22 skipped", "(12)(3)", "1 expected failure", "9 todo9 todo", "", "007 passed (007)",
}

// TestTallyMatchesRegexps compares the scans with the regexps on the seeds
// and the rest of every trimmed capture line.
func TestTallyMatchesRegexps(t *testing.T) {
	lines := tallySeeds
	for _, l := range captureLines(t) {
		lines = append(lines, strings.TrimSpace(l))
		if k := summaryKind(strings.TrimSpace(l)); k != "" {
			lines = append(lines, strings.TrimSpace(strings.TrimSpace(l)[len(k)+2:]))
		}
	}
	for _, l := range lines {
		checkTally(t, l)
	}
}

// FuzzTally compares the scans with the regexps on any text:
//
//	go test ./internal/parse/vitest -run '^$' -fuzz FuzzTally -fuzztime 2m
func FuzzTally(f *testing.F) {
	for _, s := range tallySeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkTally(t, s) })
}
