// Package steps runs a list of named steps, as a build tool would, and
// reports each: the tests log a lot before they fail.
package steps

import (
	"fmt"
	"io"
	"strings"
)

// Run runs the steps, writing a line for each to w; it stops at the first
// step whose name has the prefix "bad" and says why.
func Run(w io.Writer, names []string) error {
	for i, n := range names {
		if strings.HasPrefix(n, "bad") {
			fmt.Fprintf(w, "step %d (%s): failed\n", i+1, n)
			return fmt.Errorf("config.yaml:%d: unknown key %q", i+1, strings.TrimPrefix(n, "bad-"))
		}
		fmt.Fprintf(w, "step %d (%s): ok\n", i+1, n)
	}
	return nil
}

// Report is the summary of a run of n steps, one line a step.
func Report(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "step %02d: %s\n", i, strings.Repeat("=", i%7+1))
	}
	return b.String()
}
