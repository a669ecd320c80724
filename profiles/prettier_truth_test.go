package profiles_test

import (
	"regexp"
	"strings"
	"testing"
)

func init() {
	truthReaders["prettier-list"] = prettierTruth
}

var (
	// prettierSyntax is a file prettier cannot parse, as --list-different
	// and --check both print it.
	prettierSyntax = regexp.MustCompile(`^\[error\] ([^\s:][^:]*): ([\w.]*Error: .*?)(?: \((\d+):(\d+)\))?$`)
	// prettierFrame is a line of the code frame under it.
	prettierFrame = regexp.MustCompile(`^\[error\] (?:>| ) *\d* *\|`)
)

// prettierTruth reads prettier --list-different (stdout and stderr): a
// file that differs a line, a file that does not parse with its place, and
// any other error (a config, a pattern), its lines after the first one
// failure's.
func prettierTruth(t *testing.T, path string) []truth {
	var out []truth
	inError := false
	for _, l := range readLines(t, path) {
		switch m := prettierSyntax.FindStringSubmatch(l); {
		case l == "" || prettierFrame.MatchString(l):
			inError = false
		case m != nil:
			out = append(out, truth{File: m[1], Line: atoi(m[3]), Message: m[2]})
			inError = false
		case strings.HasPrefix(l, "[error] "):
			if !inError {
				out = append(out, truth{File: "(unknown file)", Message: strings.TrimPrefix(l, "[error] ")})
			}
			inError = true
		case strings.HasPrefix(l, "[warn] "):
			t.Fatalf("%s: a [warn] line in --list-different output: %q", path, l)
		default:
			out = append(out, truth{File: l})
			inError = false
		}
	}
	return out
}

// Prettier's check is claimed by its command, through npx too; its
// --write is not (it lists what it wrote).
func TestPrettierByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"prettier --check .", "npx prettier --check .", "npx prettier -c src", "yarn prettier --check ."} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "prettier" {
			t.Errorf("ForArgv(%q) = %v, want prettier", cmd, p)
		}
	}
	if p := set.ForArgv(strings.Fields("npx prettier --write .")); p != nil && p.Name == "prettier" {
		t.Errorf("ForArgv(npx prettier --write .) = prettier, want none")
	}
}
