package app

import (
	"fmt"
	"io"
	"strings"
)

// debugAsks reports whether TERSE_DEBUG, a comma-separated list, holds
// what (TERSE_DEBUG=detect).
func debugAsks(env Env, what string) bool {
	for _, v := range strings.Split(env.Getenv("TERSE_DEBUG"), ",") {
		if strings.TrimSpace(v) == what {
			return true
		}
	}
	return false
}

// explainDetect writes to stderr how the input was detected and cut into
// runs, and which signature of which profile claimed each
// (profiles.Set.Explain), reading the input again from its spooled copy.
// It runs after shaping, and only when asked for: a pipe without
// TERSE_DEBUG pays nothing for it.
func (j *job) explainDetect() {
	if j.prof != nil {
		fmt.Fprintf(j.env.Stderr, "detect: profile %s named with -p: no detection\n", j.prof.Name)
		return
	}
	if j.raw.Failed() != nil {
		return
	}
	pr, pw := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		pw.CloseWithError(j.raw.Replay(pw))
	}()
	err := j.set.Explain(j.env.Stderr, pr, spoolReader{s: &j.raw})
	// Explain may stop before the end (JSON input): the replay then stops
	// at its next write.
	pr.Close()
	<-done
	if err != nil {
		fmt.Fprintf(j.env.Stderr, "terse: %v\n", err)
	}
}
