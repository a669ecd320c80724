package app

import (
	"io"
	"os/exec"
	"strings"
	"testing"
)

// BenchmarkRunInProcess is terse run's own work for `terse run -- true`,
// without the cost of starting the terse process: profiles, the saved run
// (create, finish, prune), starting and waiting for the child, shaping and
// rendering. Compare with BenchmarkExecTrue, the child alone.
//
//	go test ./app -run '^$' -bench 'InProcess|ExecTrue' -benchtime 500x
func BenchmarkRunInProcess(b *testing.B) {
	state := b.TempDir()
	vars := map[string]string{"XDG_STATE_HOME": state, "TERSE_PROFILES": state + "/none"}
	env := Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard,
		Getenv: func(k string) string { return vars[k] }}
	for i := 0; i < b.N; i++ {
		if code := Main([]string{"terse", "run", "--", "true"}, env); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkExecTrue starts and waits for `true`, the baseline of
// BenchmarkRunInProcess.
func BenchmarkExecTrue(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if err := exec.Command("true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadProfiles is the part of it spent loading the built-in
// profiles (YAML, regular expressions, jq programs).
func BenchmarkLoadProfiles(b *testing.B) {
	env := Env{Getenv: func(string) string { return "" }}
	for i := 0; i < b.N; i++ {
		if _, err := loadProfiles(env); err != nil {
			b.Fatal(err)
		}
	}
}
