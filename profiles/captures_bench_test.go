package profiles_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// benchCaptureSizes reports, for every capture of a profile, the raw size and
// the size of what terse prints for it with the default page (llm text; JSON
// for a JSON document, as the CLI answers JSON with JSON). Each capture is a
// sub-benchmark with the metrics raw-B, shaped-B and shaped-% (run with
// -benchtime=1x: the figures are sizes, not times), and shaped-cwd-B, the
// size with paths made relative to the directory the capture ran in, as
// the CLI does when run there.
func benchCaptureSizes(b *testing.B, prof string) {
	set := builtin(b)
	p, ok := set.Get(prof)
	if !ok {
		b.Fatalf("no profile %s", prof)
	}
	files := captures(b)[prof]
	sort.Strings(files)
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		base := filepath.Base(path)
		// The CLI shortens paths under its working directory; the captures
		// ran in /tmp/terse-fixtures/<profile>/<case>.
		cwd := "/tmp/terse-fixtures/" + prof + "/" + strings.SplitN(base, ".", 2)[0]
		b.Run(base, func(b *testing.B) {
			var shaped, rel int
			for i := 0; i < b.N; i++ {
				shaped = shapedSize(b, set, p, raw, "")
				rel = shapedSize(b, set, p, raw, cwd)
			}
			b.ReportMetric(float64(len(raw)), "raw-B")
			b.ReportMetric(float64(shaped), "shaped-B")
			b.ReportMetric(100*float64(shaped)/float64(len(raw)), "shaped-%")
			b.ReportMetric(float64(rel), "shaped-cwd-B")
		})
	}
}

func shapedSize(b *testing.B, set *profiles.Set, p *profiles.Profile, raw []byte, cwd string) int {
	out, err := set.Shape(bytes.NewReader(raw), p, profiles.Options{Window: report.Window{Limit: 20}, Cwd: cwd})
	if err != nil || out.Report == nil {
		b.Fatalf("not shaped: %v", err)
	}
	var w bytes.Buffer
	if out.JSONIn {
		err = render.JSON(&w, out.Report, goldenHints, false)
	} else {
		err = render.LLM(&w, out.Report, goldenHints)
	}
	if err != nil {
		b.Fatal(err)
	}
	return w.Len()
}

// benchThroughput shapes about 100 MB made by repeating a real capture and
// reports MB/s. The input is in memory; shaping streams it.
func benchThroughput(b *testing.B, prof, capture string) {
	set := builtin(b)
	p, ok := set.Get(prof)
	if !ok {
		b.Fatalf("no profile %s", prof)
	}
	one, err := os.ReadFile(filepath.Join(prof, "testdata", "captures", capture))
	if err != nil {
		b.Fatal(err)
	}
	in := bytes.Repeat(one, (100<<20)/len(one)+1)
	b.SetBytes(int64(len(in)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := set.Shape(bytes.NewReader(in), p, profiles.Options{Window: report.Window{Limit: 20}})
		if err != nil || out.Report == nil {
			b.Fatalf("not shaped: %v", err)
		}
		if err := render.LLM(io.Discard, out.Report, goldenHints); err != nil {
			b.Fatal(err)
		}
	}
}
