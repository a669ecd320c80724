package profiles_test

import (
	"path/filepath"
	"reflect"
	"testing"
)

// Temporary: the data reader of a tool's truth.yaml gives what its Go reader gives.
func TestTextTruthSame(t *testing.T) {
	for tool, goRead := range map[string]func(*testing.T, string) []truth{
		"minitest": minitestTruth,
	} {
		paths, err := filepath.Glob(filepath.Join(tool, "testdata", "reports", "*.truth"))
		if err != nil || len(paths) == 0 {
			t.Fatalf("%s: no reports (%v)", tool, err)
		}
		var files, truths int
		for _, path := range paths {
			want := append([]truth{}, goRead(t, path)...) // nil and empty both mean none
			got := toolReport(t, tool, path)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s:\n data %d %+v\n go   %d %+v", tool, path, len(got), got, len(want), want)
			}
			files++
			truths += len(want)
		}
		t.Logf("%s: %d reports, %d truths compared", tool, files, truths)
	}
}
