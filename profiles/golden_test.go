package profiles_test

import (
	"bytes"
	"flag"
	"fmt"
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
	folders, err := profileFolders()
	if err != nil {
		t.Fatal(err)
	}
	if err := ungenerated(set, folders); err != nil {
		t.Fatal(err)
	}
	return set
}

// profileFolders are the names of the folders here that hold a profile
// (<name>/profile.yaml): every built-in tool, each read by the tests
// below with no list of them in Go.
func profileFolders() ([]string, error) {
	files, err := filepath.Glob(filepath.Join("*", "profile.yaml"))
	if err != nil {
		return nil, fmt.Errorf("listing profile folders: %w", err)
	}
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = filepath.Dir(f)
	}
	return out, nil
}

// ungenerated says which profile folders the built-in table (generated
// from their YAML) does not hold yet, and the step that adds them: the
// tests read the table, as terse does, so a folder added without it would
// otherwise be a profile no test finds.
func ungenerated(set *profiles.Set, folders []string) error {
	var missing []string
	for _, name := range folders {
		if _, ok := set.Get(name); !ok {
			missing = append(missing, "profiles/"+name+"/profile.yaml")
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return fmt.Errorf("%s not in the built-in table (builtin_table.go): run go generate ./profiles", strings.Join(missing, ", "))
}

// captures lists the real tool captures of every profile: files under
// <profile>/testdata/captures with a .txt or .json extension.
func captures(t testing.TB) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	dirs, err := filepath.Glob("*/testdata/captures")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		prof := filepath.Base(filepath.Dir(filepath.Dir(d)))
		for _, ext := range []string{"*.txt", "*.json", "*.log"} {
			m, _ := filepath.Glob(filepath.Join(d, ext))
			out[prof] = append(out[prof], m...)
		}
	}
	if len(out) == 0 {
		t.Fatal("no captures found under */testdata/captures")
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
// JSON renderings with the goldens in <profile>/testdata/golden.
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

// A profile folder the table does not hold yet (added without go
// generate) fails the tests with the step that adds it, not with "no
// profile"; every folder here is in the table.
func TestProfileFolderNeedsGenerate(t *testing.T) {
	set, err := profiles.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	folders, err := profileFolders()
	if err != nil {
		t.Fatal(err)
	}
	if len(folders) < 20 {
		t.Fatalf("%d profile folders found (%v); want every built-in tool's", len(folders), folders)
	}
	if err := ungenerated(set, folders); err != nil {
		t.Error(err)
	}
	err = ungenerated(set, append(folders, "newlint"))
	if err == nil || !strings.Contains(err.Error(), "profiles/newlint/profile.yaml") || !strings.Contains(err.Error(), "run go generate ./profiles") {
		t.Errorf("a folder missing from the table gives %v; want it named, and run go generate ./profiles", err)
	}
}
