package profiles_test

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// The machine truth of a unittest capture is its own FAIL:/ERROR: blocks.
func init() {
	truthReaders["unittest-blocks"] = unittestTruth
}

var (
	unittestHead  = regexp.MustCompile(`^(?:FAIL|ERROR): (\S+) \(([\w.]+)\)$`)
	unittestFrame = regexp.MustCompile(`^  File "([^"]+)", line (\d+), in `)
	unittestRule  = strings.Repeat("=", 70)
)

// unittestChain is the line between two exceptions of a chain: the one
// raised is the last, the ones above are its context.
var unittestChain = map[string]bool{
	"During handling of the above exception, another exception occurred:":  true,
	"The above exception was the direct cause of the following exception:": true,
}

// unittestName is the test's Class.method where the brackets hold its id
// (Python 3.11 on: module.Class.method), else the method.
func unittestName(method, id string) string {
	parts := strings.Split(id, ".")
	if n := len(parts); n >= 2 && parts[n-1] == method {
		return parts[n-2] + "." + method
	}
	return method
}

// unittestTruth reads each FAIL:/ERROR: block: the test's name, the first
// frame of the traceback of the exception raised (unittest leaves its own
// out: the test's), and that exception's line, the first at the margin
// after the frames. In a chain the exception raised is the last.
func unittestTruth(t *testing.T, path string) []truth {
	lines := readLines(t, path)
	var out []truth
	for i := 0; i < len(lines); i++ {
		m := unittestHead.FindStringSubmatch(lines[i])
		if m == nil || i == 0 || lines[i-1] != unittestRule {
			continue
		}
		w := truth{Name: unittestName(m[1], m[2])}
		frames := false
		for i++; i < len(lines) && lines[i] != unittestRule && !strings.HasPrefix(lines[i], "Ran "); i++ {
			l := lines[i]
			if unittestChain[l] {
				w.File, w.Line, w.Message, frames = "", 0, "", false
				continue
			}
			if f := unittestFrame.FindStringSubmatch(l); f != nil {
				if w.File == "" {
					w.File, w.Line = f[1], atoi(f[2])
				}
				frames = true
				continue
			}
			if frames && w.Message == "" && l != "" && !strings.HasPrefix(l, " ") {
				w.Message = l
			}
		}
		i--
		out = append(out, w)
	}
	return out
}

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
