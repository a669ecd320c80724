package profiles

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// CommandSet must answer ForArgv exactly as the full profiles do.
func TestCommandSetMatchesBuiltin(t *testing.T) {
	full, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	light, err := CommandSet("")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(full.Names(), light.Names()) {
		t.Fatalf("names %v, want %v", light.Names(), full.Names())
	}
	for _, p := range full.All() {
		q, _ := light.Get(p.Name)
		if !reflect.DeepEqual(p.Commands, q.Commands) {
			t.Errorf("%s: commands %v, want %v", p.Name, q.Commands, p.Commands)
		}
	}
	for _, cmd := range []string{"jest --ci", "npx jest", "go test ./...", "go vet", "python -m pytest", "eslint .", "npm test", "git status"} {
		a, b := full.ForArgv(strings.Fields(cmd)), light.ForArgv(strings.Fields(cmd))
		if (a == nil) != (b == nil) || (a != nil && a.Name != b.Name) {
			t.Errorf("%q: %v vs %v", cmd, a, b)
		}
	}
}

func TestCommandSetUserProfiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("mylint.yaml", "name: mylint\ncommands: [mylint]\ntext:\n  rules: []\n")
	write("jest.yml", "name: jest\ncommands: [jest, myjest]\n")
	write("notes.txt", "not a profile")
	set, err := CommandSet(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p := set.ForArgv([]string{"mylint", "src"}); p == nil || p.Name != "mylint" {
		t.Errorf("user profile not seen: %v", p)
	}
	if p := set.ForArgv([]string{"npx", "myjest"}); p == nil || p.Name != "jest" {
		t.Errorf("user profile does not replace the built-in: %v", p)
	}
	if _, err := CommandSet(filepath.Join(dir, "missing")); err != nil {
		t.Errorf("missing dir: %v", err)
	}
	write("bad.yaml", "name: [")
	if _, err := CommandSet(dir); err == nil {
		t.Error("a broken profile gave no error")
	}
	write("bad.yaml", "commands: [x]\n")
	if _, err := CommandSet(dir); err == nil {
		t.Error("a profile without a name gave no error")
	}
}
