package profiles_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// A capture of oxlint, Biome, Prettier or Playwright whose run exited
// non-zero never reads PASS, shaped by its profile or by detection; and
// one that exited 0 never reads FAIL by its profile.
func TestJSCheckersFailingRunsNeverPass(t *testing.T) {
	set := builtin(t)
	n := 0
	for _, tool := range []string{"oxlint", "biome", "prettier", "playwright"} {
		files, _ := filepath.Glob(filepath.Join(tool, "testdata", "captures", "*.txt"))
		for _, path := range files {
			stem := strings.TrimSuffix(path, ".txt")
			stem = strings.TrimSuffix(strings.TrimSuffix(stem, ".ci"), ".line")
			code, err := os.ReadFile(stem + ".exit")
			if err != nil {
				t.Fatalf("%s: no exit code beside it: %v", path, err)
			}
			failed := strings.TrimSpace(string(code)) != "0"
			for _, forced := range []string{tool, ""} {
				out := shapeFile(t, set, path, forced, profiles.Options{Window: report.Window{Limit: 20}})
				status := out.Report.Status
				if failed && status == report.StatusPass {
					t.Errorf("%s (exit %s, profile %q): reads PASS", path, strings.TrimSpace(string(code)), forced)
				}
				if !failed && forced != "" && status == report.StatusFail {
					t.Errorf("%s (exit 0): reads FAIL", path)
				}
				n++
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d shapings checked", n)
	}
}

// A capture of oxlint, Biome, Prettier or Playwright whose run exited 0
// with nothing to report is one line, PASS and its counts, by its profile
// (prettier --check's clean run was its sentence and an omitted: line).
func TestJSCheckersCleanRunsAreOneLine(t *testing.T) {
	set := builtin(t)
	n := 0
	for _, tool := range []string{"oxlint", "biome", "prettier", "playwright"} {
		files, _ := filepath.Glob(filepath.Join(tool, "testdata", "captures", "pass*.txt"))
		for _, path := range files {
			stem := strings.TrimSuffix(strings.TrimSuffix(path, ".txt"), ".ci")
			if code, err := os.ReadFile(stem + ".exit"); err != nil || strings.TrimSpace(string(code)) != "0" {
				t.Fatalf("%s: not a run that exited 0 (%q, %v)", path, code, err)
			}
			llm := shapeText(t, set, path, tool, 20)
			if !strings.HasPrefix(llm, "PASS") || strings.Count(llm, "\n") > 1 {
				t.Errorf("%s: not one PASS line: %q", path, llm)
			}
			n++
		}
	}
	if n < 4 {
		t.Errorf("only %d clean runs checked", n)
	}
}
