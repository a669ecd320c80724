package jsblock

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/report"
)

// matcherLine's first-byte gate refuses no line its prefixes take: on
// every line of the real jest and vitest captures (and on each prefix
// alone) it reads as matcherPrefixes does, with a failure that has no
// Expected/Received yet and with one that has both.
func TestMatcherGateAgrees(t *testing.T) {
	var files []string
	for _, dir := range []string{"jest", "vitest"} {
		m, err := filepath.Glob("../../../profiles/" + dir + "/testdata/captures/*")
		if err != nil || len(m) == 0 {
			t.Fatalf("no %s captures: %v", dir, err)
		}
		files = append(files, m...)
	}
	lines := []string{"", "- Expected", "- Snapshot", "+ Received", "Expected: 1", "Snapshot: 1", "Received: 2", "-", "E", "Received:"}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(raw), "\n") {
			lines = append(lines, filters.CleanLine(l))
		}
	}
	taken := 0
	for _, l := range lines {
		tl := filters.TrimSpace(l)
		for _, start := range []report.Failure{{}, {Expected: "e", Received: "r"}} {
			gf, wf := start, start
			var gd, wd []string
			gok, gstarts := matcherLine(l, tl, &gf, &gd)
			wok, wstarts := matcherPrefixes(l, tl, &wf, &wd)
			if gok != wok || gstarts != wstarts || !reflect.DeepEqual(gf, wf) || !reflect.DeepEqual(gd, wd) {
				t.Errorf("matcherLine(%q) = %v %v %+v %q, matcherPrefixes says %v %v %+v %q", l, gok, gstarts, gf, gd, wok, wstarts, wf, wd)
			}
			if wok {
				taken++
			}
		}
	}
	if taken < 20 {
		t.Errorf("the prefixes took %d lines of the captures, want 20 or more", taken)
	}
}
