package profiles

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// BenchmarkClaimer is the claimers' per-line work alone (claim or
// claimSettled, and failureSignal, as scanReader.claimer does them) over
// each profile's text captures, cleaned once beforehand, with the profile
// as the one the head was detected as: what a pipe's claimers cost a line.
//
//	go test ./profiles -run '^$' -bench 'Claimer/(vitest|golangci-lint|mypy)$'
func BenchmarkClaimer(b *testing.B) {
	set, err := Builtin()
	if err != nil {
		b.Fatal(err)
	}
	dirs, _ := filepath.Glob(filepath.Join("..", "testdata", "*", "captures"))
	sort.Strings(dirs)
	for _, dir := range dirs {
		name := filepath.Base(filepath.Dir(dir))
		spec, ok := set.Get(name)
		if !ok {
			continue
		}
		caps, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
		sort.Strings(caps)
		var lines []string
		for _, c := range caps {
			data, err := os.ReadFile(c)
			if err != nil {
				b.Fatal(err)
			}
			for _, l := range strings.Split(string(data), "\n") {
				lines = append(lines, trimEnd(filters.CleanLine(l)))
			}
		}
		if len(lines) == 0 {
			continue
		}
		b.Run(name, func(b *testing.B) {
			x := newClaimIndex(set.All())
			n := 0
			for b.Loop() {
				for start := 0; start < len(lines); start += aheadBatch {
					claimLines(x, spec, lines[start:min(len(lines), start+aheadBatch)])
				}
				n += len(lines)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/line")
		})
	}
}

// claimLines does a claimer's work on one batch of clean lines (not
// inlined: instruction counts are taken in it).
//
//go:noinline
func claimLines(x *claimIndex, spec *Profile, lines []string) int {
	settled, n := false, 0
	for _, l := range lines {
		if failureSignal(l) {
			n++
		}
		var p *Profile
		if settled && l != "" {
			p, _ = x.claimSettled(l, spec)
		} else {
			p, _ = x.claim(l, spec)
			settled = p == spec && spec != nil
		}
		if p != nil {
			n++
		}
	}
	return n
}
