package profiles_test

import (
	"bytes"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// checkShapesSafely is the property every parser's fuzz test checks: any
// input gives an error (a clear result), a pass-through, or a report whose
// page is bounded and which renders to llm text without escape bytes and to
// JSON.
func checkShapesSafely(t *testing.T, set *profiles.Set, p *profiles.Profile, in []byte) {
	out, err := set.Shape(bytes.NewReader(in), p, profiles.Options{Window: report.Window{Limit: 5}})
	if err != nil {
		return
	}
	if out.Report == nil {
		if out.Passthrough == nil && out.Doc == nil && !out.Replay {
			t.Fatal("neither a report, a document nor a pass-through")
		}
		return
	}
	r := out.Report
	defer r.Close()
	if len(r.Failures) > 5 || r.Page.Total < len(r.Failures) {
		t.Fatalf("page holds %d failures of %d", len(r.Failures), r.Page.Total)
	}
	var b bytes.Buffer
	if err := render.LLM(&b, r, goldenHints); err != nil {
		t.Fatal(err)
	}
	if bytes.IndexByte(b.Bytes(), 0x1b) >= 0 {
		t.Fatal("escape byte in llm output")
	}
	if err := render.JSON(&b, r, goldenHints, false); err != nil {
		t.Fatal(err)
	}
}
