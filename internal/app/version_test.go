package app

import (
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// --version and `terse version` print one line naming the build: the
// version, then the commit where the build had one, the Go toolchain and the
// platform.
func TestVersion(t *testing.T) {
	want := regexp.MustCompile(`^terse version \S+ \((commit [0-9a-f]{1,12}(, modified)?; )?` +
		regexp.QuoteMeta(runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH) + `\)\n$`)
	for _, args := range [][]string{{"--version"}, {"version"}} {
		vars, _ := stateVars(t)
		r := runTerse(t, false, vars, args...)
		if r.code != 0 || r.stderr != "" || !want.MatchString(r.stdout) {
			t.Errorf("terse %s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), r.code, r.stdout, r.stderr)
		}
	}
}

// -v stays --verbose: urfave/cli's version flag would take it, and terse
// has had it as --verbose from the start.
func TestVersionLeavesVForVerbose(t *testing.T) {
	vars, _ := stateVars(t)
	r := runTerse(t, false, vars, "-v")
	if r.code != 0 || strings.Contains(r.stdout, "version") {
		t.Errorf("terse -v: exit %d, stdout %q, stderr %q; want shaping, not the version", r.code, r.stdout, r.stderr)
	}
}

func TestVersionTakesNoArguments(t *testing.T) {
	vars, _ := stateVars(t)
	r := runTerse(t, false, vars, "version", "extra")
	if r.code != 2 || r.stdout != "" || r.stderr != "terse: unexpected argument \"extra\": terse version takes none\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
