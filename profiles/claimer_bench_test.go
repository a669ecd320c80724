package profiles

import (
	"strings"
	"sync"
	"testing"

	"github.com/terse-dev/terse/internal/match"

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
	for _, pc := range profileCaptures(b, set, "*.txt") {
		name, spec := pc.prof.Name, pc.prof
		var lines []string
		for _, data := range pc.files {
			for _, l := range strings.Split(string(data), "\n") {
				lines = append(lines, trimEnd(filters.CleanLine(l)))
			}
		}
		if len(lines) == 0 {
			continue
		}
		b.Run(name, func(b *testing.B) {
			x := newClaimIndex(set.All(), plainPaths{})
			var batches []*scanBatch
			for start := 0; start < len(lines); start += aheadBatch {
				chunk := lines[start:min(len(lines), start+aheadBatch)]
				batches = append(batches, &scanBatch{lines: chunk, cut: make([]bool, len(chunk))})
			}
			n := 0
			for b.Loop() {
				for _, batch := range batches {
					claimBatch(x, spec, batch, true)
				}
				n += len(lines)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/line")
		})
	}
}

// BenchmarkColdClaimIndex is the claim index a pipe builds before it reads,
// as the first one in a process is built: every per-pattern cache cleared.
//
//	go test ./profiles -run '^$' -bench ColdClaimIndex -benchtime 300x
func BenchmarkColdClaimIndex(b *testing.B) {
	set, err := Builtin()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		match.Gates, match.HeadGatesOf = sync.Map{}, sync.Map{}
		match.SimplifiedParses, match.Parses = sync.Map{}, sync.Map{}
		newClaimIndex(set.All(), plainPaths{})
	}
}
