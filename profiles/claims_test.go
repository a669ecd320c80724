package profiles

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/commands"
)

// The agent hook asks package commands which profile claims a command line,
// without loading profiles: it must answer as ForArgv does.
func TestClaimantMatchesForArgv(t *testing.T) {
	full, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	light := commands.NewSet(commands.Builtin)
	for _, cmd := range []string{"jest --ci", "npx jest", "go test ./...", "go vet", "python -m pytest",
		"eslint .", "npm test", "git status", "pnpm exec eslint src", "env CI=1 pytest -x", "cleo list",
		"node_modules/.bin/jest", "uv run pytest", "specleft status", "lean-spec list", "terse run -- jest", "npx vitest run", "pnpm vitest", ""} {
		want := ""
		if p := full.ForArgv(strings.Fields(cmd)); p != nil {
			want = p.Name
		}
		if got := light.Claimant(strings.Fields(cmd)); got != want {
			t.Errorf("%q: claimed by %q, ForArgv says %q", cmd, got, want)
		}
	}
}

// A user's profile replaces the built-in of its name for the hook as it does
// for shaping.
func TestClaimantUserProfiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("mylint.yaml", "name: mylint\ncommands: [mylint]\ntext:\n  rules: []\n")
	write("jest.yml", "name: jest\ncommands:\n  - jest\n  - myjest\n")
	write("notes.txt", "not a profile")
	user, err := commands.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	set := commands.NewSet(commands.Builtin, user)
	full, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if errs := full.LoadDir(dir); errs != nil {
		t.Fatal(errs)
	}
	for cmd, want := range map[string]string{"mylint src": "mylint", "npx myjest": "jest", "jest": "jest", "eslint .": "eslint"} {
		if p := full.ForArgv(strings.Fields(cmd)); p == nil || p.Name != want {
			t.Fatalf("%q: ForArgv says %v, want %s", cmd, p, want)
		}
		if got := set.Claimant(strings.Fields(cmd)); got != want {
			t.Errorf("%q: claimed by %q, want %q", cmd, got, want)
		}
	}
	if _, err := commands.ReadDir(filepath.Join(dir, "missing")); err != nil {
		t.Errorf("missing dir: %v", err)
	}
	write("bad.yaml", "commands: [x]\n")
	if _, err := commands.ReadDir(dir); err == nil {
		t.Error("a profile without a name gave no error")
	}
}
