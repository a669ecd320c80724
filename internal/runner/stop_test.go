//go:build linux

package runner

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// readPid reads the first line of the output, a process id.
func readPid(t *testing.T, br *bufio.Reader) int {
	t.Helper()
	line, err := br.ReadString('\n')
	if err != nil {
		t.Fatalf("reading a pid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		t.Fatalf("not a pid: %q", line)
	}
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	return pid
}

// gone waits (up to a minute) until pid no longer runs. The minute only
// bounds a failure: the processes it waits for sleep 300 s unless stopped,
// and a loaded machine may take seconds to reap one.
func gone(pid int) bool {
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			return true
		}
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if s := string(data); err == nil && strings.Contains(s, ") Z ") {
			return true
		}
	}
	return false
}

// Stopping the command stops what it started: a grandchild of `sh -c` that
// holds the output open goes with it, and the output ends.
func TestStopKillsTheGroup(t *testing.T) {
	p := start(t, Config{Args: []string{"sh", "-c", "sleep 300 & echo $!; echo started; wait"}})
	br := bufio.NewReader(p.Output)
	grandchild := readPid(t, br)
	if line, _ := br.ReadString('\n'); line != "started\n" {
		t.Fatalf("got %q", line)
	}
	p.stop(syscall.SIGTERM)
	readAll(t, br)
	st, err := p.Wait()
	if err != nil || st.Signal != syscall.SIGTERM {
		t.Errorf("status %+v, %v; want killed by TERM", st, err)
	}
	if !gone(grandchild) {
		t.Errorf("the grandchild %d still runs", grandchild)
	}
	if sig, at := p.Interrupted(); sig != syscall.SIGTERM || at.IsZero() {
		t.Errorf("Interrupted() = %v, %v; want TERM and a time", sig, at)
	}
}

// A command that ignores the signal is killed once killGrace has passed.
func TestStopEscalates(t *testing.T) {
	p := start(t, Config{Args: []string{"sh", "-c", "trap '' TERM; echo ready; while :; do sleep 0.05; done"}})
	br := bufio.NewReader(p.Output)
	if line, _ := br.ReadString('\n'); line != "ready\n" {
		t.Fatalf("got %q", line)
	}
	p.stop(syscall.SIGTERM)
	readAll(t, br)
	if st, _ := p.Wait(); st.Signal != syscall.SIGKILL {
		t.Errorf("status %+v, want killed by KILL", st)
	}
}

// A command killed by a signal on its own takes what it started with it,
// and the output ends without the wait for a quiet pipe.
func TestKilledCommandStopsItsGroup(t *testing.T) {
	withGrace(t, 2*time.Second, 20*time.Second)
	p := start(t, Config{Args: []string{"sh", "-c", "sleep 300 & echo $!; kill -KILL $$"}})
	br := bufio.NewReader(p.Output)
	grandchild := readPid(t, br)
	readAll(t, br)
	if st, _ := p.Wait(); st.Signal != syscall.SIGKILL {
		t.Errorf("status %+v, want killed by KILL", st)
	}
	if !gone(grandchild) {
		t.Errorf("the grandchild %d still runs", grandchild)
	}
	if p.OutputCut() {
		t.Error("the output was cut: the grandchild held it")
	}
	if sig, _ := p.Interrupted(); sig != 0 {
		t.Errorf("Interrupted() = %v for a command terse did not stop", sig)
	}
}

// When terse's own output loses its reader, the command is stopped as a
// pipeline stops its writer.
func TestWatchStopsOnClosedOutput(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	p := start(t, Config{Args: []string{"sh", "-c", "echo ready; while :; do sleep 0.05; done"}, Watch: w})
	br := bufio.NewReader(p.Output)
	if line, _ := br.ReadString('\n'); line != "ready\n" {
		t.Fatalf("got %q", line)
	}
	r.Close()
	readAll(t, br)
	if st, _ := p.Wait(); st.Signal != syscall.SIGPIPE {
		t.Errorf("status %+v, want killed by PIPE", st)
	}
	if sig, _ := p.Interrupted(); sig != syscall.SIGPIPE {
		t.Errorf("Interrupted() = %v, want PIPE", sig)
	}
}

// An output that is a file has no reader to lose: nothing is stopped.
func TestWatchIgnoresFiles(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := start(t, Config{Args: []string{"sh", "-c", "sleep 0.3; echo done"}, Watch: f})
	if got := readAll(t, p.Output); got != "done\n" {
		t.Errorf("output %q", got)
	}
	if sig, _ := p.Interrupted(); sig != 0 {
		t.Errorf("Interrupted() = %v", sig)
	}
}

// A script whose interpreter does not exist is "not found" (127), as a
// shell says, not "cannot execute" (126).
func TestMissingInterpreter(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "tool.sh")
	if err := os.WriteFile(script, []byte("#!/no/such/interpreter -x\necho never\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Start(Config{Args: []string{script}})
	var se *StartError
	if !errors.As(err, &se) || se.Code != 127 {
		t.Fatalf("Start: %v, want a StartError with code 127", err)
	}
	want := script + ": /no/such/interpreter: bad interpreter: no such file or directory"
	if se.Error() != want {
		t.Errorf("error %q, want %q", se.Error(), want)
	}
}

// A process the command orphans is adopted by terse (a child subreaper),
// not by init, and stays in the command's tree: stopping the command
// stops it too.
func TestOrphanStaysInTheTree(t *testing.T) {
	p := start(t, Config{Args: []string{"sh", "-c", "(sleep 300 & echo $!); while :; do sleep 0.05; done"}})
	br := bufio.NewReader(p.Output)
	orphan := readPid(t, br)
	adopted := false
	for end := time.Now().Add(time.Minute); time.Now().Before(end) && !adopted; time.Sleep(10 * time.Millisecond) {
		pp, ok := parentOf(orphan)
		adopted = ok && pp == os.Getpid()
	}
	if !adopted {
		t.Fatalf("the orphan %d was not adopted by terse", orphan)
	}
	found := false
	for _, pid := range treeOf(p.Pid()) {
		found = found || pid == orphan
	}
	if !found {
		t.Fatalf("treeOf(%d) = %v, without the orphan %d", p.Pid(), treeOf(p.Pid()), orphan)
	}
	p.stop(syscall.SIGTERM)
	readAll(t, br)
	if !gone(orphan) {
		t.Errorf("the orphan %d still runs", orphan)
	}
}
