package profiles_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/terse-dev/terse/profiles"
)

// truthSpec is profiles/<tool>/testdata/truth.yaml: where a built-in tool's machine
// truth comes from, and what its profile legitimately lacks.
type truthSpec struct {
	// Read says where a capture's machine report is and how it becomes
	// failures (truthread_test.go): the generic reader, configured by data.
	Read *truthRead `yaml:"read"`
	// Source says, for a reader, what produced the truth.
	Source string `yaml:"source"`
	// Adapt names a function of truthAdapters fitting the truth to a
	// form of the output that cannot print all of it.
	Adapt string `yaml:"adapt"`
	// Exempt maps a checklist item (see checklist) to the reason the
	// profile goes without it.
	Exempt map[string]string `yaml:"exempt"`
}

// toolTruth reads profiles/<tool>/testdata/truth.yaml; ok is false without one.
func toolTruth(tool string) (spec truthSpec, ok bool, err error) {
	path := filepath.Join(tool, "testdata", "truth.yaml")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return spec, false, nil
	}
	if err != nil {
		return spec, false, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&spec); err != nil {
		return spec, false, fmt.Errorf("%s: %w", path, err)
	}
	return spec, true, nil
}

// truthOf returns the reader (and adapter, nil when none) of the tool's
// machine truth; ok is false when the tool names none.
func truthOf(t testing.TB, tool string) (read func(*testing.T, string) []truth, adapt func(*testing.T, string, []truth) []truth, ok bool) {
	t.Helper()
	spec, found, err := toolTruth(tool)
	if err != nil {
		t.Fatal(err)
	}
	if !found || spec.Read == nil {
		return nil, nil, false
	}
	read = spec.Read.readTruth
	if spec.Adapt != "" {
		if adapt, ok = truthAdapters[spec.Adapt]; !ok {
			t.Fatalf("profiles/%s/testdata/truth.yaml: adapt %q is not in truthAdapters", tool, spec.Adapt)
		}
	}
	return read, adapt, true
}

// A checklist item: what a built-in profile needs, and the test of it.
type checkItem struct {
	name string
	// missing says what is lacking, "" when the profile has it.
	missing func(p *profiles.Profile, samples []profiles.Sample, spec truthSpec) string
}

// checklist is what a new built-in tool needs besides its YAML (see
// "Adding a built-in profile" in profiles/README.md).
var checklist = []checkItem{
	{"samples", func(p *profiles.Profile, samples []profiles.Sample, _ truthSpec) string {
		if len(samples) == 0 {
			return "no samples in profiles/" + strings.TrimPrefix(p.Source, "builtin:") + " (samples: name, input, want; terse verify runs them)"
		}
		return ""
	}},
	{"captures", func(p *profiles.Profile, _ []profiles.Sample, _ truthSpec) string {
		// A JSON document profile keeps its real documents in documents/.
		m, _ := filepath.Glob(filepath.Join(p.Name, "testdata", "captures", "*"))
		d, _ := filepath.Glob(filepath.Join(p.Name, "testdata", "documents", "*"))
		if len(realCaptures(append(m, d...))) == 0 {
			return "no real captures in profiles/" + p.Name + "/testdata/captures (or documents/ for JSON documents)"
		}
		return ""
	}},
	{"capture-script", func(p *profiles.Profile, _ []profiles.Sample, _ truthSpec) string {
		if !fileExists(filepath.Join(p.Name, "capture.sh")) {
			return "no profiles/" + p.Name + "/capture.sh to regenerate its captures"
		}
		return ""
	}},
	{"truth", func(p *profiles.Profile, _ []profiles.Sample, spec truthSpec) string {
		if spec.Read != nil {
			return ""
		}
		return "no machine truth: profiles/" + p.Name + "/testdata/truth.yaml names none (read: report, format, jq; see truthread_test.go)"
	}},
	{"command", func(p *profiles.Profile, _ []profiles.Sample, _ truthSpec) string {
		if len(p.Commands) == 0 {
			return "no detection by command (commands:)"
		}
		return ""
	}},
	{"content", func(p *profiles.Profile, _ []profiles.Sample, _ truthSpec) string {
		if len(p.Detect.Text) == 0 && p.Detect.JSON == "" && !shapesDetect(p) {
			return "no detection by content (detect.text, detect.json, or document shapes with when)"
		}
		return ""
	}},
}

// shapesDetect is whether a JSON document profile claims documents by the
// when of its shapes.
func shapesDetect(p *profiles.Profile) bool {
	if p.Document == nil {
		return false
	}
	for _, sh := range p.Document.Shapes {
		if sh.When != "" {
			return true
		}
	}
	return false
}

// realCaptures leaves out the files a capture script writes beside the
// captures (VERSIONS, exit codes).
func realCaptures(files []string) []string {
	var out []string
	for _, f := range files {
		if b := filepath.Base(f); !strings.HasPrefix(b, "VERSIONS") && !strings.HasSuffix(b, ".exit") && !strings.HasPrefix(b, ".") {
			out = append(out, f)
		}
	}
	return out
}

// TestProfileChecklist lists, one line each, what a built-in profile still
// lacks: samples, real captures and the script that makes them, a machine
// truth for the fidelity test, detection by command and by content. A
// profile that legitimately goes without an item says why in the exempt
// map of profiles/<tool>/testdata/truth.yaml; an exemption for an item it has, or
// for no known item, fails too, so the data stays true.
func TestProfileChecklist(t *testing.T) {
	set := builtin(t)
	samples, err := profiles.BuiltinSamples()
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, c := range checklist {
		known[c.name] = true
	}
	for _, p := range set.All() {
		if !p.IsBuiltin() {
			continue
		}
		spec, _, err := toolTruth(p.Name)
		if err != nil {
			t.Errorf("%s: %v", p.Name, err)
			continue
		}
		for _, c := range checklist {
			lack := c.missing(p, samples[p.Name], spec)
			reason, exempt := spec.Exempt[c.name]
			switch {
			case lack != "" && !exempt:
				t.Errorf("%s lacks %s: %s", p.Name, c.name, lack)
			case lack == "" && exempt:
				t.Errorf("%s: profiles/%s/testdata/truth.yaml exempts %s (%s), which it has: drop the exemption", p.Name, p.Name, c.name, reason)
			case exempt && strings.TrimSpace(reason) == "":
				t.Errorf("%s: the exemption from %s in profiles/%s/testdata/truth.yaml gives no reason", p.Name, c.name, p.Name)
			}
		}
		for item := range spec.Exempt {
			if !known[item] {
				t.Errorf("%s: profiles/%s/testdata/truth.yaml exempts %q, not a checklist item (%s)", p.Name, p.Name, item, strings.Join(checklistNames(), ", "))
			}
		}
	}
}

var checklistNames = sync.OnceValue(func() []string {
	var out []string
	for _, c := range checklist {
		out = append(out, c.name)
	}
	sort.Strings(out)
	return out
})
