package profiles_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestGotestTruthDataEqualsGo(t *testing.T) {
	reports, _ := filepath.Glob("gotest/testdata/captures/*.json")
	reports = append(reports, "../testdata/bench/gotest/go-test.json")
	n := 0
	for _, r := range reports {
		t0 := time.Now()
		goT := goTestTruth(t, r)
		t1 := time.Now()
		dataT := toolReport(t, "gotest", r)
		t.Logf("%s: go %v, data %v", r, t1.Sub(t0), time.Since(t1))
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

// Variants of the real reports (events dropped, doubled, an output split
// in two as test2json splits a long line, the .module beside it or not)
// read the same by both.
func TestGotestTruthDataEqualsGoVariants(t *testing.T) {
	reports, _ := filepath.Glob("gotest/testdata/captures/*.json")
	reports = append(reports, "../testdata/bench/gotest/go-test.json")
	spec, _, _ := toolTruth("gotest")
	rng := rand.New(rand.NewPCG(3, 4))
	n, cases := 0, 0
	for _, r := range reports {
		lines := readLines(t, r)
		stem := strings.TrimSuffix(filepath.Base(r), ".json")
		mod, modErr := os.ReadFile(strings.TrimSuffix(r, ".json") + ".module")
		for v := 0; v < 30; v++ {
			dir := filepath.Join(t.TempDir(), "captures")
			os.MkdirAll(dir, 0o755)
			if modErr == nil && v%5 != 4 {
				os.WriteFile(filepath.Join(dir, stem+".module"), mod, 0o644)
			}
			var keep []string
			for _, l := range lines {
				switch rng.IntN(12) {
				case 0:
				case 1:
					keep = append(keep, l, l)
				case 2, 3:
					var ev map[string]any
					json.Unmarshal([]byte(l), &ev)
					o, _ := ev["Output"].(string)
					if len(o) < 2 || ev["Action"] != "output" {
						keep = append(keep, l)
						break
					}
					k := 1 + rng.IntN(len(o)-1)
					for _, part := range []string{o[:k], o[k:]} {
						ev["Output"] = part
						b, _ := json.Marshal(ev)
						keep = append(keep, string(b))
					}
				default:
					keep = append(keep, l)
				}
			}
			p := filepath.Join(dir, stem+".json")
			os.WriteFile(p, []byte(strings.Join(keep, "\n")+"\n"), 0o644)
			goT, dataT := goTestTruth(t, p), spec.Read.readTruth(t, p)
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
