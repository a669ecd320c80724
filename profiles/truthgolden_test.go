package profiles_test

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
)

// TestTruthGolden holds what each tool's truth reader reads from its
// reports, capture by capture, to a golden file per tool
// (testdata/golden/truths.txt): how many truths, how many of them carry
// each field, and a digest of all of them. TestFidelity checks the page
// against the truths, but a truth that lost a field asks less of the page
// (an empty message is in every block): a change to a reader that reads
// less, or other truths, now shows here, and goes in only with -update
// (go test ./profiles -run TestTruthGolden -update).
func TestTruthGolden(t *testing.T) {
	for prof, files := range captures(t) {
		if prof == profiles.Generic {
			continue
		}
		read, adapt, ok := truthOf(t, prof)
		if !ok {
			continue // TestFidelity says so
		}
		sort.Strings(files)
		var b strings.Builder
		for _, path := range files {
			if strings.HasSuffix(path, ".json") && prof != "gotest" {
				continue // as TestFidelity: the ground truth itself
			}
			truthPath := groundTruthPath(path)
			if _, err := os.Stat(truthPath); err != nil {
				continue // TestFidelity says so
			}
			want := read(t, truthPath)
			if adapt != nil {
				want = adapt(t, path, want)
			}
			fmt.Fprintf(&b, "%s: %s\n", filepath.Base(path), truthSummary(want))
		}
		t.Run(prof, func(t *testing.T) {
			checkGolden(t, filepath.Join(prof, "testdata", "golden", "truths.txt"), []byte(b.String()))
		})
	}
}

// truthSummary is the count of truths, of those that carry each field, and
// a digest of them all.
func truthSummary(ts []truth) string {
	var name, file, line, msg, sev, flaky int
	h := sha256.New()
	for _, w := range ts {
		for _, set := range []struct {
			n  *int
			on bool
		}{{&name, w.Name != ""}, {&file, w.File != ""}, {&line, w.Line != 0}, {&msg, w.Message != ""}, {&sev, w.Severity != ""}, {&flaky, w.Flaky}} {
			if set.on {
				*set.n++
			}
		}
		fmt.Fprintf(h, "%q\n", []any{w.Name, w.File, w.Line, w.Message, w.Severity, w.Column, w.Flaky})
	}
	return fmt.Sprintf("%d truths; name %d, file %d, line %d, message %d, severity %d, flaky %d; %x",
		len(ts), name, file, line, msg, sev, flaky, h.Sum(nil)[:8])
}
