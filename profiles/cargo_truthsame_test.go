package profiles_test

import (
	"path/filepath"
	"reflect"
	"testing"
)

// Temporary: the data readers of cargo's and cargo-build's truth.yaml give
// what cargoJSONTruth gives, on every report of either tool.
func TestCargoTruthSame(t *testing.T) {
	reports := map[string][]string{}
	for _, tool := range []string{"cargo", "cargo-build"} {
		m, err := filepath.Glob(filepath.Join(tool, "testdata", "reports", "*.truth"))
		if err != nil || len(m) == 0 {
			t.Fatalf("%s: no reports (%v)", tool, err)
		}
		reports[tool] = m
	}
	reports["cargo"] = append(reports["cargo"], "../testdata/multi/streams/cargo-warned.truth")
	var files, truths int
	for tool, paths := range reports {
		for _, path := range paths {
			want := append([]truth{}, cargoJSONTruth(t, path)...) // nil and empty both mean none
			got := toolReport(t, tool, path)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s:\n data %d %+v\n go   %d %+v", tool, path, len(got), got, len(want), want)
			}
			files++
			truths += len(want)
		}
	}
	t.Logf("%d reports, %d truths compared", files, truths)
}
