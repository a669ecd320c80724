package steps

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

func names(n int, last string) []string {
	var out []string
	for i := 1; i < n; i++ {
		out = append(out, fmt.Sprintf("compile-%d", i))
	}
	return append(out, last)
}

// A test that logs every step as it goes, then fails at the end: the
// reason is its last line.
func TestLogThenFatal(t *testing.T) {
	list := names(40, "bad-colour")
	for i, n := range list[:len(list)-1] {
		t.Logf("step %d: %s ok", i+1, n)
	}
	var out bytes.Buffer
	if err := Run(&out, list); err != nil {
		t.Fatalf("step %d: %v", len(list), err)
	}
}

// A test that fails with the whole output of the command it ran: the
// error is its last line.
func TestCommandOutput(t *testing.T) {
	var out bytes.Buffer
	err := Run(&out, names(200, "bad-timeout"))
	if err != nil {
		t.Fatalf("run failed: %d lines of output:\n%s\nerror: %v", strings.Count(out.String(), "\n"), out.String(), err)
	}
}

// A golden test: the message is a diff, ending with the file to update.
func TestReportGolden(t *testing.T) {
	got := Report(30)
	want, err := os.ReadFile("testdata/report.golden")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		var diff []string
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g == w {
				diff = append(diff, "  "+g)
				continue
			}
			diff = append(diff, "- "+w, "+ "+g)
		}
		t.Errorf("Report(30) differs from testdata/report.golden:\n%s\nrun go test -run TestReportGolden -update to rewrite testdata/report.golden", strings.Join(diff, "\n"))
	}
}

// A test whose code under test prints as it runs (to stdout), then fails.
func TestPrintThenFail(t *testing.T) {
	err := Run(os.Stdout, names(30, "bad-retries"))
	if err == nil {
		t.Fatal("Run succeeded, want an error")
	}
	if !strings.Contains(err.Error(), "retry") {
		t.Errorf("error %q does not name the key %q", err, "retry")
	}
}
