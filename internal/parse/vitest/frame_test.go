package vitest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/report"
)

// oldParseVitestFrame is parseVitestFrame as it was, building V8's line
// for ParseJSFrame: the oracle of the direct reading.
func oldParseVitestFrame(t string) (report.Frame, bool) {
	if strings.HasPrefix(t, "at ") {
		return filters.ParseJSFrame(t)
	}
	rest, ok := strings.CutPrefix(t, "❯ ")
	if !ok {
		return report.Frame{}, false
	}
	fn, loc := "", rest
	if i := strings.LastIndexByte(rest, ' '); i >= 0 {
		fn, loc = rest[:i], rest[i+1:]
	}
	if fn != "" {
		fn = " " + fn
	}
	fr, ok := filters.ParseJSFrame("at" + fn + " (" + loc + ")")
	if !ok || fr.Line == 0 {
		return report.Frame{}, false
	}
	return fr, true
}

// checkFrame fails t where parseVitestFrame or block.Frame and the oracle
// differ on l.
func checkFrame(t *testing.T, l string) {
	t.Helper()
	got, gok := parseVitestFrame(l)
	want, wok := oldParseVitestFrame(l)
	if got != want || gok != wok {
		t.Errorf("parseVitestFrame(%q) = %+v, %v; the oracle %+v, %v", l, got, gok, want, wok)
	}
	// The block's first-byte gate before the call refuses no frame.
	if got, gok := (&block{}).Frame(l); got != want || gok != wok {
		t.Errorf("block.Frame(%q) = %+v, %v; the oracle %+v, %v", l, got, gok, want, wok)
	}
}

var frameSeeds = []string{
	"❯ test/a.test.js:3:5", "❯ fn test/a.test.js:3:5", "❯ a b c:1", "❯ fn (x) a.js:1:2)", "❯ ", "❯ fn ", "❯ fn a.js",
	"❯  a.js:1:2", "❯ fn a.js:0:1", "❯ fn a.js:x:1", "❯ \ta.js:1:2", "❯ fn\u00a0 a.js:1:2", "❯ fn a.js:1:2 ", "at fn (a.js:1:2)",
}

// TestParseVitestFrameMatchesOracle compares the two on the seeds and on
// every trimmed line of the vitest captures.
func TestParseVitestFrameMatchesOracle(t *testing.T) {
	lines := frameSeeds
	files, _ := filepath.Glob("../../../profiles/vitest/testdata/captures/*")
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(raw), "\n") {
			lines = append(lines, strings.TrimSpace(filters.CleanLine(l)))
		}
	}
	for _, l := range lines {
		checkFrame(t, l)
	}
}

// FuzzParseVitestFrame compares the two on any line:
//
//	go test ./internal/parse/vitest -run '^$' -fuzz FuzzParseVitestFrame -fuzztime 2m
func FuzzParseVitestFrame(f *testing.F) {
	for _, s := range frameSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, l string) { checkFrame(t, "❯ "+l) })
}
