package tokens

import (
	"math"
	"os"
	"sort"
	"syscall"
	"testing"
	"time"
)

func benchCount(b *testing.B, enc string) {
	data, err := os.ReadFile("../profiles/jest/testdata/captures/mixed.verbose.txt")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := Count(enc, data); err != nil { // load the vocabulary first
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		if _, err := Count(enc, data); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu, len(data))
}

// cpuTime is the CPU time the process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds MB per CPU-second to a benchmark: on a shared, loaded
// machine the wall-clock MB/s measures the load as much as the code, while
// the CPU time the count used is about the same however busy the machine
// is (the benchmark counts on one goroutine).
func reportCPU(b *testing.B, start time.Duration, size int) {
	if d := cpuTime() - start; d > 0 && start > 0 {
		b.ReportMetric(float64(size)*float64(b.N)/1e6/d.Seconds(), "MB/cpu-s")
	}
}

// BenchmarkCountO200k measures exact counting speed on a real jest log.
func BenchmarkCountO200k(b *testing.B) { benchCount(b, O200k) }

// BenchmarkCountCl100k is the same with cl100k_base.
func BenchmarkCountCl100k(b *testing.B) { benchCount(b, Cl100k) }

// BenchmarkLoadVocab measures what the first count of a run pays.
func BenchmarkLoadVocab(b *testing.B) {
	for b.Loop() {
		if _, err := loadVocab(o200kData); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCountCaptures measures exact counting on every capture in
// testdata, concatenated (about 2 MB of real tool output, some of it
// coloured or non-ASCII).
func BenchmarkCountCaptures(b *testing.B) {
	var data []byte
	for _, c := range sortedCorpus(b) {
		data = append(data, c...)
	}
	if _, err := Count(O200k, data); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		if _, err := Count(O200k, data); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu, len(data))
}

// sortedCorpus is corpus in a fixed order, so that runs compare.
func sortedCorpus(t testing.TB) [][]byte {
	m := corpus(t)
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([][]byte, 0, len(names))
	for _, n := range names {
		out = append(out, m[n])
	}
	return out
}

// BenchmarkCounterWrite measures a Counter fed as a tee feeds it (32 KiB
// writes), the copying and hand-over to its worker included: its B/op
// shows whether segments are reused.
func BenchmarkCounterWrite(b *testing.B) {
	var data []byte
	for _, c := range sortedCorpus(b) {
		data = append(data, c...)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		c := NewCounter(O200k, math.MaxInt64)
		for rest := data; len(rest) > 0; {
			n := min(len(rest), 32<<10)
			c.Write(rest[:n])
			rest = rest[n:]
		}
		if _, err := c.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
