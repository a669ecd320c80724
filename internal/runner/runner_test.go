//go:build unix

package runner

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func start(t *testing.T, c Config) *Process {
	t.Helper()
	p, err := Start(c)
	if err != nil {
		t.Fatalf("Start(%q): %v", c.Args, err)
	}
	t.Cleanup(p.Close)
	return p
}

func readAll(t *testing.T, r io.Reader) string {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("reading output: %v", err)
	}
	return string(b)
}

func TestMergedOutputKeepsOrder(t *testing.T) {
	p := start(t, Config{Args: []string{"sh", "-c", "echo 1; echo 2 >&2; echo 3; echo 4 >&2; echo 5"}})
	if got := readAll(t, p.Output); got != "1\n2\n3\n4\n5\n" {
		t.Errorf("output = %q, want the streams interleaved in the order written", got)
	}
	st, err := p.Wait()
	if err != nil || st.Code != 0 || st.Signal != 0 || st.ExitCode() != 0 {
		t.Errorf("status = %+v, %v; want exit 0", st, err)
	}
}

func TestSplitStderr(t *testing.T) {
	p := start(t, Config{Args: []string{"sh", "-c", "echo out; echo err >&2"}, SplitStderr: true})
	errc := make(chan string)
	go func() { b, _ := io.ReadAll(p.Stderr); errc <- string(b) }()
	if got := readAll(t, p.Output); got != "out\n" {
		t.Errorf("stdout = %q", got)
	}
	if got := <-errc; got != "err\n" {
		t.Errorf("stderr = %q", got)
	}
	if _, err := p.Wait(); err != nil {
		t.Fatal(err)
	}
}

func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		script string
		code   int
		signal syscall.Signal
		exit   int
	}{
		{"exit 0", 0, 0, 0},
		{"exit 1", 1, 0, 1},
		{"exit 2", 2, 0, 2},
		{"exit 255", 255, 0, 255},
		{"kill -TERM $$", -1, syscall.SIGTERM, 143},
		{"kill -INT $$", -1, syscall.SIGINT, 130},
		{"kill -KILL $$", -1, syscall.SIGKILL, 137},
	} {
		p := start(t, Config{Args: []string{"sh", "-c", tc.script}})
		readAll(t, p.Output)
		st, err := p.Wait()
		if err != nil {
			t.Fatal(err)
		}
		if st.Code != tc.code || st.Signal != tc.signal || st.ExitCode() != tc.exit {
			t.Errorf("%s: status %+v (exit %d), want code %d signal %v exit %d",
				tc.script, st, st.ExitCode(), tc.code, tc.signal, tc.exit)
		}
	}
}

func TestStatusString(t *testing.T) {
	if got := (Status{Code: -1, Signal: syscall.SIGTERM}).String(); got != "killed by signal TERM (exit 143)" {
		t.Errorf("got %q", got)
	}
	if got := (Status{Code: 3}).String(); got != "exit 3" {
		t.Errorf("got %q", got)
	}
}

func TestStartErrors(t *testing.T) {
	_, err := Start(Config{Args: []string{"no-such-command-for-terse-tests"}})
	var se *StartError
	if !errors.As(err, &se) || se.Code != 127 || se.Error() != "no-such-command-for-terse-tests: command not found" {
		t.Errorf("missing command: %v (%#v), want a StartError with code 127", err, se)
	}
	_, err = Start(Config{Args: []string{"/etc/passwd"}})
	if !errors.As(err, &se) || se.Code != 126 || !strings.Contains(se.Error(), "permission denied") {
		t.Errorf("non-executable file: %v, want a StartError with code 126", err)
	}
	if _, err := Start(Config{}); err == nil {
		t.Error("no command: want an error")
	}
}

func TestStdinPassedThrough(t *testing.T) {
	p := start(t, Config{Args: []string{"cat"}, Stdin: strings.NewReader("line 1\nline 2\n")})
	if got := readAll(t, p.Output); got != "line 1\nline 2\n" {
		t.Errorf("output = %q", got)
	}
	if _, err := p.Wait(); err != nil {
		t.Fatal(err)
	}
}

func TestPassthroughWriters(t *testing.T) {
	var out, errb strings.Builder
	p := start(t, Config{Args: []string{"sh", "-c", "echo out; echo err >&2; exit 4"}, Stdout: &out, Stderr: &errb})
	if p.Output != nil {
		t.Error("passthrough: Output should be nil")
	}
	st, err := p.Wait()
	if err != nil || st.ExitCode() != 4 {
		t.Errorf("status %+v, %v; want exit 4", st, err)
	}
	if out.String() != "out\n" || errb.String() != "err\n" {
		t.Errorf("stdout %q, stderr %q", out.String(), errb.String())
	}
}

func withGrace(t *testing.T, idle, hard time.Duration) {
	oldIdle, oldHard := idleGrace, hardGrace
	idleGrace, hardGrace = idle, hard
	t.Cleanup(func() { idleGrace, hardGrace = oldIdle, oldHard })
}

// A background process that keeps the pipe open, silent, must not keep
// terse waiting once the command exited.
func TestBackgroundProcessHoldingThePipe(t *testing.T) {
	withGrace(t, 100*time.Millisecond, 2*time.Second)
	p := start(t, Config{Args: []string{"sh", "-c", "sleep 300 & echo $!; echo done"}})
	br := bufio.NewReader(p.Output)
	pidLine, err := br.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	if pid, err := strconv.Atoi(strings.TrimSpace(pidLine)); err == nil {
		t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	}
	began := time.Now()
	rest := readAll(t, br)
	if rest != "done\n" {
		t.Errorf("rest of output = %q", rest)
	}
	// The hard grace is 2 s and the sleep holds the pipe 300 s: a minute
	// tells the two apart on a machine too loaded to read in 5 s.
	if d := time.Since(began); d > time.Minute {
		t.Errorf("reading took %v: the background sleep held terse", d)
	}
	if !p.OutputCut() {
		t.Error("OutputCut() = false, want true")
	}
	if st, _ := p.Wait(); st.ExitCode() != 0 {
		t.Errorf("status %+v", st)
	}
}

// Output a background process writes after the command exited is read as
// long as it keeps coming, and the end of the pipe is a normal end.
func TestBackgroundProcessStillWriting(t *testing.T) {
	// The idle grace is far above the 50 ms between writes, so that a loaded
	// machine (a fork of sleep can take longer than 400 ms on 2 busy cores)
	// never reads as an idle pipe; the pipe closes when the writer ends, so
	// the test takes no longer for it.
	withGrace(t, 3*time.Second, 30*time.Second)
	p := start(t, Config{Args: []string{"sh", "-c", "(for i in 1 2 3 4 5; do sleep 0.05; echo late $i; done) & echo early"}})
	got := readAll(t, p.Output)
	if got != "early\nlate 1\nlate 2\nlate 3\nlate 4\nlate 5\n" {
		t.Errorf("output = %q", got)
	}
	if p.OutputCut() {
		t.Error("OutputCut() = true for a pipe that was closed")
	}
}

func TestForwarder(t *testing.T) {
	type sent struct {
		pid int
		sig syscall.Signal
	}
	run := func(terminal bool, sigs ...syscall.Signal) []sent {
		var got []sent
		f := &forwarder{pid: 42, terminal: terminal, kill: func(pid int, sig syscall.Signal) error {
			got = append(got, sent{pid, sig})
			return nil
		}}
		for _, s := range sigs {
			f.handle(s)
		}
		return got
	}
	check := func(what string, got, want []sent) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: sent %v, want %v", what, got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: sent %v, want %v", what, got, want)
			}
		}
	}
	// No terminal (an agent harness): every signal is forwarded; those that
	// stop a command go to its whole group, the others to the child alone.
	got := run(false, syscall.SIGINT, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT,
		syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGALRM, syscall.SIGWINCH)
	check("no terminal", got, []sent{{-42, syscall.SIGINT}, {-42, syscall.SIGTERM}, {-42, syscall.SIGINT},
		{-42, syscall.SIGHUP}, {-42, syscall.SIGQUIT}, {42, syscall.SIGUSR1}, {42, syscall.SIGUSR2},
		{42, syscall.SIGALRM}, {42, syscall.SIGWINCH}})
	// In a terminal's foreground the child shares terse's group, and the
	// first Ctrl-C reached it from the terminal already; a second one, and
	// TERM, are forwarded to it. WINCH came from the terminal too.
	got = run(true, syscall.SIGINT, syscall.SIGTERM, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGQUIT,
		syscall.SIGWINCH, syscall.SIGUSR1)
	check("terminal", got, []sent{{42, syscall.SIGTERM}, {42, syscall.SIGINT}, {42, syscall.SIGQUIT}, {42, syscall.SIGUSR1}})
}

func TestSignalName(t *testing.T) {
	if SignalName(syscall.SIGTERM) != "TERM" || SignalName(syscall.SIGKILL) != "KILL" || SignalName(syscall.Signal(60)) != "60" {
		t.Error("signal names")
	}
}

// A Path given by the caller (who looked the command up already) is run as
// it is: Args[0] is not looked up again, and is the child's $0.
func TestStartGivenPath(t *testing.T) {
	sh, err := LookPath("sh")
	if err != nil {
		t.Skip(err)
	}
	p := start(t, Config{Args: []string{"no-such-program-in-path", "-c", `echo "$0"`}, Path: sh})
	if got := readAll(t, p.Output); got != "no-such-program-in-path\n" {
		t.Errorf("output = %q, want the given Args[0] as $0", got)
	}
	if st, err := p.Wait(); err != nil || st.Code != 0 {
		t.Errorf("status = %+v, %v; want exit 0", st, err)
	}
}

// Outside a terminal, on a system where the child shares terse's group,
// the signals that stop a command go to every process of its tree, one by
// one; the others to the child alone.
func TestForwarderTree(t *testing.T) {
	var got []int
	f := &forwarder{pid: 42, tree: func(pid int) []int { return []int{pid, 43, 44} },
		kill: func(pid int, sig syscall.Signal) error {
			got = append(got, pid)
			return nil
		}}
	f.handle(syscall.SIGTERM)
	f.handle(syscall.SIGUSR1)
	if want := []int{42, 43, 44, 42}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sent to %v, want %v", got, want)
	}
}
