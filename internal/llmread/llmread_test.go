package llmread

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// On the real captures that have failures of one cause, the grouped text
// read back holds every failure header line the ungrouped text writes.
func TestExpandGroupsGivesBackEveryLine(t *testing.T) {
	set, err := profiles.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../../profiles/*/testdata/captures/*.txt")
	grouped := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := func(group bool) string {
			out, err := set.Shape(bytes.NewReader(data), nil, profiles.Options{Window: report.Window{}})
			if err != nil || out.Report == nil {
				return ""
			}
			defer out.Report.Close()
			var b bytes.Buffer
			if err := render.LLM(&b, out.Report, render.Hints{Group: group}); err != nil {
				t.Fatal(err)
			}
			return b.String()
		}
		plain, compact := text(false), text(true)
		if !strings.Contains(compact, "--- [×") {
			continue
		}
		grouped++
		got, err := ExpandGroups(compact)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, l := range strings.Split(plain, "\n") {
			head, ok := strings.CutPrefix(l, "--- ")
			if !ok || !strings.Contains(head, ` "`) || strings.Contains(compact, l) {
				continue
			}
			if !strings.Contains(got, "\n"+head) {
				t.Errorf("%s: %q is not in the grouped text read back", f, head)
			}
		}
	}
	if grouped == 0 {
		t.Fatal("no capture has a group: nothing was read back")
	}
}

// A run header whose shared start is not a quoted string is refused.
func TestExpandGroupsRefusesAnUnquotedStart(t *testing.T) {
	if _, err := ExpandGroups("--- [×2] E\na.js \"db › :\n  :8 \"x\"\n"); err == nil {
		t.Error("a header with an unquoted start was accepted")
	}
}
