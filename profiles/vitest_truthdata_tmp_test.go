package profiles_test

import (
	"path/filepath"
	"reflect"
	"testing"
)

func TestVitestTruthDataEqualsGo(t *testing.T) {
	reports, _ := filepath.Glob("vitest/testdata/captures/*.json")
	reports = append(reports, "../testdata/bench/vitest/vitest.json")
	n := 0
	for _, r := range reports {
		goT, dataT := vitestTruth(t, r), toolReport(t, "vitest", r)
		if len(goT) == 0 && len(dataT) == 0 {
			continue
		}
		if !reflect.DeepEqual(goT, dataT) {
			t.Errorf("%s:\n go   %+v\n data %+v", r, goT, dataT)
		}
		n += len(goT)
	}
	t.Logf("%d reports, %d truths", len(reports), n)
}
