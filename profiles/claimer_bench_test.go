package profiles

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// BenchmarkClaimer is the claimers' per-line work alone (claimBatch: claim
// or claimSettled, and failureSignal) over
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
			var batches []*scanBatch
			for start := 0; start < len(lines); start += aheadBatch {
				chunk := lines[start:min(len(lines), start+aheadBatch)]
				batches = append(batches, &scanBatch{lines: chunk, cut: make([]bool, len(chunk))})
			}
			n := 0
			for b.Loop() {
				for _, batch := range batches {
					claimBatch(x, spec, batch)
				}
				n += len(lines)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/line")
		})
	}
}
