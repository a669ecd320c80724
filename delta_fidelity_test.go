package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/app"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// runAs runs terse with args in env (as KEY=value pairs) and returns stdout.
func runAs(t *testing.T, env map[string]string, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	var environ []string
	for k, v := range env {
		environ = append(environ, k+"="+v)
	}
	app.Main(append([]string{"terse"}, args...), app.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
		Getenv: func(k string) string { return env[k] }, Environ: func() []string { return environ }, Cwd: env["PWD"]})
	if errOut.Len() > 0 {
		t.Fatalf("terse %q: stderr %q", args, errOut.String())
	}
	return out.String()
}

// nextPage is the command a page names for the next one.
var nextPage = regexp.MustCompile(`(?m)next page: terse (show .*)$`)

// allPages is the text of every page of a run: the page run printed, then
// those its "next page" commands show, in turn.
func allPages(t *testing.T, env map[string]string, first string) string {
	t.Helper()
	text, page := first, first
	for i := 0; i < 100; i++ {
		m := nextPage.FindStringSubmatch(page)
		if m == nil {
			return text
		}
		page = runAs(t, env, strings.Fields(m[1])...)
		text += page
	}
	t.Fatal("more than 100 pages")
	return ""
}

// inFull reports, for each failure of the capture, whether the text shows
// it in full: its block, header and reason.
func inFull(text string, fails []string) map[string]bool {
	got := map[string]bool{}
	for _, f := range fails {
		got[f] = strings.Contains(text, "\n--- "+f+"\n")
	}
	return got
}

// Faithful on red, run after run: the run-to-run delta shortens only what
// its reader read in full. On a real jest run of 56 failures under Claude
// Code (agent reporter, its 10,000-character view, pages of 20), a rerun
// in a new session, or under another output-shaping environment, shows
// every failure in full on its pages; a rerun in the same session shows in
// full every failure the first run did not (the 36 paged out of it), and
// every failure's reason has then been shown to the session's reader once
// at least. On main the reruns listed every failure as "unchanged", a line
// each, and the 36 reasons were shown to no one.
func TestRerunShowsEveryReasonItsReaderHasNotRead(t *testing.T) {
	capture, err := filepath.Abs("profiles/jest/testdata/captures/many.agent.txt")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(capture)
	if err != nil {
		t.Fatal(err)
	}
	set, err := profiles.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	jest, _ := set.Get("jest")
	var fails []string
	for _, f := range shapeAll(t, set, jest, data, report.Window{}) {
		fails = append(fails, loc(f))
	}
	if len(fails) != 56 {
		t.Fatalf("%d failures, want 56", len(fails))
	}
	dir := t.TempDir()
	base := map[string]string{"HOME": dir, "XDG_STATE_HOME": filepath.Join(dir, "state"), "PATH": os.Getenv("PATH"),
		"TERSE_LEDGER": "off", "CLAUDECODE": "1", "AI_AGENT": "claude-code_2_agent", "PWD": dir}
	with := func(kv ...string) map[string]string {
		env := map[string]string{}
		for k, v := range base {
			env[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			env[kv[i]] = kv[i+1]
		}
		return env
	}
	cmd := []string{"run", "--", "sh", "-c", "cat '" + capture + "'; exit 1"}
	a := with("TERSE_SESSION", "a")
	first := runAs(t, a, cmd...)
	read := inFull(first, fails)
	n := 0
	for _, f := range fails {
		if read[f] {
			n++
		}
	}
	if n == 0 || n == 56 {
		t.Fatalf("run 1 shows %d of 56 in full on its page: the test needs some paged out", n)
	}

	// A new session, and the same session under another environment: no
	// reader has read anything; every failure in full on some page.
	for name, env := range map[string]map[string]string{
		"a new session":        with("TERSE_SESSION", "b"),
		"another AI_AGENT":     with("TERSE_SESSION", "a", "AI_AGENT", "1"),
		"no session (a shell)": with("TERSE_SESSION", ""),
	} {
		page := runAs(t, env, cmd...)
		if strings.Contains(page, "unchanged") {
			t.Errorf("%s: a delta against a run this reader did not read:\n%s", name, page)
		}
		shown := inFull(allPages(t, env, page), fails)
		for _, f := range fails {
			if !shown[f] {
				t.Errorf("%s: %s is not shown in full on any page", name, f)
			}
		}
	}

	// The same session: what run 1 left off its page comes in full now.
	again := runAs(t, a, cmd...)
	if !strings.Contains(again, "(since run 1: 36 new, 0 fixed, 20 unchanged)") {
		t.Errorf("rerun in the session: status\n%s", again)
	}
	shown := inFull(allPages(t, a, again), fails)
	for _, f := range fails {
		if !read[f] && !shown[f] {
			t.Errorf("rerun in the session: %s, paged out of run 1, is not shown in full on any page", f)
		}
	}
}
