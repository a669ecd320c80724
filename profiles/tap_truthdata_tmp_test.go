package profiles_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestTapTruthDataEqualsGo(t *testing.T) {
	reports, _ := filepath.Glob("tap/testdata/reports/*.truth")
	caps, _ := filepath.Glob("tap/testdata/captures/*.txt")
	reports = append(reports, caps...)
	n := 0
	for _, r := range reports {
		goT, dataT := tapTruth(t, r), toolReport(t, "tap", r)
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

// Variants of the real reports (lines dropped, the file cut short) read
// the same by both: the state the jq carries is the Go reader's.
func TestTapTruthDataEqualsGoVariants(t *testing.T) {
	reports, _ := filepath.Glob("tap/testdata/reports/*.truth")
	spec, _, _ := toolTruth("tap")
	rng := rand.New(rand.NewPCG(1, 2))
	dir := t.TempDir()
	n, cases := 0, 0
	for _, r := range reports {
		lines := readLines(t, r)
		for v := 0; v < 100; v++ {
			var keep []string
			cut := len(lines)
			if v%3 == 0 {
				cut = rng.IntN(len(lines) + 1)
			}
			for _, l := range lines[:cut] {
				switch rng.IntN(10) {
				case 0:
				case 1:
					keep = append(keep, strings.TrimPrefix(l, "  "))
				case 2:
					keep = append(keep, l, l)
				default:
					keep = append(keep, l)
				}
				if len(keep) > 1 && rng.IntN(20) == 0 {
					keep[len(keep)-1], keep[len(keep)-2] = keep[len(keep)-2], keep[len(keep)-1]
				}
			}
			p := filepath.Join(dir, "x.truth")
			os.WriteFile(p, []byte(strings.Join(keep, "\n")+"\n"), 0o644)
			goT, dataT := tapTruth(t, p), spec.Read.readTruth(t, p)
			cases++
			if len(goT) == 0 && len(dataT) == 0 {
				continue
			}
			if !reflect.DeepEqual(goT, dataT) {
				t.Fatalf("%s variant %d:\n go   %+v\n data %+v", r, v, goT, dataT)
			}
			n += len(goT)
		}
	}
	t.Logf("%d variants, %d truths", cases, n)
}
