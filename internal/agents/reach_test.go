package agents

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/commands"
)

// The hook reads the project's scripts and targets: a script or target
// that is not named as a check run is wrapped when what it runs is a tool
// a profile claims, never when it serves or watches; TERSE_WRAP adds and
// removes names.
func TestReachReadsTheProject(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"package.json": `{"scripts": {"verify": "vitest run", "spec": "jest --watch", "docs": "typedoc",
			"test": "react-scripts test", "e2e": "playwright test", "fmt": "prettier -w ."}}`,
		"Makefile": "PY := python3\n.PHONY: unit serve\nunit:\n\t@$(PY) -m pytest -q\nverify: unit\n\tgo vet ./...\n" +
			"serve:\n\tpython3 -m http.server\nall:\n\tcp -r src dist\nbin:\n\tgo build ./...\n",
		"sub/Makefile": "it:\n\tgo test ./...\n",
		"justfile":     "default:\n    just --list\nitest arg='x':\n    go test ./...\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set := commands.NewSet(commands.Builtin)
	for _, tc := range []struct {
		env  string
		cmd  string
		want bool
		why  string
	}{
		{"", "npm run verify", true, "runs `vitest run`, which the vitest profile claims"},
		{"", "pnpm verify", true, "vitest"},
		{"", "yarn verify", true, "vitest"},
		{"", "npm run spec", false, "--watch"},
		{"", "npm run docs", false, "TERSE_WRAP=docs adds it"},
		{"", "npm test", false, "react-scripts test watches unless CI is set"},
		{"", "npm run e2e", true, "by its name"},
		{"", "make unit", true, "by its name"},
		{"", "make verify", true, "go-vet"},
		{"", "make serve", false, "a server or watcher"},
		{"", "make", true, "make target unit"}, // make's default goal: the first target
		{"", "make all", false, "make target all is not a test"},
		{"", "make bin", true, "runs `go build ./...`, which the go-vet profile claims"},
		{"", "make -C sub it", true, "go test"},
		{"", "just itest", true, "go test"},
		{"", "just", false, "just target default"},
		{"TERSE_WRAP=docs,fmt", "npm run docs", true, "added by TERSE_WRAP"},
		{"TERSE_WRAP=+fmt", "npm run fmt", true, "added by TERSE_WRAP"},
		{"TERSE_WRAP=-unit", "make unit", false, "removed by TERSE_WRAP"},
		{"TERSE_WRAP=-e2e", "npm run e2e", false, "removed by TERSE_WRAP"},
		{"TERSE_WRAP=-jest", "npx jest", false, "removed by TERSE_WRAP"},
		{"TERSE_WRAP=serve", "make serve", true, "added by TERSE_WRAP"},
	} {
		getenv := func(k string) string {
			if name, value, _ := strings.Cut(tc.env, "="); k == name {
				return value
			}
			return ""
		}
		r := NewReach(func() *commands.Set { return set }, dir, getenv)
		got, why := r.Decide(strings.Fields(tc.cmd))
		if got != tc.want || !strings.Contains(why, tc.why) {
			t.Errorf("%s %s: %v, %q; want %v, %q", tc.env, tc.cmd, got, why, tc.want, tc.why)
		}
	}
}

func TestStartable(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("script", "#!/bin/sh\necho hi\n")
	write("bare", "echo hi\n")
	if why := Startable("script", "", dir); why != "" {
		t.Errorf("a #! script: %s", why)
	}
	if why := Startable("bare", "", dir); !strings.Contains(why, "no #! line") {
		t.Errorf("a script with no #! line: %q", why)
	}
	if why := Startable("./bare", dir, ""); !strings.Contains(why, "no #! line") {
		t.Errorf("./bare: %q", why)
	}
	if why := Startable("missing", "", dir); why != "" {
		t.Errorf("a program not found: %q (terse says so, 127, as the shell would)", why)
	}
}
