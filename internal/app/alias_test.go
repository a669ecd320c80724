package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestAliasScripts(t *testing.T) {
	cmds := []string{"jest", "go test", "go vet", "pytest", "py.test", "bad name;rm", "cargo test"}
	bash := aliasScript("bash", cmds)
	for _, want := range []string{
		"function jest { terse run -- jest \"$@\"; }\n",
		"function py.test { terse run -- py.test \"$@\"; }\n",
		"function go {\n  case \"$1\" in\n    test|vet) terse run -- go \"$@\" ;;\n    *) command go \"$@\" ;;\n  esac\n}\n",
	} {
		if !strings.Contains(bash, want) {
			t.Errorf("bash script lacks %q:\n%s", want, bash)
		}
	}
	if strings.Contains(bash, "bad") || strings.Contains(bash, ";rm") {
		t.Errorf("an unsafe command name reached the script:\n%s", bash)
	}
	fish := aliasScript("fish", cmds)
	if !strings.Contains(fish, "function cargo --wraps cargo\n    switch \"$argv[1]\"\n        case test\n") {
		t.Errorf("fish script:\n%s", fish)
	}
	// The scripts parse, and the functions wrap what they should.
	dir := t.TempDir()
	for shell, script := range map[string]string{"bash": bash, "zsh": aliasScript("zsh", cmds), "fish": fish} {
		if _, err := exec.LookPath(shell); err != nil {
			continue
		}
		f := filepath.Join(dir, shell)
		if err := os.WriteFile(f, []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(shell, "-n", f).CombinedOutput(); err != nil {
			t.Errorf("%s -n: %v\n%s", shell, err, out)
		}
	}
	if _, err := exec.LookPath("bash"); err == nil {
		// A fake terse records how it was called.
		bin := t.TempDir()
		fake := "#!/bin/sh\necho \"terse $*\"\n"
		if err := os.WriteFile(filepath.Join(bin, "terse"), []byte(fake), 0o755); err != nil {
			t.Fatal(err)
		}
		script := bash + "go test ./x; go version >/dev/null && echo plain-go-ran; jest --ci 'a b'\n"
		cmd := exec.Command("bash", "-c", script)
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		want := "terse run -- go test ./x\n"
		if _, gerr := exec.LookPath("go"); gerr == nil {
			want += "plain-go-ran\n"
		}
		want += "terse run -- jest --ci a b\n"
		if err != nil || string(out) != want {
			t.Errorf("bash functions: %v\n%s\nwant\n%s", err, out, want)
		}
	}
}
