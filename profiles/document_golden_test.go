package profiles_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/jsonshape"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// documentFiles lists the inputs of document profiles: real output captured
// from the tool (profiles/<profile>/testdata/documents) and output written by hand in
// the shape of a real tool's (profiles/<profile>/testdata/fixtures, for tools that
// cannot run here), by profile.
func documentFiles(t testing.TB) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, kind := range []string{"documents", "fixtures"} {
		dirs, err := filepath.Glob(filepath.Join("*", "testdata", kind))
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range dirs {
			prof := filepath.Base(filepath.Dir(filepath.Dir(d)))
			for _, ext := range []string{"*.json", "*.txt"} {
				m, _ := filepath.Glob(filepath.Join(d, ext))
				out[prof] = append(out[prof], m...)
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no document inputs under testdata")
	}
	return out
}

func shapeDoc(t testing.TB, set *profiles.Set, path string, opt profiles.Options) profiles.Outcome {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out, err := set.Shape(f, nil, opt)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if out.Doc == nil && out.Report == nil {
		t.Fatalf("%s: not shaped (%v)", path, out.Invalid)
	}
	return out
}

// renderOutcome renders what the CLI prints by default for the input (JSON
// for a JSON document) and its llm text.
func renderOutcome(t testing.TB, out profiles.Outcome) (js, llm []byte) {
	t.Helper()
	var j, l bytes.Buffer
	if out.Doc != nil {
		if err := jsonshape.WriteJSON(&j, out.Doc, docHints, false); err != nil {
			t.Fatal(err)
		}
		llmHints := docHints
		llmHints.More = "… | terse --llm=verbose"
		if err := jsonshape.WriteLLM(&l, out.Doc, llmHints); err != nil {
			t.Fatal(err)
		}
		return j.Bytes(), l.Bytes()
	}
	defer out.Report.Close()
	if err := render.JSON(&j, out.Report, goldenHints, false); err != nil {
		t.Fatal(err)
	}
	if err := render.LLM(&l, out.Report, goldenHints); err != nil {
		t.Fatal(err)
	}
	return j.Bytes(), l.Bytes()
}

// TestDocumentGolden shapes every document input with the profile detected
// for it, checks it is the profile of its directory, and compares the JSON
// and llm renderings with profiles/<profile>/testdata/golden/<file>.json|.llm.
func TestDocumentGolden(t *testing.T) {
	set := builtin(t)
	for prof, files := range documentFiles(t) {
		for _, path := range files {
			name := filepath.Base(path)
			t.Run(prof+"/"+name, func(t *testing.T) {
				out := shapeDoc(t, set, path, profiles.Options{Window: report.Window{Limit: 20}})
				got := "none"
				if out.Profile != nil {
					got = out.Profile.Name
				}
				// An empty list carries nothing to tell its tool by.
				empty := out.Doc != nil && jsonshape.Empty(out.Doc.Root) && got == profiles.GenericJSON
				if got != prof && !empty {
					t.Errorf("detected %s, want %s", got, prof)
				}
				js, llm := renderOutcome(t, out)
				if out.Doc != nil && !out.Doc.Seq && !json.Valid(js) {
					t.Errorf("JSON output is not valid JSON: %s", js)
				}
				for _, b := range [][]byte{js, llm} {
					if bytes.IndexByte(b, 0x1b) >= 0 {
						t.Errorf("escape byte in output")
					}
				}
				golden := filepath.Join(filepath.Dir(filepath.Dir(path)), "golden", name)
				checkGolden(t, golden+".json", js)
				checkGolden(t, golden+".llm", llm)
			})
		}
	}
}

// TestDocumentsShrink checks the point of it all, beyond json.Compact: over
// each profile's inputs the shaped JSON is smaller than the inputs
// compacted, and no single input grows by more than what terse adds to it
// (a fix_command, the omitted/more signal of a few small fields: 64 bytes).
func TestDocumentsShrink(t *testing.T) {
	set := builtin(t)
	for prof, files := range documentFiles(t) {
		var in, shaped int
		for _, path := range files {
			if !strings.HasSuffix(path, ".json") {
				continue
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			out := shapeDoc(t, set, path, profiles.Options{Window: report.Window{Limit: 20}})
			if out.Doc == nil {
				continue
			}
			js, _ := renderOutcome(t, out)
			compact := compactAll(t, raw)
			in += len(compact)
			shaped += len(js)
			if len(js) > len(compact)+64 {
				t.Errorf("%s/%s: shaped %d bytes, compacted input %d bytes:\n%s", prof, filepath.Base(path), len(js), len(compact), js)
			}
		}
		if shaped >= in {
			t.Errorf("%s: shaped %d bytes >= compacted inputs %d bytes", prof, shaped, in)
		}
		t.Logf("%-9s compacted inputs %7d bytes, shaped %7d bytes (%.0f%% less)", prof, in, shaped, 100*(1-float64(shaped)/float64(max(in, 1))))
	}
}

// compactAll compacts every JSON value in data (a document or a sequence).
func compactAll(t testing.TB, data []byte) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	var out bytes.Buffer
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			t.Fatal(err)
		}
		if err := json.Compact(&out, raw); err != nil {
			t.Fatal(err)
		}
		out.WriteByte('\n')
	}
	return out.Bytes()
}

// TestSpecLeftFixturesCoverTheReference checks that every SpecLeft output in
// the reference set has a fixture of the same shape here.
func TestSpecLeftFixturesCoverTheReference(t *testing.T) {
	refs, _ := filepath.Glob(filepath.Join("..", "..", "shared", "reference", "specleft_*"))
	if len(refs) == 0 {
		t.Skip("reference outputs not present")
	}
	for _, r := range refs {
		name := strings.TrimPrefix(filepath.Base(r), "specleft_")
		name = strings.Replace(name, "_SPECLEFT_COMPACT_1", "_compact", 1)
		if _, err := os.Stat(filepath.Join("specleft", "testdata", "fixtures", name)); err != nil {
			t.Errorf("reference %s has no fixture %s", filepath.Base(r), name)
		}
	}
}

// FuzzDocuments feeds the document profiles (detection, jq programs, the
// generic shaper) variations of their inputs: each gives a shaped document
// or report, or, for broken JSON, the input itself to pass on with a reason.
// Never an error, never a panic.
func FuzzDocuments(f *testing.F) {
	for _, files := range documentFiles(f) {
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
			f.Add(data[:len(data)/2])
		}
	}
	f.Add([]byte(`{"valid":false,"errors":5}`))
	f.Add([]byte(" \n\ufeff{\"a\":"))
	f.Add([]byte(`{"healthy":true,"checks":[1,2]}`))
	set, err := profiles.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := set.Shape(bytes.NewReader(in), nil, profiles.Options{Window: report.Window{Limit: 3}})
		if err != nil {
			t.Fatalf("error %v for %q", err, in)
		}
		switch {
		case out.Doc != nil:
			var b bytes.Buffer
			if err := jsonshape.WriteJSON(&b, out.Doc, docHints, false); err != nil {
				t.Fatal(err)
			}
			if !out.Doc.Seq && !json.Valid(b.Bytes()) {
				t.Fatalf("invalid JSON %q for %q", b.Bytes(), in)
			}
			if l := out.Doc.List; l != nil && l.Shown > max(l.Limit, 3) && l.Limit != 0 {
				t.Fatalf("page of %d, limit %d", l.Shown, l.Limit)
			}
		case out.Report != nil:
			out.Report.Close()
		case out.Passthrough != nil:
			if !bytes.Equal(out.Passthrough, in) || out.Invalid == nil {
				t.Fatalf("pass-through %q (%v) for %q", out.Passthrough, out.Invalid, in)
			}
		default:
			t.Fatalf("no outcome for %q", in)
		}
	})
}
