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

// unittest is claimed by its command.
func TestUnittestByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"python3 -m unittest -v", "python -m unittest discover -s tests", "/usr/bin/python3 -m unittest test_textwrap"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "unittest" {
			t.Errorf("ForArgv(%q) = %v, want unittest", cmd, p)
		}
	}
}

// A chained exception's block names the exceptions before the one raised
// (issue 54): each one's line, as unittest printed it, is in the block of
// the test that raised the last.
func TestUnittestChainKeepsContext(t *testing.T) {
	set := builtin(t)
	path := filepath.Join("unittest", "testdata", "captures", "stock.txt")
	out := shapeFile(t, set, path, "unittest", profiles.Options{Window: report.Window{Limit: 0}})
	var b bytes.Buffer
	if err := render.LLM(&b, out.Report, goldenHints); err != nil {
		t.Fatal(err)
	}
	for head, earlier := range map[string]string{
		`test_counts.py:14 "CountTests.test_missing"`:   "KeyError: 'nope'",
		`test_counts.py:31 "ReserveTests.test_missing"`: "KeyError: 'nope'",
		`test_prices.py:30 "PriceTests.test_load_bad"`:  "json.decoder.JSONDecodeError: Expecting property name",
		`test_prices.py:21 "PriceTests.test_text"`:      "TypeError: 'NoneType' object is not subscriptable",
	} {
		blk := blockHeaded(b.String(), head)
		if !strings.Contains(blk, earlier) {
			t.Errorf("block %s does not name the exception before the one raised, %q:\n%s", head, earlier, blk)
		}
	}
}

// blockHeaded is the block of llm whose header line ends with head.
func blockHeaded(llm, head string) string {
	for _, blk := range strings.Split(llm, "\n--- ")[1:] {
		if first, _, _ := strings.Cut(blk, "\n"); strings.HasSuffix(first, head) {
			return blk
		}
	}
	return ""
}
