package profiles_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/jsonshape"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// BenchmarkDocumentShapes shapes every JSON document input (real LeanSpec
// and generic captures, SpecLeft and CLEO fixtures) as the CLI does by
// default and reports the saving: raw-tok (the tool's output as printed),
// compact-tok (that output compacted), out-tok (terse's), saved% (against
// raw) and vs-compact% (against compacted). Tokens are jsonshape.Cost's
// estimate. Run: go test ./profiles -run XXX -bench DocumentShapes -benchtime 1x
func BenchmarkDocumentShapes(b *testing.B) {
	set, err := profiles.Builtin()
	if err != nil {
		b.Fatal(err)
	}
	files := documentFiles(b)
	profs := make([]string, 0, len(files))
	for p := range files {
		profs = append(profs, p)
	}
	sort.Strings(profs)
	for _, prof := range profs {
		for _, path := range files[prof] {
			if !strings.HasSuffix(path, ".json") {
				continue
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			compact := compactAll(b, raw)
			probe, err := set.Shape(bytes.NewReader(raw), nil, profiles.Options{Window: report.Window{Limit: 20}})
			if err != nil || probe.Doc == nil {
				continue
			}
			name := prof + "/" + probe.Shape + "/" + strings.TrimSuffix(filepath.Base(path), ".json")
			if probe.Shape == "" {
				name = prof + "/" + strings.TrimSuffix(filepath.Base(path), ".json")
			}
			b.Run(name, func(b *testing.B) {
				var out bytes.Buffer
				b.SetBytes(int64(len(raw)))
				for i := 0; i < b.N; i++ {
					o, err := set.Shape(bytes.NewReader(raw), nil, profiles.Options{Window: report.Window{Limit: 20}})
					if err != nil {
						b.Fatal(err)
					}
					out.Reset()
					if err := jsonshape.WriteJSON(&out, o.Doc, docHints, false); err != nil {
						b.Fatal(err)
					}
				}
				rawTok, compactTok, outTok := jsonshape.Cost(raw), jsonshape.Cost(compact), jsonshape.Cost(out.Bytes())
				b.ReportMetric(float64(rawTok), "raw-tok")
				b.ReportMetric(float64(compactTok), "compact-tok")
				b.ReportMetric(float64(outTok), "out-tok")
				b.ReportMetric(100*(1-float64(outTok)/float64(rawTok)), "saved%")
				b.ReportMetric(100*(1-float64(outTok)/float64(compactTok)), "vs-compact%")
			})
		}
	}
}
