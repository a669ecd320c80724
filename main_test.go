//go:build unix

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/terse-dev/terse/internal/agents"
)

// TestMain makes this test binary double as the commands the scripts run:
// terse itself, the terse-hook binary (cmd/terse-hook), and maxrss, which
// reports the peak memory of a command.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"terse":      main,
		"terse-hook": hookMain,
		"maxrss":     maxrssMain,
	})
}

// hookMain is cmd/terse-hook's main.
func hookMain() { os.Exit(agents.HookMain(os.Args, agents.OSHookEnv())) }

// TestScripts runs the end-to-end cases in testdata/script, the one
// testscript suite: real terse processes reading real captures
// ($PROFILES/<tool>/testdata, $TESTDATA) and running real child processes.
func TestScripts(t *testing.T) {
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	// Each tool's captures are in its profile's folder:
	// $PROFILES/<tool>/testdata.
	profilesDir, err := filepath.Abs("profiles")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup: func(e *testscript.Env) error {
			e.Setenv("XDG_STATE_HOME", filepath.Join(e.WorkDir, "state"))
			// User profiles under $WORK, never the developer's own.
			e.Setenv("XDG_CONFIG_HOME", filepath.Join(e.WorkDir, "config"))
			// No agent variable: a case that wants llm mode says so.
			e.Setenv("LLM_OUTPUT", "")
			// The repository's captures and fixtures, read in place.
			e.Setenv("TESTDATA", testdata)
			e.Setenv("PROFILES", profilesDir)
			e.Setenv("CAPTURES", filepath.Join(profilesDir, "jest", "testdata", "captures"))
			e.Setenv("LANG", "C.UTF-8")
			// Scripts that run a real go test share the build cache of
			// the go running these tests (HOME is /no-home there).
			if dir := goCache(); dir != "" {
				e.Setenv("GOCACHE", dir)
			}
			e.Setenv("GOTOOLCHAIN", "local")
			return nil
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "long":
				// Cases that take minutes (a 1 GB run) run only where
				// TERSE_LONG_TESTS=1 asks for them, as .ci/run does, so
				// that the README's test command stays quick.
				return os.Getenv("TERSE_LONG_TESTS") == "1", nil
			case "race":
				// Under the race detector a process's peak RSS is
				// several times its own: memory limits cannot be read.
				return raceEnabled, nil
			case "jest":
				// A real jest next to the fixture projects (see
				// profiles/jest/capture.sh); CI has none.
				_, err := os.Stat("/tmp/terse-fixtures/jest/mixed/node_modules/jest/bin/jest.js")
				return err == nil, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode": cmdExitcode,
			"waitfile": cmdWaitfile,
			"signal":   cmdSignal,
			"gone":     cmdGone,
			"perm":     cmdPerm,
			"size":     cmdSize,
			"chars":    cmdChars,
		},
	})
}

// goCache is the build cache of the go on PATH, "" without one.
var goCache = sync.OnceValue(func() string {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
})

// exitcode N CMD [ARGS...] runs a command and checks its exact exit code;
// stdout and stderr are kept for the next checks, as with exec.
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: %v", err)
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exitcode: %v", err)
		}
		got = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			ts.Fatalf("%s was killed by signal %v, want exit code %d", args[1], ws.Signal(), want)
		}
	}
	if got != want {
		ts.Fatalf("%s exited %d, want %d", args[1], got, want)
	}
}

// waitfile FILE waits until FILE exists and is not empty. It is waiting
// for a condition: the two minutes after which it gives up only bound a
// case that is broken (20 s, the bound before, may pass while a go test
// still links on a loaded 2-core machine).
func cmdWaitfile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitfile file")
	}
	path := ts.MkAbs(args[0])
	for end := time.Now().Add(2 * time.Minute); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if fi, err := os.Stat(path); err == nil && fi.Size() > 0 {
			return
		}
	}
	ts.Fatalf("%s did not appear", args[0])
}

func readPid(ts *testscript.TestScript, file string) int {
	pid, err := strconv.Atoi(strings.TrimSpace(ts.ReadFile(file)))
	if err != nil {
		ts.Fatalf("%s: %v", file, err)
	}
	return pid
}

// signal SIG PIDFILE sends SIG (TERM, INT, HUP, QUIT, KILL, USR1, USR2, ALRM,
// WINCH) to the process
// whose id is in PIDFILE.
func cmdSignal(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: signal SIG pidfile")
	}
	sigs := map[string]syscall.Signal{"TERM": syscall.SIGTERM, "INT": syscall.SIGINT,
		"HUP": syscall.SIGHUP, "QUIT": syscall.SIGQUIT, "KILL": syscall.SIGKILL,
		"USR1": syscall.SIGUSR1, "USR2": syscall.SIGUSR2, "ALRM": syscall.SIGALRM, "WINCH": syscall.SIGWINCH}
	sig, ok := sigs[args[0]]
	if !ok {
		ts.Fatalf("unknown signal %s", args[0])
	}
	ts.Check(syscall.Kill(readPid(ts, args[1]), sig))
}

// gone PIDFILE checks (within a minute) that the process in PIDFILE no
// longer runs: terse left nothing behind. The minute only bounds a failure
// (the processes the cases wait for sleep 300 s or more unless stopped); 5 s
// may pass on a loaded 2-core machine before a killed process is reaped.
func cmdGone(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: gone pidfile")
	}
	pid := readPid(ts, args[0])
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) || zombie(pid) {
			return
		}
	}
	ts.Fatalf("process %d (%s) still runs", pid, args[0])
}

// zombie reports whether pid has exited and waits to be reaped by a parent
// that is not terse (an orphan's new parent may be slow to reap it).
func zombie(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i > 0 && i+2 < len(s) && s[i+2] == 'Z'
}

// perm PATH MODE checks a file's permission bits (octal).
func cmdPerm(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: perm path mode")
	}
	want, err := strconv.ParseUint(args[1], 8, 32)
	if err != nil {
		ts.Fatalf("perm: %v", err)
	}
	fi, err := os.Stat(ts.MkAbs(args[0]))
	ts.Check(err)
	if got := fi.Mode().Perm(); uint64(got) != want {
		ts.Fatalf("%s has mode %#o, want %#o", args[0], got, want)
	}
}

// size PATH N checks a file's size in bytes.
func cmdSize(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: size path bytes")
	}
	want, err := strconv.ParseInt(args[1], 10, 64)
	if err != nil {
		ts.Fatalf("size: %v", err)
	}
	fi, err := os.Stat(ts.MkAbs(args[0]))
	ts.Check(err)
	if fi.Size() != want {
		ts.Fatalf("%s has %d bytes, want %d", args[0], fi.Size(), want)
	}
}

// chars stdout|stderr MIN MAX checks that the last command's output has
// between MIN and MAX characters (runes), as Claude Code counts them.
func cmdChars(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 || (args[0] != "stdout" && args[0] != "stderr") {
		ts.Fatalf("usage: chars stdout|stderr MIN MAX")
	}
	lo, err1 := strconv.Atoi(args[1])
	hi, err2 := strconv.Atoi(args[2])
	if err1 != nil || err2 != nil {
		ts.Fatalf("chars: MIN and MAX are numbers")
	}
	n := utf8.RuneCountInString(ts.ReadFile(args[0]))
	if n < lo || n > hi {
		ts.Fatalf("%s has %d characters, want %d to %d", args[0], n, lo, hi)
	}
}

// maxrssMain is `maxrss LIMIT_MB CMD [ARGS...]`: it runs the command with
// the same streams, then checks the peak resident memory the kernel
// recorded for it (ru_maxrss of the waited-for process: the largest of the
// command and the descendants it waited for). Over the limit it exits 99; else
// it exits with the command's code.
func maxrssMain() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: maxrss LIMIT_MB command [args...]")
		os.Exit(2)
	}
	limit, err := strconv.Atoi(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "maxrss:", err)
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[2], os.Args[3:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		fmt.Fprintln(os.Stderr, "maxrss:", err)
		os.Exit(2)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		fmt.Fprintln(os.Stderr, "maxrss: no resource usage on this system")
		os.Exit(2)
	}
	mb := ru.Maxrss / 1024 // kilobytes on Linux
	fmt.Fprintf(os.Stderr, "maxrss: %d MB (limit %d MB)\n", mb, limit)
	if mb > int64(limit) {
		os.Exit(99)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}
