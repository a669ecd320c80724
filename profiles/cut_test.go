package profiles

import (
	"bytes"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/longtest"
	"github.com/terse-dev/terse/report"
)

// An agent often reads a run cut short (`npx jest 2>&1 | head -40`, a
// harness's output cap). Cut after each of its first 40 lines, every text
// capture that holds a line signalling a failure by then gives a report
// that fails, or, from the generic cleaner, one that shows that line: never
// a silent one; detected, and through its own profile named (-p, `terse
// run`). (jest's run cut after "FAIL file", and vitest's verbose run cut
// before its summary, were silent; with -p, vitest's and pytest's cuts
// were.) Outside the long run (TERSE_LONG_TESTS=1) every third capture of
// each profile is cut, from its first (1175 cuts of 2974): all of them
// took 8 s of the package's default run.
func TestCutRunsStayRed(t *testing.T) {
	for _, named := range []bool{false, true} {
		cutRunsStayRed(t, named)
	}
}

func cutRunsStayRed(t *testing.T, named bool) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	cuts := 0
	for _, pc := range profileCaptures(t, set, "*.txt") {
		for _, i := range longtest.Sample(indexes(len(pc.files)), 3) {
			data := pc.files[i]
			lines := strings.SplitAfter(string(data), "\n")
			var signal string
			for k := 1; k <= min(40, len(lines)); k++ {
				if l := trimEnd(filters.CleanLine(strings.TrimRight(lines[k-1], "\r\n"))); signal == "" && failureSignal(l) {
					signal = strings.TrimSpace(l)
				}
				if signal == "" {
					continue
				}
				cuts++
				in := strings.Join(lines[:k], "")
				var forced *Profile
				if named {
					forced = pc.prof
				}
				out, err := set.Shape(bytes.NewReader([]byte(in)), forced, Options{Window: report.Window{Limit: 20}})
				if err != nil {
					t.Fatal(err)
				}
				if r := out.Report; r == nil || r.Status != report.StatusFail && !shows(r, signal) {
					status := "no report"
					if r != nil {
						status = string(r.Status)
					}
					t.Errorf("%s capture %d cut after line %d (named %v): %s, and %q is not shown", pc.prof.Name, i, k, named, status, signal)
				}
				out.Report.Close()
			}
		}
	}
	if cuts < 1000 {
		t.Errorf("%d cuts checked: the captures were not found", cuts)
	}
}

// indexes is 0 to n-1, for sampling a slice whose indexes are named.
func indexes(n int) []int {
	xs := make([]int, n)
	for i := range xs {
		xs[i] = i
	}
	return xs
}

// shows reports whether r's kept lines hold line.
func shows(r *report.Report, line string) bool {
	for _, l := range r.Lines {
		if strings.TrimSpace(l) == line {
			return true
		}
	}
	return false
}
