package profiles_test

import (
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
)

// The machine truth of a TAP capture is its own TAP: each not ok line (a
// TODO or SKIP one aside) and its YAML block.
func init() {
	truthReaders["tap-stream"] = tapTruth
}

var (
	tapNotOk    = regexp.MustCompile(`^(\s*)not ok \d+(?: -)? (.*)$`)
	tapLocation = regexp.MustCompile(`^\s*location: '(.+):(\d+):\d+'$`)
	tapAt       = regexp.MustCompile(`^\s*at: .*?\(?(/[^():\s]+):(\d+):\d+\)?$`)
	tapField    = regexp.MustCompile(`^\s*(error|message|stack): (.*)$`)
	// tapFrame is a frame of an error's stack in a project's file (mocha
	// prints no location: the first such frame is where the test failed).
	tapFrame = regexp.MustCompile(`^\s+at (?:.*\()?([^():\s]+\.[cm]?[jt]sx?):(\d+):\d+\)?$`)
	// subtestsFailed is node's error of a test that failed by its subtests.
	subtestsFailed = regexp.MustCompile(`^\d+ subtests? failed$`)
)

// tapTruth reads every failing test point of a TAP stream: its name as the
// not ok line prints it, where its YAML block says it is (node's location:,
// tape's at:) and its message (node's error:, whose first line a multi-line
// error has under it; tape's stack, whose first line is the error).
func tapTruth(t *testing.T, path string) []truth {
	lines := readLines(t, path)
	var out []truth
	for i := 0; i < len(lines); i++ {
		m := tapNotOk.FindStringSubmatch(lines[i])
		if m == nil || regexp.MustCompile(`(?i) # (todo|skip)\b`).MatchString(m[2]) {
			continue
		}
		w := truth{Name: m[2]}
		if i+1 < len(lines) && strings.TrimSpace(lines[i+1]) == "---" {
			i = tapBlock(lines, i+2, m[1], &w)
		} else {
			i = tapIndented(lines, i+1, m[1], &w)
		}
		out = append(out, w)
	}
	return out
}

// tapBlock reads the YAML block from line i to its "..." (indented as the
// not ok line, plus two) into w, and returns the index of that line.
func tapBlock(lines []string, i int, indent string, w *truth) int {
	end := indent + "  ..."
	for ; i < len(lines) && lines[i] != end; i++ {
		l := lines[i]
		if m := tapLocation.FindStringSubmatch(l); m != nil && w.File == "" {
			w.File, w.Line = m[1], atoi(m[2])
		}
		if m := tapAt.FindStringSubmatch(l); m != nil && w.File == "" {
			w.File, w.Line = m[1], atoi(m[2])
		}
		tapStackFrame(l, w)
		m := tapField.FindStringSubmatch(l)
		if m == nil || w.Message != "" || (m[1] == "stack" && !strings.HasPrefix(m[2], "|")) {
			continue
		}
		switch v := m[2]; {
		case strings.HasPrefix(v, "|") || strings.HasPrefix(v, ">"):
			if i+1 < len(lines) {
				w.Message = strings.TrimSpace(lines[i+1])
			}
		case len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'':
			w.Message = strings.ReplaceAll(v[1:len(v)-1], "''", "'")
		case len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"':
			w.Message = v[1 : len(v)-1]
		default:
			w.Message = v
		}
	}
	return i
}

// tapIndented reads the error TAP 12 prints indented under a not ok
// (mocha's), from line i to the last line indented more than the not ok:
// its first line is the message, its stack's first frame in the project the
// location. It returns the index of that last line.
func tapIndented(lines []string, i int, indent string, w *truth) int {
	for ; i < len(lines) && strings.HasPrefix(lines[i], indent+" "); i++ {
		if w.Message == "" {
			w.Message = strings.TrimSpace(lines[i])
		}
		tapStackFrame(lines[i], w)
	}
	return i - 1
}

// tapStackFrame sets w's location from a stack frame in the project's
// files, when nothing set it yet.
func tapStackFrame(l string, w *truth) {
	if m := tapFrame.FindStringSubmatch(l); m != nil && w.File == "" && !strings.Contains(l, "/node_modules/") {
		w.File, w.Line = m[1], atoi(m[2])
	}
}

// The TAP truth of node's runs names the same failing tests as node's own
// JUnit reporter on the same suite (reports/<case>.junit.xml), but for a
// parent whose only failure is its subtests' ("1 subtest failed"): TAP has
// it not ok (and counts it), JUnit marks only the subtest.
func TestTAPTruthMatchesJUnit(t *testing.T) {
	for _, name := range []string{"node-fail", "node-nested", "node-long"} {
		capture := "tap/testdata/captures/" + name + ".txt"
		junit := nodeJUnitTruth(t, capture)
		var tap []string
		for _, w := range tapTruth(t, "tap/testdata/reports/"+name+".truth") {
			if !subtestsFailed.MatchString(w.Message) {
				tap = append(tap, w.Name)
			}
		}
		sort.Strings(junit)
		sort.Strings(tap)
		if !reflect.DeepEqual(tap, junit) {
			t.Errorf("%s: TAP's not ok lines %q, JUnit's failures %q", name, tap, junit)
		}
	}
}

// The TAP runners are claimed by their command.
func TestTAPByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"node --test", "node --test --test-reporter=tap", "tape test/*.js", "npx tape 'test/*.js'"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "tap" {
			t.Errorf("ForArgv(%q) = %v, want tap", cmd, p)
		}
	}
}

// A block rule is checked when the profile loads: it needs its failure
// rule's until, and emits only what a block line can be.
func TestBlockRulesChecked(t *testing.T) {
	for yaml, want := range map[string]string{
		"name: x\ntext:\n  rules:\n    - match: '^not ok'\n      emit: failure\n      block:\n        - match: a\n          emit: field\n":                              "block needs until",
		"name: x\ntext:\n  rules:\n    - match: '^not ok'\n      emit: failure\n      until: '^\\.\\.\\.$'\n      block:\n        - match: a\n          emit: counts\n": `emit "counts" is not one of field`,
		"name: x\ntext:\n  rules:\n    - match: '^not ok'\n      emit: failure\n      until: '^\\.\\.\\.$'\n      block:\n        - match: '('\n          emit: drop\n": "block rule",
	} {
		p, err := profiles.Parse([]byte(yaml), "x.yaml")
		if err == nil {
			_, err = builtin(t).Shape(strings.NewReader("not ok 1 a\n"), p, profiles.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q", yaml, err, want)
		}
	}
}
