package profiles_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

var update = flag.Bool("update", false, "rewrite the golden files from the current output")

// goldenHints are the hints the CLI gives for piped input with default flags.
var goldenHints = render.Hints{
	Next: "… | terse --offset 20",
	More: "… | terse --llm=verbose",
	Raw:  "the same command without terse",
}

// accounting is r's omitted line with its every kind of count, as the
// --llm=verbose page says it: the compact page adds the counts of lines
// into one (render.OmittedLine).
func accounting(r *report.Report) string {
	return render.OmittedLine(r, render.Hints{Verbose: true})
}

func builtin(t testing.TB) *profiles.Set {
	t.Helper()
	set, err := profiles.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// captures lists the real tool captures of every profile: files under
// testdata/<profile>/captures with a .txt or .json extension.
func captures(t testing.TB) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	dirs, err := filepath.Glob("../testdata/*/captures")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		prof := filepath.Base(filepath.Dir(d))
		for _, ext := range []string{"*.txt", "*.json", "*.log"} {
			m, _ := filepath.Glob(filepath.Join(d, ext))
			out[prof] = append(out[prof], m...)
		}
	}
	if len(out) == 0 {
		t.Fatal("no captures found under testdata")
	}
	return out
}

func shapeFile(t testing.TB, set *profiles.Set, path, profile string, opt profiles.Options) profiles.Outcome {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var forced *profiles.Profile
	if profile != "" {
		p, ok := set.Get(profile)
		if !ok {
			t.Fatalf("no profile %q", profile)
		}
		forced = p
	}
	out, err := set.Shape(f, forced, goCaptureOptions(path, opt))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if out.Report == nil {
		t.Fatalf("%s: not shaped (pass-through: %v)", path, out.Invalid)
	}
	return out
}

// TestGolden shapes every capture with its profile and compares the llm and
// JSON renderings with the goldens in testdata/<profile>/golden.
func TestGolden(t *testing.T) {
	set := builtin(t)
	for prof, files := range captures(t) {
		for _, path := range files {
			name := filepath.Base(path)
			t.Run(prof+"/"+name, func(t *testing.T) {
				out := shapeFile(t, set, path, prof, profiles.Options{Window: report.Window{Limit: 20}})
				var llm, js bytes.Buffer
				if err := render.LLM(&llm, out.Report, goldenHints); err != nil {
					t.Fatal(err)
				}
				if err := render.JSON(&js, out.Report, goldenHints, false); err != nil {
					t.Fatal(err)
				}
				golden := filepath.Join(filepath.Dir(filepath.Dir(path)), "golden", name)
				checkGolden(t, golden+".llm", llm.Bytes())
				checkGolden(t, golden+".json", js.Bytes())
			})
		}
	}
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./profiles -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (go test ./profiles -update rewrites it):\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}

// TestDetect checks that detection alone picks each capture's profile.
func TestDetect(t *testing.T) {
	set := builtin(t)
	for prof, files := range captures(t) {
		for _, path := range files {
			out := shapeFile(t, set, path, "", profiles.Options{Window: report.Window{Limit: 20}})
			if out.Profile == nil || out.Profile.Name != prof {
				got := "none"
				if out.Profile != nil {
					got = out.Profile.Name
				}
				t.Errorf("%s: detected %s, want %s", path, got, prof)
			}
		}
	}
}

// TestNoANSIInOutput checks the promise that llm and JSON output never carry
// escape sequences, on the coloured captures above all.
func TestNoANSIInOutput(t *testing.T) {
	set := builtin(t)
	for prof, files := range captures(t) {
		for _, path := range files {
			out := shapeFile(t, set, path, prof, profiles.Options{Window: report.Window{}})
			var b bytes.Buffer
			_ = render.LLM(&b, out.Report, goldenHints)
			_ = render.JSON(&b, out.Report, goldenHints, false)
			if i := bytes.IndexByte(b.Bytes(), 0x1b); i >= 0 {
				t.Errorf("%s: escape byte in output at %d: %q", path, i, b.Bytes()[max(0, i-20):min(b.Len(), i+20)])
			}
			if strings.Contains(b.String(), "\r") {
				t.Errorf("%s: carriage return in output", path)
			}
		}
	}
}
