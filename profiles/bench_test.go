package profiles_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// benchInput repeats real captures of a profile up to about size bytes.
func benchInput(b *testing.B, profile string, names []string, size int) []byte {
	b.Helper()
	var one []byte
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(profile, "testdata", "captures", n))
		if err != nil {
			b.Fatal(err)
		}
		one = append(one, data...)
	}
	return bytes.Repeat(one, size/len(one)+1)
}

// BenchmarkJestText shapes ~100 MB of repeated jest captures (plain,
// coloured, verbose) to llm text. MB/s is reported by -benchmem's SetBytes.
func BenchmarkJestText(b *testing.B) {
	in := benchInput(b, "jest", []string{"mixed.txt", "many.txt", "suitefail.txt", "pass.txt",
		"mixed.color.txt", "many.color.txt", "mixed.verbose.txt", "many.verbose.txt"}, 100<<20)
	set, err := profiles.Builtin()
	if err != nil {
		b.Fatal(err)
	}
	jest, _ := set.Get("jest")
	b.SetBytes(int64(len(in)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := set.Shape(bytes.NewReader(in), jest, profiles.Options{Window: report.Window{Limit: 20}})
		if err != nil {
			b.Fatal(err)
		}
		if err := render.LLM(io.Discard, out.Report, goldenHints); err != nil {
			b.Fatal(err)
		}
	}
}
