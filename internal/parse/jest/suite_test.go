package jest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// suiteLine agrees with the pattern it stands for on every line of the
// real jest captures and on the edges of the pattern.
func TestSuiteLineAgrees(t *testing.T) {
	re := regexp.MustCompile(`^\s*(PASS|FAIL)\s+(\S.*?)(?:\s+\(\d[\d.]*\s*m?s\))?\s*$`)
	files, err := filepath.Glob("../../../profiles/jest/testdata/captures/*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures: %v", err)
	}
	lines := []string{"", "PASS", "PASS ", "PASSED a.js", " FAIL\ta.js", "FAIL a.js (3 ms)", "FAIL a.js  (1.5 s)  ",
		"FAIL (3 ms)", "FAIL a.js(3 ms)", "FAIL a (b) (3 ms)", "FAIL a.js (3 ms) x", "FAIL a.js (3.2.1 ms)",
		"FAIL a.js (x ms)", "FAIL a.js ( 3 ms)", "FAIL a.js (3ms)", "FAIL a.js (3 mms)", "PASS a.js (3)", "FAIL  a b  c  "}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(raw), "\n") {
			lines = append(lines, filters.CleanLine(l))
		}
	}
	matched := 0
	for _, l := range lines {
		status, file, ok := suiteLine(l)
		m := re.FindStringSubmatch(l)
		if ok != (m != nil) || (ok && (status != m[1] || file != m[2])) {
			t.Errorf("suiteLine(%q) = %q, %q, %v; the pattern says %q", l, status, file, ok, m)
		}
		if ok {
			matched++
		}
	}
	if matched == 0 {
		t.Error("no suite line in the captures: the check proves nothing")
	}
}
