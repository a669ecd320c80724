package app

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/runlog"
)

// The test-panic parser is registered in app_test.go.

type result struct {
	code           int
	stdout, stderr string
}

// runTerse runs terse in-process with an injected environment and terminal
// decision.
func runTerse(t *testing.T, terminal bool, vars map[string]string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	env := Env{
		Stdin:    strings.NewReader(""),
		Stdout:   &out,
		Stderr:   &errb,
		Getenv:   func(k string) string { return vars[k] },
		Terminal: terminal,
		Cwd:      t.TempDir(),
	}
	code := Main(append([]string{"terse"}, args...), env)
	return result{code, out.String(), errb.String()}
}

func stateVars(t *testing.T) (map[string]string, string) {
	state := t.TempDir()
	return map[string]string{"XDG_STATE_HOME": state, "TERSE_PROFILES": filepath.Join(state, "no-profiles")}, filepath.Join(state, "terse", "runs")
}

const colourScript = `printf '\033[31mred\033[0m\n'; echo err >&2; echo NO_COLOR=${NO_COLOR-unset}; exit 3`

// At a terminal, without an agent, terse run is the command, untouched.
func TestRunAtTerminalIsUntouched(t *testing.T) {
	vars, runs := stateVars(t)
	r := runTerse(t, true, vars, "run", "--", "sh", "-c", colourScript)
	if r.code != 3 {
		t.Errorf("exit %d, want 3", r.code)
	}
	if r.stdout != "\x1b[31mred\x1b[0m\nNO_COLOR=unset\n" {
		t.Errorf("stdout %q, want the command's bytes", r.stdout)
	}
	if r.stderr != "err\n" {
		t.Errorf("stderr %q, want the command's stderr, apart", r.stderr)
	}
	if _, err := os.Stat(runs); !os.IsNotExist(err) {
		t.Errorf("a human run was saved (%v)", err)
	}
}

// Not a terminal, or an agent at a terminal, or an explicit flag: shaped.
func TestRunShapedModes(t *testing.T) {
	for _, tc := range []struct {
		name     string
		terminal bool
		vars     map[string]string
		flags    []string
	}{
		{"pipe", false, nil, nil},
		{"agent", true, map[string]string{"CLAUDECODE": "1"}, nil},
		{"LLM_OUTPUT", true, map[string]string{"LLM_OUTPUT": "1"}, nil},
		{"--llm", true, nil, []string{"--llm"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars, runs := stateVars(t)
			for k, v := range tc.vars {
				vars[k] = v
			}
			args := append(append([]string{"run"}, tc.flags...), "--", "sh", "-c", colourScript)
			r := runTerse(t, tc.terminal, vars, args...)
			if r.code != 3 {
				t.Errorf("exit %d, want 3", r.code)
			}
			if r.stdout != "red\nerr\nNO_COLOR=1\nexit code 3\n" {
				t.Errorf("stdout %q", r.stdout)
			}
			if r.stderr != "" {
				t.Errorf("stderr %q, want nothing: the streams are merged", r.stderr)
			}
			if _, err := os.Stat(filepath.Join(runs, "1.log")); err != nil {
				t.Errorf("shaped run not saved: %v", err)
			}
		})
	}
}

// If shaping fails, the raw output goes through unchanged and the
// command's exit code still wins.
func TestRunShapingFailurePassesRawOutput(t *testing.T) {
	vars, _ := stateVars(t)
	dir := vars["TERSE_PROFILES"]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "boom.yaml"), []byte("name: boom\ntext:\n  parser: test-panic\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `i=0; while [ $i -lt 5000 ]; do echo "raw line $i"; i=$((i+1)); done; exit 6`
	r := runTerse(t, false, vars, "run", "-p", "boom", "--", "sh", "-c", script)
	if r.code != 6 {
		t.Errorf("exit %d, want 6", r.code)
	}
	want, err := exec.Command("sh", "-c", script).Output()
	if err == nil || string(want) != r.stdout {
		t.Errorf("stdout is not the raw output (%d bytes, want %d)", len(r.stdout), len(want))
	}
	if !strings.Contains(r.stderr, "internal error (parser bug); passing the output through unchanged") {
		t.Errorf("stderr %q", r.stderr)
	}
	// Without a place to save the run, the spool does the same job.
	vars["XDG_STATE_HOME"], vars["HOME"] = "", ""
	r = runTerse(t, false, vars, "run", "-p", "boom", "--", "sh", "-c", script)
	if r.code != 6 || r.stdout != string(want) {
		t.Errorf("unsaved run: exit %d, %d bytes of output", r.code, len(r.stdout))
	}
}

// A profile chosen from the command that finds nothing it knows in the
// output gives way to the generic cleaner: never silence.
func TestRunCommandProfileFindingNothing(t *testing.T) {
	vars, _ := stateVars(t)
	dir := vars["TERSE_PROFILES"]
	bin := t.TempDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	prof := "name: quiet\ncommands: [quiettool]\ntext:\n  unmatched: drop\n  rules:\n    - {match: '^never$', emit: note}\n"
	if err := os.WriteFile(filepath.Join(dir, "quiet.yaml"), []byte(prof), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "quiettool"), []byte("#!/bin/sh\necho 'Error: config file missing'\nexit 2\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	r := runTerse(t, false, vars, "run", "--", "quiettool")
	if r.code != 2 || r.stdout != "Error: config file missing\nexit code 2\n" {
		t.Errorf("exit %d, stdout %q", r.code, r.stdout)
	}
}

func TestRunHints(t *testing.T) {
	v := viewOpts{mode: Mode{Format: FormatLLM}, limit: 20, offset: 0}
	h := v.hints(runView{id: 7, logPath: "/s/7.log", bytes: 4000})
	if h.Next != "terse show 7 --offset 20" || h.More != "terse show 7 --llm=verbose" || h.Raw != "/s/7.log (~1.1k tokens)" {
		t.Errorf("hints %+v", h)
	}
	v = viewOpts{mode: Mode{Format: FormatJSON, Why: "--llm=json"}, limit: 5, offset: 10, format: []string{"--llm=json"}}
	h = v.hints(runView{id: 7})
	if h.Next != "terse show 7 --llm=json --offset 15 --limit 5" || h.More != "terse show 7 --format json --verbose" {
		t.Errorf("json hints %+v", h)
	}
	// An unsaved run: the command to run again.
	v = viewOpts{mode: Mode{Format: FormatLLM}, limit: 20}
	h = v.hints(runView{rerun: []string{"sh", "-c", "echo it's"}})
	if h.Next != `terse run --offset 20 -- sh -c 'echo it'\''s'` || h.Raw != "" {
		t.Errorf("unsaved hints %+v", h)
	}
}

func TestSubcommandArgs(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"terse run jest --llm", "terse run -- jest --llm"},
		{"terse run --llm -p jest npx jest --json", "terse run --llm=compact -p jest -- npx jest --json"},
		{"terse run --limit 5 -- jest -p x", "terse run --limit 5 -- jest -p x"},
		{"terse run -- --weird", "terse run -- --weird"},
		{"terse show 17 --offset 20", "terse show --offset 20 -- 17"},
		{"terse show --grep x 17 --raw", "terse show --grep x --raw -- 17"},
		{"terse last --llm", "terse last --llm=compact"},
		{"terse --llm", "terse --llm"},
	} {
		got := strings.Join(subcommandArgs(strings.Fields(tc.in)), " ")
		if got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDisabledPipeMode(t *testing.T) {
	var out bytes.Buffer
	in := "\x1b[1mPASS\x1b[0m a.test.js\nTests: 1 passed, 1 total\n"
	code := Main([]string{"terse", "--llm"}, Env{Stdin: strings.NewReader(in), Stdout: &out, Stderr: &out,
		Getenv: func(k string) string {
			if k == "TERSE_DISABLE" {
				return "1"
			}
			return ""
		}})
	if code != 0 || out.String() != in {
		t.Errorf("exit %d, output %q: want the input unchanged", code, out.String())
	}
}

func TestKeepBytes(t *testing.T) {
	for v, want := range map[string]int64{
		"":       runlog.DefaultKeepBytes,
		"0":      0,
		"4096":   4096,
		"20K":    20 << 10,
		"512MiB": 512 << 20,
		"2g":     2 << 30,
		" 3 M ":  3 << 20,
		"lots":   runlog.DefaultKeepBytes,
		"-1":     runlog.DefaultKeepBytes,
		"1.5G":   runlog.DefaultKeepBytes,
		"K":      runlog.DefaultKeepBytes,
	} {
		env := Env{Getenv: func(k string) string {
			if k == "TERSE_KEEP_BYTES" {
				return v
			}
			return ""
		}}
		if got := keepBytes(env); got != want {
			t.Errorf("TERSE_KEEP_BYTES=%q: %d, want %d", v, got, want)
		}
	}
}

// The wrapped command's environment is the injected Env's, not the test
// process's: in shaped mode (with colour turned off) and at a terminal,
// where the command runs untouched.
func TestRunChildEnvironmentIsInjected(t *testing.T) {
	t.Setenv("TERSE_PROBE", "process")
	t.Setenv("TERSE_PROCESS_ONLY", "process")
	script := `echo probe=${TERSE_PROBE-unset} only=${TERSE_PROCESS_ONLY-unset} colour=${NO_COLOR-unset} force=${FORCE_COLOR-unset}`
	for _, tc := range []struct {
		name     string
		terminal bool
		want     string
	}{
		// Shaped, the injected colour settings are overridden: colour off.
		{"shaped", false, "probe=injected only=unset colour=1 force=0\n"},
		{"terminal", true, "probe=injected only=unset colour=unset force=1\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars, _ := stateVars(t)
			vars["TERSE_PROBE"], vars["FORCE_COLOR"] = "injected", "1"
			var out, errb bytes.Buffer
			env := Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
				Getenv: func(k string) string { return vars[k] }, Environ: environOf(vars),
				Terminal: tc.terminal, Cwd: t.TempDir()}
			code := Main([]string{"terse", "run", "--", "sh", "-c", script}, env)
			if code != 0 || out.String() != tc.want {
				t.Errorf("exit %d, stdout %q, want %q (stderr %q)", code, out.String(), tc.want, errb.String())
			}
		})
	}
}

// environOf is the Environ of an injected environment held in vars.
func environOf(vars map[string]string) func() []string {
	return func() []string {
		var kv []string
		for k, v := range vars {
			kv = append(kv, k+"="+v)
		}
		return kv
	}
}
