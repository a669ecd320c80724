package profiles

import (
	"strings"
	"testing"
)

func TestForArgvAndAsksJSON(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"jest", "npx jest --ci", "pnpm exec jest", "node node_modules/jest/bin/jest.js"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "jest" {
			t.Errorf("ForArgv(%q) = %v, want jest", cmd, p)
		}
	}
	if p := set.ForArgv([]string{"make", "test"}); p != nil {
		t.Errorf("ForArgv(make test) = %s, want none", p.Name)
	}
	jest, _ := set.Get("jest")
	if !jest.AsksJSON([]string{"--ci", "--json"}) {
		t.Error("jest --json: AsksJSON false")
	}
	if jest.AsksJSON([]string{"--ci", "--jsonfile"}) {
		t.Error("jest --jsonfile: AsksJSON true")
	}
}

func TestSubcommandProfiles(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse([]byte("name: cargotest\ncommands: [cargo test]\njson:\n  flags: ['^-json$']\n  program: '{}'\n"), "test")
	if err != nil {
		t.Fatal(err)
	}
	set.add(p)
	if got := set.ForArgv([]string{"cargo", "test", "-json", "./..."}); got != p {
		t.Errorf("cargo test: %v", got)
	}
	if got := set.ForArgv([]string{"cargo", "build"}); got != nil {
		t.Errorf("cargo build: %v, want none", got)
	}
	gotest, _ := set.Get("gotest")
	if got := set.ForArgv([]string{"go", "test", "./..."}); got != gotest {
		t.Errorf("go test: %v, want the gotest profile", got)
	}
	if got := set.ForArgv([]string{"go", "run", "."}); got != nil {
		t.Errorf("go run: %v, want none", got.Name)
	}
	if !p.AsksJSON([]string{"test", "-json"}) {
		t.Error("go test -json: AsksJSON false")
	}
	if _, err := Parse([]byte("name: bad\njson:\n  flags: ['(']\n"), "test"); err == nil {
		t.Error("invalid json.flags regexp: want an error")
	}
}

// node's test runner is claimed by the TAP profile whatever paths follow.
func TestForArgvNodeTest(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"node --test test/", "node --test-reporter=tap --test test/*.test.js", "node --test-reporter=tap test/a.test.js"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "tap" {
			t.Errorf("ForArgv(%q) = %v, want tap", cmd, p)
		}
	}
}
