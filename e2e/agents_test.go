package e2e

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// What the e2e tests of Codex CLI, Gemini CLI and OpenCode share: the
// client named by an environment variable (scripts/install-agents.sh
// installs the pinned versions and prints them), a scratch home and a Go
// project whose TestAdd fails, and the request log of a scripted model API.

// agentBin is the client under test named by variable, or the test skips.
func agentBin(t *testing.T, variable, name string) string {
	t.Helper()
	skipShort(t)
	bin := os.Getenv(variable)
	if bin == "" {
		t.Skipf("%s not installed: run scripts/install-agents.sh DIR and set %s to the path it prints", name, variable)
	}
	if _, err := os.Stat(bin); err != nil {
		t.Skipf("%s=%s: %v", variable, bin, err)
	}
	return bin
}

// workspace is one client's scratch home and project.
type workspace struct {
	t       *testing.T
	root    string
	home    string
	project string
	state   string
	env     []string
}

// newWorkspace makes a home and a project holding a Go module whose TestAdd
// fails (TestAddZero passes), with terse on PATH.
func newWorkspace(t *testing.T) *workspace {
	t.Helper()
	bins := terseBinaries(t)
	root := t.TempDir()
	w := &workspace{t: t, root: root, home: filepath.Join(root, "home"), project: filepath.Join(root, "proj"), state: filepath.Join(root, "state")}
	for _, d := range []string{w.home, w.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	gocache, _ := exec.Command("go", "env", "GOCACHE").Output()
	gomodcache, _ := exec.Command("go", "env", "GOMODCACHE").Output()
	goroot, _ := exec.Command("go", "env", "GOROOT").Output()
	w.env = []string{
		"HOME=" + w.home,
		"PATH=" + bins + string(os.PathListSeparator) + filepath.Join(strings.TrimSpace(string(goroot)), "bin") + ":/usr/local/bin:/usr/bin:/bin",
		"SHELL=/bin/bash",
		"LANG=C.UTF-8",
		"XDG_CONFIG_HOME=" + filepath.Join(w.home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(w.home, ".local", "share"),
		"XDG_CACHE_HOME=" + filepath.Join(w.home, ".cache"),
		"XDG_STATE_HOME=" + w.state,
		"GOCACHE=" + strings.TrimSpace(string(gocache)),
		"GOMODCACHE=" + strings.TrimSpace(string(gomodcache)),
		"GOFLAGS=-mod=mod",
		"GOTOOLCHAIN=local",
	}
	w.write("go.mod", "module example.com/calc\n\ngo 1.22\n")
	w.write("calc.go", "package calc\n\n// Add is wrong on purpose.\nfunc Add(a, b int) int { return a - b }\n")
	w.write("calc_test.go", "package calc\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif got := Add(2, 3); got != 5 {\n\t\tt.Errorf(\"Add(2, 3) = %d, want 5\", got)\n\t}\n}\n\nfunc TestAddZero(t *testing.T) {\n\tif Add(0, 0) != 0 {\n\t\tt.Fatal(\"zero\")\n\t}\n}\n")
	return w
}

// write writes a file of the project (name relative to it, or absolute).
func (w *workspace) write(name, text string) {
	w.t.Helper()
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(w.project, name)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

// terse runs the built terse in the project with the workspace's
// environment.
func (w *workspace) terse(args ...string) string {
	w.t.Helper()
	cmd := exec.Command(filepath.Join(terseBinaries(w.t), "terse"), args...)
	cmd.Dir, cmd.Env = w.project, w.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		w.t.Fatalf("terse %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// savedRuns counts the runs terse saved.
func (w *workspace) savedRuns() int {
	logs, _ := filepath.Glob(filepath.Join(w.state, "terse", "runs", "*.log"))
	return len(logs)
}

// requestLog keeps the bodies of the requests a mock model API received.
type requestLog struct {
	mu     sync.Mutex
	bodies [][]byte
}

func (l *requestLog) add(b []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.bodies = append(l.bodies, b)
}

// all is a copy of the bodies so far.
func (l *requestLog) all() [][]byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([][]byte(nil), l.bodies...)
}

// runClient runs a client (bin with args) in the project with the
// workspace's environment and extra, for at most limit, and returns what it
// printed and its exit error; the test fails only when it could not run.
func (w *workspace) runClient(limit time.Duration, bin string, extra []string, args ...string) (string, error) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = w.project
	cmd.Env = append(append([]string{}, w.env...), extra...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		w.t.Fatalf("%s: %v\n%s", filepath.Base(bin), err, out.String())
	}
	return out.String(), err
}

// wantShapedFailingRun checks that a tool result is terse's report of the
// workspace's failing go test run (status, TestAdd's place and reason), not
// go test's own output, and that terse saved exactly that run.
func (w *workspace) wantShapedFailingRun(what, got string) {
	w.t.Helper()
	wantAll(w.t, what, got, "FAIL 1 failed test", `calc_test.go:7 "TestAdd"`, "Add(2, 3) = -1, want 5")
	if strings.Contains(got, "TestAddZero") || strings.Contains(got, "--- FAIL: TestAdd (") {
		w.t.Errorf("%s is not terse's report:\n%s", what, got)
	}
	if n := w.savedRuns(); n != 1 {
		w.t.Errorf("%d runs saved, want 1", n)
	}
}

// wantAll checks that text holds every string of want.
func wantAll(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, s := range want {
		if !strings.Contains(text, s) {
			t.Errorf("%s lacks %q; it is:\n%s", what, s, text)
		}
	}
}
