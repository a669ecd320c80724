//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// buildTerse builds the terse binary for benchmarks that run it as a real
// process, the way a harness does.
func buildTerse(b *testing.B) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "terse")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func runEach(b *testing.B, env []string, dir string, args ...string) {
	b.Helper()
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Env, cmd.Dir = env, dir
		if err := cmd.Run(); err != nil {
			if _, ok := err.(*exec.ExitError); !ok {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkRunOverhead compares `true` with `terse run -- true` (shaped:
// stdout is not a terminal; the raw log is saved and pruned) and with the
// TERSE_DISABLE=1 passthrough. The difference is terse's fixed cost per
// wrapped command; the target is under 5 ms.
//
//	go test -run '^$' -bench RunOverhead -benchtime 300x .
func BenchmarkRunOverhead(b *testing.B) {
	terse := buildTerse(b)
	env := append(os.Environ(), "XDG_STATE_HOME="+b.TempDir())
	truePath, err := exec.LookPath("true")
	if err != nil {
		b.Skip("no true")
	}
	b.Run("true", func(b *testing.B) { runEach(b, env, "", truePath) })
	b.Run("terse-run-true", func(b *testing.B) { runEach(b, env, "", terse, "run", "--", "true") })
	b.Run("terse-disabled-true", func(b *testing.B) {
		runEach(b, append(env, "TERSE_DISABLE=1"), "", terse, "run", "--", "true")
	})
}

// BenchmarkRunJest compares a real jest run with the same run through terse
// (skipped without the fixtures of profiles/jest/capture.sh).
//
//	go test -run '^$' -bench RunJest -benchtime 10x .
func BenchmarkRunJest(b *testing.B) {
	dir := "/tmp/terse-fixtures/jest/mixed"
	if _, err := os.Stat(filepath.Join(dir, "node_modules/jest/bin/jest.js")); err != nil {
		b.Skip("no jest fixture: run profiles/jest/capture.sh")
	}
	terse := buildTerse(b)
	env := append(os.Environ(), "XDG_STATE_HOME="+b.TempDir())
	jest := []string{"node", "node_modules/jest/bin/jest.js", "--ci", "--runInBand"}
	b.Run("jest", func(b *testing.B) { runEach(b, env, dir, jest...) })
	b.Run("terse-run-jest", func(b *testing.B) {
		runEach(b, env, dir, append([]string{terse, "run", "--"}, jest...)...)
	})
}
