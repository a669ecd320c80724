package profiles_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// rspec is claimed by its command, through bundle exec too.
func TestRspecByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"rspec", "rspec --format documentation spec/calc_spec.rb", "bundle exec rspec"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "rspec" {
			t.Errorf("ForArgv(%q) = %v, want rspec", cmd, p)
		}
	}
}

// rspec --format json is RSpec's report, not a JSON document of no tool:
// FAIL, each failed example once at its spec's frame with its message, and
// a spec file that did not load.
func TestRspecJSONReport(t *testing.T) {
	for _, name := range []string{"calc", "broken"} {
		t.Run(name, func(t *testing.T) {
			set := builtin(t)
			path := filepath.Join("rspec", "testdata", "captures", name+".json")
			out := shapeFile(t, set, path, "", profiles.Options{Window: report.Window{Limit: 0}})
			if out.Profile == nil || out.Profile.Name != "rspec" {
				t.Fatalf("detected %v, want rspec", out.Profile)
			}
			var b bytes.Buffer
			if err := render.LLM(&b, out.Report, goldenHints); err != nil {
				t.Fatal(err)
			}
			if status, _, _ := strings.Cut(b.String(), "\n"); !strings.HasPrefix(status, "FAIL") {
				t.Errorf("status %q, want FAIL", status)
			}
			checkFidelity(t, b.String(), toolReport(t, "rspec", filepath.Join("rspec", "testdata", "reports", name+".truth")))
		})
	}
}
