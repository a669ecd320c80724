package profiles_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// The machine truth of an RSpec capture is the same run with --format json.
func init() {
	truthReaders["rspec-json"] = rspecJSONTruth
}

var (
	// rspecFixture is the directory a capture ran in: the formatters print
	// the backtrace relative to it, the JSON report absolute.
	rspecFixture = regexp.MustCompile(`^/tmp/terse-fixtures/rspec/[^/]+/`)
	rspecSpecAt  = regexp.MustCompile(`^(\S+_spec\.rb):(\d+)(?::in |$)`)
	rspecLoad    = regexp.MustCompile(`(?m)^An error occurred while loading (\S+?)\.$`)
	rspecClass   = regexp.MustCompile(`(?m)^[A-Z]\w*(?:::\w+)*:\n  (.+)$`)
)

// rspecJSONTruth reads RSpec's JSON report: each failed example's full
// description, the first frame of its backtrace in a spec file (where the
// spec stood when it failed; a frame in lib/ above it is the code under
// test), and the first line of its exception's message; and each spec file
// that did not load (a message of the report), with its error's line.
func rspecJSONTruth(t *testing.T, path string) []truth {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Messages []string `json:"messages"`
		Examples []struct {
			FullDescription string `json:"full_description"`
			Status          string `json:"status"`
			Exception       struct {
				Message   string   `json:"message"`
				Backtrace []string `json:"backtrace"`
			} `json:"exception"`
		} `json:"examples"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []truth
	for _, m := range doc.Messages {
		if l := rspecLoad.FindStringSubmatch(m); l != nil {
			w := truth{File: l[1]}
			if c := rspecClass.FindStringSubmatch(m); c != nil {
				w.Message = strings.TrimSpace(c[1])
			}
			out = append(out, w)
		}
	}
	for _, e := range doc.Examples {
		if e.Status != "failed" {
			continue
		}
		w := truth{Name: e.FullDescription}
		for _, l := range strings.Split(strings.TrimSpace(e.Exception.Message), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				// The formatters print "Got 2 failures:" where the
				// message says "... from failure aggregation block:".
				w.Message, _, _ = strings.Cut(l, " from failure aggregation block")
				break
			}
		}
		// An aggregated failure's own backtrace is RSpec's: each failure
		// it holds names its frame in the message.
		for _, f := range append(e.Exception.Backtrace, strings.Split(e.Exception.Message, "\n")...) {
			f = strings.TrimSpace(f)
			if m := rspecSpecAt.FindStringSubmatch(rspecFixture.ReplaceAllString(f, "./")); m != nil {
				w.File, w.Line = m[1], atoi(m[2])
				break
			}
		}
		out = append(out, w)
	}
	if len(out) == 0 && !strings.Contains(path, "pass") {
		t.Fatalf("%s: no failures", path)
	}
	return out
}

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
			checkFidelity(t, b.String(), rspecJSONTruth(t, filepath.Join("rspec", "testdata", "reports", name+".truth")))
		})
	}
}
