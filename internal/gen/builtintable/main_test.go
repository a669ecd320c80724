package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/gen"
)

func TestRunWritesEachFile(t *testing.T) {
	dir := t.TempDir()
	yamlDir := filepath.Join(dir, "profiles")
	if err := os.Mkdir(yamlDir, 0o755); err != nil {
		t.Fatal(err)
	}
	prof := "name: mylint\ndescription: A linter\ncommands: [mylint]\ndetect:\n  text: ['^mylint$']\n"
	if err := os.Mkdir(filepath.Join(yamlDir, "mylint"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(yamlDir, "mylint", "profile.yaml"), []byte(prof), 0o644); err != nil {
		t.Fatal(err)
	}
	readme := filepath.Join(dir, "README.md")
	if err := os.WriteFile(readme, []byte(gen.ReadmeBegin+"\n"+gen.ReadmeEnd+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	table, claims := filepath.Join(dir, "table.go"), filepath.Join(dir, "claims.go")
	if err := run([]string{"-yaml", yamlDir, "-table", table, "-claims", claims, "-readme", readme}, io.Discard); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{table: "var builtinTable", claims: "var Builtin", readme: "| **mylint** | `mylint` | A linter |"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), want) {
			t.Errorf("%s lacks %q:\n%s", filepath.Base(file), want, data)
		}
	}
}

func TestRunRefusesNothingToDo(t *testing.T) {
	if err := run(nil, io.Discard); err == nil {
		t.Error("run with no output named succeeded")
	}
}

// A README without the markers is an error, and is left as it was.
func TestRunKeepsAFileItCannotGenerate(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a", "profile.yaml"), []byte("name: a\ndetect:\n  text: ['^a$']\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	readme := filepath.Join(dir, "README.md")
	if err := os.WriteFile(readme, []byte("no markers\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-yaml", dir, "-readme", readme}, io.Discard); err == nil {
		t.Fatal("run succeeded on a README without markers")
	}
	if data, _ := os.ReadFile(readme); string(data) != "no markers\n" {
		t.Errorf("README changed to %q", data)
	}
}
