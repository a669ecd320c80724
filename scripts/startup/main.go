// Command startup times short commands side by side: each round runs every
// command once, in turn, so that the noise of a shared machine falls on all
// of them alike. It reports the minimum, median and 90th percentile of
// each, and their excess over the floor: the last of the first -floor
// commands (e.g. `true`, an empty Go program, a Go program that runs `true`
// through os/exec), measured in the same rounds, and the median of the
// per-round ratios to it ("paired").
//
//	go run ./scripts/startup -runs 300 -floor 3 -- true floor 'floor true' 'terse run -- true'
//
// The floor commands do the same work in every round, so their own spread
// says how busy the machine was: when a floor command's median is more than
// maxMedianSpread times its minimum, or its 90th percentile more than
// maxP90Spread times, the last line says the machine was too busy to
// measure, and the figures measure the load more than the commands.
//
// Each command's CPU time (user and system, its children's included) is
// reported too, beside the floor's: a busy machine stretches the wall
// times, far less the CPU a command costs.
//
// Commands are split on spaces (no shell: a shell's own start-up would
// swamp what is measured); leading NAME=value words set the command's
// environment; -stdin feeds a file to every command.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

func main() {
	runs := flag.Int("runs", 200, "rounds")
	warmup := flag.Int("warmup", 20, "rounds not counted")
	stdin := flag.String("stdin", "", "file fed to every command's stdin")
	floor := flag.Int("floor", 1, "how many leading commands are the floor; the last of them is the reference")
	flag.Parse()
	cmds := flag.Args()
	if len(cmds) == 0 {
		fmt.Fprintln(os.Stderr, "usage: startup [-runs N] [-stdin FILE] -- CMD...")
		os.Exit(2)
	}
	times := make([][]time.Duration, len(cmds))
	cpu := make([][]time.Duration, len(cmds))
	for r := 0; r < *warmup+*runs; r++ {
		for i, c := range cmds {
			d, used, err := runOnce(c, *stdin)
			if err != nil {
				fmt.Fprintf(os.Stderr, "startup: %s: %v\n", c, err)
				os.Exit(1)
			}
			if r >= *warmup {
				times[i] = append(times[i], d)
				cpu[i] = append(cpu[i], used)
			}
		}
	}
	if *floor < 1 || *floor > len(cmds) {
		*floor = 1
	}
	report(os.Stdout, cmds, times, *floor)
	reportCPU(os.Stdout, cmds, cpu, *floor)
}

// reportCPU prints each command's CPU time (min and median of user+sys)
// beside the reference floor's.
func reportCPU(w io.Writer, cmds []string, cpu [][]time.Duration, floor int) {
	all := make([]stats, len(cmds))
	for i := range cmds {
		all[i] = summarise(cpu[i])
	}
	ref := all[floor-1]
	fmt.Fprintf(w, "%-52s %8s %8s %14s %14s\n", "cpu (user+sys)", "min", "median", "min-floor", "median-floor")
	for i, c := range cmds {
		fmt.Fprintf(w, "%-52s %8s %8s %14s %14s\n", c, ms(all[i].min), ms(all[i].med), over(all[i].min, ref.min), over(all[i].med, ref.med))
	}
}

// Spreads of a floor command beyond which the machine was too busy: its
// median over its minimum, its 90th percentile over its minimum. On a
// quiet machine they stay near 1.1 and 1.3.
const (
	maxMedianSpread = 1.3
	maxP90Spread    = 1.6
)

// stats are one command's times, sorted.
type stats struct{ min, med, p90 time.Duration }

func summarise(ts []time.Duration) stats {
	slices.Sort(ts)
	return stats{min: ts[0], med: ts[len(ts)/2], p90: ts[len(ts)*9/10]}
}

// report prints each command's figures beside the reference floor's, then
// the verdict on the floor's spread.
func report(w io.Writer, cmds []string, times [][]time.Duration, floor int) {
	paired := make([]float64, len(cmds))
	for i := range cmds {
		paired[i] = pairedRatio(times[i], times[floor-1])
	}
	all := make([]stats, len(cmds))
	for i := range cmds {
		all[i] = summarise(times[i])
	}
	ref := all[floor-1]
	fmt.Fprintf(w, "%-52s %8s %8s %8s %14s %14s %7s\n", "command", "min", "median", "p90", "min-floor", "median-floor", "paired")
	for i, c := range cmds {
		s := all[i]
		label := c
		if i < floor {
			label = "[floor] " + c
		}
		fmt.Fprintf(w, "%-52s %8s %8s %8s %14s %14s %6.2fx\n", label, ms(s.min), ms(s.med), ms(s.p90),
			over(s.min, ref.min), over(s.med, ref.med), paired[i])
	}
	fmt.Fprintf(w, "floor = %s; %s\n", cmds[floor-1], verdict(cmds[:floor], all[:floor]))
}

// pairedRatio is the median, over the rounds, of a command's time over the
// floor's in the same round: a drift of the machine's speed during the run
// moves both.
func pairedRatio(ts, floor []time.Duration) float64 {
	rs := make([]float64, len(ts))
	for r := range ts {
		rs[r] = float64(ts[r]) / float64(floor[r])
	}
	slices.Sort(rs)
	return rs[len(rs)/2]
}

// over is d's excess over the floor f, in ms and as a ratio.
func over(d, f time.Duration) string {
	return fmt.Sprintf("%+.2f (%.2fx)", float64((d-f).Microseconds())/1000, float64(d)/float64(f))
}

// verdict says whether the floor held still enough for the figures to
// measure the commands rather than the load.
func verdict(cmds []string, floor []stats) string {
	var busy []string
	for i, s := range floor {
		m, p := float64(s.med)/float64(s.min), float64(s.p90)/float64(s.min)
		if m > maxMedianSpread || p > maxP90Spread {
			busy = append(busy, fmt.Sprintf("%s: median %.2fx its min, p90 %.2fx", cmds[i], m, p))
		}
	}
	if len(busy) == 0 {
		return fmt.Sprintf("the floor held still (median within %.1fx and p90 within %.1fx of min): figures are comparable",
			maxMedianSpread, maxP90Spread)
	}
	return "MACHINE TOO BUSY TO MEASURE, read the ratios to the floor only (" + strings.Join(busy, "; ") + ")"
}

// runOnce runs c once and returns its wall time and its CPU time.
func runOnce(c, stdin string) (wall, cpu time.Duration, err error) {
	f := strings.Fields(c)
	var env []string
	for len(f) > 1 && strings.Contains(f[0], "=") {
		env = append(env, f[0])
		f = f[1:]
	}
	cmd := exec.Command(f[0], f[1:]...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout = io.Discard
	cmd.Stderr = io.Discard
	if stdin != "" {
		in, err := os.Open(stdin)
		if err != nil {
			return 0, 0, err
		}
		defer in.Close()
		cmd.Stdin = in
	}
	start := time.Now()
	err = cmd.Run()
	wall = time.Since(start)
	if _, ok := err.(*exec.ExitError); ok {
		err = nil // the commands' exit codes are theirs; only timing counts
	}
	if ps := cmd.ProcessState; ps != nil {
		// Rusage of a reaped child counts the children it reaped.
		cpu = ps.UserTime() + ps.SystemTime()
	}
	return wall, cpu, err
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }
