package profiles_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/terse-dev/terse/filters"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
)

// BenchmarkPytestSize shapes each pytest capture as the CLI does by default
// (detection, first page of 20) and reports the raw and shaped (llm) sizes:
//
//	go test ./profiles -run '^$' -bench PytestSize -benchtime 1x
func BenchmarkPytestSize(b *testing.B) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "pytest", "captures", "*.txt"))
	if len(paths) == 0 {
		b.Fatal("no pytest captures")
	}
	set := builtin(b)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(p), func(b *testing.B) {
			var shaped int
			for b.Loop() {
				shaped = shapedSize(b, set, data)
			}
			b.ReportMetric(float64(len(data)), "raw-B")
			b.ReportMetric(float64(shaped), "llm-B")
			b.ReportMetric(100*float64(shaped)/float64(len(data)), "%-of-raw")
		})
	}
}

func shapedSize(b *testing.B, set *profiles.Set, data []byte) int {
	out, err := set.Shape(bytes.NewReader(data), nil, profiles.Options{Window: filters.Window{Limit: 20}})
	if err != nil || out.Report == nil {
		b.Fatalf("shaping: %v", err)
	}
	var buf bytes.Buffer
	if err := render.LLM(&buf, out.Report, goldenHints); err != nil {
		b.Fatal(err)
	}
	return buf.Len()
}

// BenchmarkShapeThroughput shapes about 100 MB built by repeating one real
// capture (a log of many runs), through detection and the text parser, and
// reports MB/s; jest's figure is beside pytest's for comparison:
//
//	go test ./profiles -run '^$' -bench ShapeThroughput -benchtime 3x
func BenchmarkShapeThroughput(b *testing.B) {
	for _, c := range []struct{ name, capture string }{
		{"pytest", "../testdata/pytest/captures/mixed.txt"},
		{"pytest-native", "../testdata/pytest/captures/mixed.tb-native.txt"},
		{"jest", "../testdata/jest/captures/mixed.txt"},
	} {
		b.Run(c.name, func(b *testing.B) {
			unit, err := os.ReadFile(c.capture)
			if err != nil {
				b.Skip(err)
			}
			const size = 100 << 20
			in := bytes.Repeat(unit, size/len(unit)+1)
			set := builtin(b)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				out, err := set.Shape(bytes.NewReader(in), nil, profiles.Options{Window: filters.Window{Limit: 20}})
				if err != nil || out.Report == nil {
					b.Fatalf("shaping: %v", err)
				}
				if out.Profile == nil || out.Profile.Name != c.name[:len(out.Profile.Name)] {
					b.Fatalf("detected %v", out.Profile)
				}
			}
		})
	}
}
