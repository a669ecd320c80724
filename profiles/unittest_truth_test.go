package profiles_test

import (
	"regexp"
	"strings"
	"testing"
)

// The machine truth of a unittest capture is its own FAIL:/ERROR: blocks.
func init() {
	truthReaders["unittest-blocks"] = unittestTruth
}

var (
	unittestHead  = regexp.MustCompile(`^(?:FAIL|ERROR): (\S+) \([\w.]+\)$`)
	unittestFrame = regexp.MustCompile(`^  File "([^"]+)", line (\d+), in `)
	unittestRule  = strings.Repeat("=", 70)
)

// unittestTruth reads each FAIL:/ERROR: block: the test's name, the first
// frame of its traceback (unittest leaves its own out: the test's), and the
// exception's line, the first at the margin after the frames.
func unittestTruth(t *testing.T, path string) []truth {
	lines := readLines(t, path)
	var out []truth
	for i := 0; i < len(lines); i++ {
		m := unittestHead.FindStringSubmatch(lines[i])
		if m == nil || i == 0 || lines[i-1] != unittestRule {
			continue
		}
		w := truth{Name: m[1]}
		frames := false
		for i++; i < len(lines) && lines[i] != unittestRule && !strings.HasPrefix(lines[i], "Ran "); i++ {
			l := lines[i]
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
