package profiles_test

import (
	"regexp"
	"strings"
	"testing"
)

// The machine truth of a minitest capture is its own Failure:/Error:
// blocks (minitest-reporters, whose JUnit XML would be a report of its own,
// is not in Debian).
func init() {
	truthReaders["minitest-blocks"] = minitestTruth
}

var (
	minitestHead  = regexp.MustCompile(`^ *\d+\) (?:Failure|Error):$`)
	minitestName  = regexp.MustCompile(`^(\S.*?#\S.*?)(?: \[([^\]\s]+?):(\d+)\])?:$`)
	minitestFrame = regexp.MustCompile(`^\s+(\S*(?:_test|/test_\w+)\.rb):(\d+):in `)
	minitestEnd   = regexp.MustCompile(`^(?:\d+ runs, | *\d+\) (?:Failure|Error):$)`)
	// minitestDiff is a diff's header: the message is the first line of
	// what differs under it.
	minitestDiff = regexp.MustCompile(`^(?:--- expected|\+\+\+ actual|@@ .* @@)$`)
)

// minitestTruth reads each block: the test's Class#name, its [file:line]
// (a failure) or its first frame in a test file (an error), and the first
// line at the margin under the name (under a diff's header, the first line
// of the diff).
func minitestTruth(t *testing.T, path string) []truth {
	lines := readLines(t, path)
	var out []truth
	for i := 0; i < len(lines); i++ {
		if !minitestHead.MatchString(lines[i]) || i+1 >= len(lines) {
			continue
		}
		m := minitestName.FindStringSubmatch(lines[i+1])
		if m == nil {
			t.Fatalf("%s:%d: no test name under %q", path, i+2, lines[i])
		}
		w := truth{Name: m[1], File: m[2], Line: atoi(m[3])}
		for i += 2; i < len(lines) && !minitestEnd.MatchString(lines[i]); i++ {
			l := lines[i]
			if w.Message == "" && l != "" && !strings.HasPrefix(l, " ") && !minitestDiff.MatchString(l) {
				w.Message = l
			}
			if f := minitestFrame.FindStringSubmatch(l); f != nil && w.File == "" {
				w.File, w.Line = f[1], atoi(f[2])
			}
		}
		i--
		out = append(out, w)
	}
	return out
}

// minitest is claimed by rake test, through bundle exec too.
func TestMinitestByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"rake test", "bundle exec rake test"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "minitest" {
			t.Errorf("ForArgv(%q) = %v, want minitest", cmd, p)
		}
	}
}
