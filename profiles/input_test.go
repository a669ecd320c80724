package profiles_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

func shapeRaw(t *testing.T, set *profiles.Set, data []byte, opt profiles.Options) *report.Report {
	t.Helper()
	out, err := set.Shape(bytes.NewReader(data), nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	if out.Report == nil {
		t.Fatalf("not shaped (pass-through: %v)", out.Invalid)
	}
	return out.Report
}

func llmOfReport(t *testing.T, r *report.Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := render.LLM(&b, r, goldenHints); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A go test -v run whose passing test logs a frame holding a NUL byte is
// text: its failure is shown and the NUL counted, not the whole input
// called binary.
func TestNULInTextIsShaped(t *testing.T) {
	data, err := os.ReadFile("../testdata/multi/streams/nul-go.txt")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.IndexByte(data, 0) < 0 {
		t.Fatal("capture holds no NUL byte")
	}
	r := shapeRaw(t, builtin(t), data, profiles.Options{})
	text := llmOfReport(t, r)
	if r.Status != "FAIL" || !strings.Contains(text, `"TestFrameUTF8"`) {
		t.Errorf("want FAIL with TestFrameUTF8, got:\n%s", text)
	}
	if got := r.OmittedCount("NUL bytes"); got != bytes.Count(data, []byte{0}) {
		t.Errorf("NUL bytes omitted = %d, want %d", got, bytes.Count(data, []byte{0}))
	}
}

// Binary data is still called binary: the test binary itself.
func TestBinaryInputNotShown(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	r := shapeRaw(t, builtin(t), data[:min(len(data), 1<<20)], profiles.Options{})
	if len(r.Notes) == 0 || !strings.HasPrefix(r.Notes[0], "binary input") {
		t.Errorf("an executable is not called binary: %+v", r.Notes)
	}
}

// go test output whose lines end in lone CRs shapes as the same output with
// LFs: every failure kept, no package named failed that passed.
func TestLoneCRLineEnds(t *testing.T) {
	data, err := os.ReadFile("../testdata/multi/streams/cr-go.txt")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.IndexByte(data, '\n') >= 0 {
		t.Fatal("capture holds a LF")
	}
	set := builtin(t)
	opt := profiles.Options{Window: report.Window{Limit: 0}}
	got := llmOfReport(t, shapeRaw(t, set, data, opt))
	want := llmOfReport(t, shapeRaw(t, set, bytes.ReplaceAll(data, []byte{'\r'}, []byte{'\n'}), opt))
	if got != want {
		t.Errorf("CR line ends shape differently from LF ones:\n--- got\n%s\n--- want\n%s", got, want)
	}
	if !strings.Contains(want, "9 failed tests") {
		t.Errorf("the LF form lost failures:\n%s", want)
	}
}

// An Outcome says which result it holds: a report, a document, input to
// pass through, or input to replay.
func TestOutcomeKind(t *testing.T) {
	set := builtin(t)
	for _, c := range []struct {
		in   string
		want profiles.OutcomeKind
	}{
		{"PASS src/a.test.js\nTests:       1 passed, 1 total\n", profiles.KindReport},
		{`{"items":[{"a":1}]}`, profiles.KindDocument},
		{`{"items":[{"a":1}]`, profiles.KindPassthrough},
	} {
		out, err := set.Shape(strings.NewReader(c.in), nil, profiles.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := out.Kind(); got != c.want {
			t.Errorf("%q: kind %d, want %d", c.in, got, c.want)
		}
		if out.Report != nil {
			out.Report.Close()
		}
	}
}
