package profiles_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/gen"
	"github.com/terse-dev/terse/profiles"
)

// TestGeneratedFiles fails when a file generated from profiles/*/profile.yaml is
// not what the generator (internal/gen, run by go generate) writes now:
// the Go table terse starts from (parsing the YAML at every start cost
// milliseconds), the commands the agent hook knows without loading
// profiles, and README.md's list of tools.
func TestGeneratedFiles(t *testing.T) {
	ps, err := gen.Load(profiles.BuiltinYAML)
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for file, generate := range map[string]func() ([]byte, error){
		"builtin_table.go":                      func() ([]byte, error) { return gen.Table(ps) },
		"../internal/commands/builtin_table.go": func() ([]byte, error) { return gen.Claims(ps) },
		"../README.md":                          func() ([]byte, error) { return gen.Readme(readme, ps) },
	} {
		want, err := generate()
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: it is generated from profiles/*/profile.yaml; run %s", filepath.Clean(filepath.Join("profiles", file)), gen.Command)
		}
	}
}

// TestBuiltinMatchesYAML checks what Builtin returns against the YAML field
// by field (the samples aside, which only tests read), so a mistake in the
// generator cannot hide behind a table that matches its own output.
func TestBuiltinMatchesYAML(t *testing.T) {
	fromYAML := yamlProfiles(t)
	set := builtin(t)
	if got, want := len(set.Names()), len(fromYAML); got != want {
		t.Fatalf("Builtin has %d profiles, the YAML %d", got, want)
	}
	for _, y := range fromYAML {
		p, ok := set.Get(y.Name)
		if !ok {
			t.Errorf("Builtin lacks %s", y.Name)
			continue
		}
		y.Samples = nil
		// JSON holds the exported fields only: the compiled state differs
		// with what earlier tests shaped.
		got, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(y)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: Builtin differs from its YAML:\n got %s\nwant %s", y.Name, got, want)
		}
	}
}

// yamlProfiles parses the embedded YAML as built-ins are loaded.
func yamlProfiles(t testing.TB) []*profiles.Profile {
	t.Helper()
	var out []*profiles.Profile
	err := fs.WalkDir(profiles.BuiltinYAML, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") {
			return err
		}
		data, err := profiles.BuiltinYAML.ReadFile(path)
		if err != nil {
			return err
		}
		p, err := profiles.ParseLazyForTest(data, "builtin:"+path)
		if err != nil {
			return err
		}
		// As the table's generator loads it (gen.Load): with the gates
		// of its signatures (TestTableGatesAreWorkedOut checks them).
		p.WorkOutGates()
		out = append(out, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// TestDetectNeeds checks the literal detection looks for before it compiles
// a pattern: every line of every capture that a built-in signature matches
// holds that signature's literal. Were one wrong, detection would skip a
// pattern that matches.
func TestDetectNeeds(t *testing.T) {
	set := builtin(t)
	checked := 0
	for _, files := range captures(t) {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(data), "\n")
			for i, l := range lines {
				lines[i] = filters.CleanLine(l)
			}
			for _, p := range set.All() {
				for i := range p.Detect.Text {
					re, err := profiles.SignatureForTest(p, i)
					if err != nil {
						t.Fatal(err)
					}
					for _, l := range lines {
						if re.MatchString(l) {
							checked++
							if !profiles.ContainsAnyForTest(l, p.Detect.Needs[i]) {
								t.Errorf("%s pattern %q matches %q (%s), which lacks %q", p.Name, p.Detect.Text[i], l, f, p.Detect.Needs[i])
							}
						}
					}
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d matching lines checked", checked)
	}
}

// Detection needs, of each pattern, literals one of which every match
// holds: the alternatives of the longest part every match needs, joined
// across neighbouring exact parts.
func TestRequiredLiterals(t *testing.T) {
	for pat, want := range map[string][]string{
		`^Tests:\s+\d+`:              {"Tests:"},
		`^(FAIL|PASS) `:              {"FAIL ", "PASS "},
		`^(?:FAIL|ERROR): \w+`:       {"FAIL: ", "ERROR: "},
		`(?i)^error`:                 nil,
		`a|b`:                        {"a", "b"},
		`a|b*`:                       nil,
		`x*`:                         nil,
		`^=+ (\d+ failed|passed) in`: {" failed", "passed"},
		`(ab)+cd?`:                   {"ab"},
		`\.py::`:                     {".py::"},
		`(a|b|c)(d|e|f)(g|h)`:        {"dg", "dh", "eg", "eh", "fg", "fh"}, // 18 with a: too many
		`: [CRW]\d{4}`:               {": C", ": R", ": W"},
		`[`:                          nil,
		`(?:)`:                       nil,
		`a(?:b|)c`:                   {"a"},
	} {
		if got := profiles.RequiredLiteralsForTest(pat); !slices.Equal(got, want) {
			t.Errorf("requiredLiterals(%q) = %q, want %q", pat, got, want)
		}
	}
}
