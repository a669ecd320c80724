package main

import (
	"strings"
	"testing"
	"time"
)

func msList(v ...float64) []time.Duration {
	out := make([]time.Duration, len(v))
	for i, x := range v {
		out[i] = time.Duration(x * float64(time.Millisecond))
	}
	return out
}

// TestReportBesideFloor checks that each command is reported beside the
// floor of the same rounds, and that a floor that varied says the machine
// was too busy while one that held still does not.
func TestReportBesideFloor(t *testing.T) {
	cmds := []string{"true", "floor", "terse run -- true"}
	quiet := [][]time.Duration{
		msList(1.0, 1.0, 1.1, 1.0, 1.05),
		msList(1.5, 1.5, 1.6, 1.5, 1.55),
		msList(3.5, 3.6, 3.7, 3.5, 3.55),
	}
	var b strings.Builder
	report(&b, cmds, quiet, 2)
	out := b.String()
	for _, want := range []string{"[floor] true", "[floor] floor", "+2.00 (2.33x)", "the floor held still"} {
		if !strings.Contains(out, want) {
			t.Errorf("quiet report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "BUSY") {
		t.Errorf("quiet report says busy:\n%s", out)
	}
	busy := [][]time.Duration{
		msList(1.0, 2.5, 3.0, 2.0, 4.0),
		msList(1.5, 1.5, 1.6, 1.5, 1.55),
		msList(3.5, 3.6, 3.7, 3.5, 3.55),
	}
	b.Reset()
	report(&b, cmds, busy, 2)
	if out := b.String(); !strings.Contains(out, "MACHINE TOO BUSY") || !strings.Contains(out, "true: median 2.50x its min") {
		t.Errorf("busy floor not reported:\n%s", out)
	}
}

// TestPairedRatio checks the median of per-round ratios: a round where
// the machine slowed both commands keeps its ratio.
func TestPairedRatio(t *testing.T) {
	got := pairedRatio(msList(2, 20, 2.2), msList(1, 10, 1))
	if got != 2 {
		t.Errorf("pairedRatio = %v, want 2", got)
	}
}

// TestReportCPU checks that CPU times are reported beside the floor's.
func TestReportCPU(t *testing.T) {
	var b strings.Builder
	reportCPU(&b, []string{"floor true", "terse run -- true"},
		[][]time.Duration{msList(2, 2.5, 3), msList(4, 5, 6)}, 1)
	out := b.String()
	for _, want := range []string{"cpu (user+sys)", "terse run -- true", "2.00ms", "5.00ms", "+2.50 (2.00x)"} {
		if !strings.Contains(out, want) {
			t.Errorf("cpu report lacks %q:\n%s", want, out)
		}
	}
}
