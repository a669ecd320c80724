// Command startup times short commands side by side: each round runs every
// command once, in turn, so that the noise of a shared machine falls on all
// of them alike. It reports the median, mean and 90th percentile of each,
// and the median's excess over the first command (the baseline, e.g.
// `true`).
//
//	go run ./scripts/startup -runs 300 -stdin payload.json -- 'true' 'terse run -- true'
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
	flag.Parse()
	cmds := flag.Args()
	if len(cmds) == 0 {
		fmt.Fprintln(os.Stderr, "usage: startup [-runs N] [-stdin FILE] -- CMD...")
		os.Exit(2)
	}
	times := make([][]time.Duration, len(cmds))
	for r := 0; r < *warmup+*runs; r++ {
		for i, c := range cmds {
			d, err := runOnce(c, *stdin)
			if err != nil {
				fmt.Fprintf(os.Stderr, "startup: %s: %v\n", c, err)
				os.Exit(1)
			}
			if r >= *warmup {
				times[i] = append(times[i], d)
			}
		}
	}
	var base time.Duration
	fmt.Printf("%-50s %9s %9s %9s %10s\n", "command", "median", "mean", "p90", "over base")
	for i, c := range cmds {
		ts := times[i]
		slices.Sort(ts)
		med := ts[len(ts)/2]
		var sum time.Duration
		for _, t := range ts {
			sum += t
		}
		if i == 0 {
			base = med
		}
		fmt.Printf("%-50s %9s %9s %9s %10s\n", c, ms(med), ms(sum/time.Duration(len(ts))), ms(ts[len(ts)*9/10]), ms(med-base))
	}
}

func runOnce(c, stdin string) (time.Duration, error) {
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
			return 0, err
		}
		defer in.Close()
		cmd.Stdin = in
	}
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if _, ok := err.(*exec.ExitError); ok {
		err = nil // the commands' exit codes are theirs; only timing counts
	}
	return d, err
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }
