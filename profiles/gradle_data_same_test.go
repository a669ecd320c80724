package profiles_test

import (
	"path/filepath"
	"reflect"
	"testing"
)

// Temporary: gradle's data reader reads every report as gradleTruth does.
func TestGradleTruthDataEqualsGo(t *testing.T) {
	reports, _ := filepath.Glob("gradle/testdata/captures/*.junit.xml")
	more, _ := filepath.Glob("gradle/testdata/reports/*.truth")
	reports = append(reports, more...)
	n := 0
	for _, r := range reports {
		goT, dataT := gradleTruth(t, r), toolReport(t, "gradle", r)
		if len(goT) == 0 && len(dataT) == 0 {
			continue
		}
		if !reflect.DeepEqual(goT, dataT) {
			t.Errorf("%s:\ngo   %v\ndata %v", r, goT, dataT)
		}
		n += len(goT)
	}
	t.Logf("%d reports, %d truths", len(reports), n)
}
