package profiles_test

import (
	"path/filepath"
	"reflect"
	"testing"
)

// Temporary (issue 59): mocha's truth.yaml read: gives the same truths as
// its Go reader, mochaJSONTruth, on every report of mocha's. Removed with
// the Go reader.
func TestMochaTruthDataEqualsGo(t *testing.T) {
	spec, ok, err := toolTruth("mocha")
	if err != nil || !ok || spec.Read == nil {
		t.Fatalf("mocha's truth.yaml: ok %v, read %v, %v", ok, spec.Read, err)
	}
	reports, err := filepath.Glob(filepath.Join("mocha", "testdata", "reports", "*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) == 0 {
		t.Fatal("no reports")
	}
	truths := 0
	for _, path := range reports {
		goRead := mochaJSONTruth(t, path)
		dataRead := spec.Read.readTruth(t, path)
		// The Go reader returns nil for a report with no failures, the
		// generic reader an empty slice: the same truths.
		if goRead == nil {
			goRead = []truth{}
		}
		if !reflect.DeepEqual(goRead, dataRead) {
			t.Errorf("%s:\n go   %+v\n data %+v", path, goRead, dataRead)
		}
		truths += len(goRead)
		t.Logf("%s: %d truths", path, len(goRead))
	}
	t.Logf("%d reports, %d truths compared", len(reports), truths)
}
