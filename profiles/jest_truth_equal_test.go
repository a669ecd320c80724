package profiles_test

import (
	"path/filepath"
	"reflect"
	"testing"
)

// Temporary: jest's truth.yaml read: gives exactly the truths of the Go
// reader it replaces, on every report of jest's.
func TestJestTruthReadByData(t *testing.T) {
	spec, ok, err := toolTruth("jest")
	if err != nil || !ok || spec.Read == nil {
		t.Fatalf("jest truth.yaml: %v, %v, %+v", ok, err, spec)
	}
	reports, err := filepath.Glob("jest/testdata/captures/*.json")
	if err != nil || len(reports) == 0 {
		t.Fatalf("no reports: %v", err)
	}
	n := 0
	for _, p := range reports {
		byGo, byData := jestTruth(t, p), spec.Read.readTruth(t, p)
		if byGo == nil {
			byGo = []truth{} // the Go reader's nil is the data reader's empty list
		}
		if !reflect.DeepEqual(byGo, byData) {
			t.Errorf("%s: %d truths by Go, %d by data", p, len(byGo), len(byData))
			for i := range max(len(byGo), len(byData)) {
				var g, d truth
				if i < len(byGo) {
					g = byGo[i]
				}
				if i < len(byData) {
					d = byData[i]
				}
				if g != d {
					t.Errorf("  %d: Go %+v\n     data %+v", i, g, d)
				}
			}
		}
		n += len(byGo)
		t.Logf("%s: %d truths", p, len(byGo))
	}
	t.Logf("%d reports, %d truths compared", len(reports), n)
}
