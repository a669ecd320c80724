package profiles_test

import (
	"path/filepath"
	"reflect"
	"testing"
)

func TestTruthSameTemp(t *testing.T) {
	for tool, goRead := range map[string]func(*testing.T, string) []truth{"gcc": gccTruth} {
		reports, _ := filepath.Glob(filepath.Join(tool, "testdata", "reports", "*.truth"))
		n, total := 0, 0
		for _, r := range reports {
			g := goRead(t, r)
			d := toolReport(t, tool, r)
			if len(g) == 0 && len(d) == 0 {
				n++
				continue
			}
			if !reflect.DeepEqual(g, d) {
				t.Errorf("%s: go %d truths, data %d", r, len(g), len(d))
				for i := range max(len(g), len(d)) {
					var a, b truth
					if i < len(g) {
						a = g[i]
					}
					if i < len(d) {
						b = d[i]
					}
					if a != b {
						t.Errorf("  %d: go %+v\n      data %+v", i, a, b)
					}
				}
				continue
			}
			n++
			total += len(g)
		}
		t.Logf("%s: %d of %d reports equal, %d truths", tool, n, len(reports), total)
	}
}
