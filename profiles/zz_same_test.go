package profiles_test

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"
	"unicode/utf8"
)

func TestTruthSameTemp(t *testing.T) {
	for tool, goRead := range map[string]func(*testing.T, string) []truth{"biome": biomeTruth, "gcc": gccTruth} {
		reports, _ := filepath.Glob(filepath.Join(tool, "testdata", "reports", "*.truth"))
		n, total := 0, 0
		for _, r := range reports {
			g := goRead(t, r)
			d := toolReport(t, tool, r)
			if len(g) == 0 && len(d) == 0 {
				n++
				continue
			}
			if !reflect.DeepEqual(g, d) {
				t.Errorf("%s: go %d truths, data %d", r, len(g), len(d))
				for i := range max(len(g), len(d)) {
					var a, b truth
					if i < len(g) {
						a = g[i]
					}
					if i < len(d) {
						b = d[i]
					}
					if a != b {
						t.Errorf("  %d: go %+v\n      data %+v", i, a, b)
					}
				}
				continue
			}
			n++
			total += len(g)
		}
		t.Logf("%s: %d of %d reports equal, %d truths", tool, n, len(reports), total)
	}
}

// Temporary: the jq's byte offset to line and column against lineCol, on
// sources with 2-, 3- and 4-byte characters, at every character boundary.
func TestBiomePlaceTemp(t *testing.T) {
	spec, _, _ := toolTruth("biome")
	n := 0
	for _, src := range []string{"aé\nb€c\n𝄞d é\n", "ü\n\nxÿz", "abc", "日本語\n語\n"} {
		for off := 0; off <= len(src)+2; off++ {
			if off < len(src) && !utf8.RuneStart(src[off]) {
				continue
			}
			doc, _ := json.Marshal(map[string]any{"diagnostics": []any{map[string]any{"severity": "error", "location": map[string]any{"path": map[string]any{"file": "f"}, "span": []int{off, off + 1}, "sourceCode": src}}}})
			got, err := spec.Read.records(doc)
			if err != nil {
				t.Fatal(err)
			}
			l, c := lineCol(src, off)
			if got[0].Line != l || got[0].Column != c {
				t.Errorf("%q at %d: jq %d:%d, lineCol %d:%d", src, off, got[0].Line, got[0].Column, l, c)
			}
			n++
		}
	}
	t.Logf("%d offsets equal", n)
}
