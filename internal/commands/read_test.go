package commands

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// yamlClaim is what the YAML library reads of the two keys.
func yamlClaim(data []byte) (Claim, error) {
	var p struct {
		Name     string   `yaml:"name"`
		Commands []string `yaml:"commands"`
	}
	err := yaml.Unmarshal(data, &p)
	return Claim{Profile: p.Name, Commands: p.Commands}, err
}

// agree checks the property ReadClaim rests on, for every pair of outcomes
// of the two readers, and reports whether ReadClaim read the claim:
//
//   - Both read: the same name and commands.
//   - ReadClaim reads, the library finds a YAML document whose name or
//     commands is not a string or a list of strings: never (ReadClaim
//     would claim commands for a value the library reads as another type).
//   - ReadClaim reads, the library finds no YAML document: allowed. Of a
//     broken profile ReadClaim still reads the two keys; the hook then wraps
//     a command for a profile `terse run` reports as broken, and runs with
//     the built-in ones.
//   - ReadClaim refuses the form (ErrUnread): always allowed, whatever the
//     library reads. ReadDir then fails, and the hook passes over all the
//     user's profiles: it claims nothing it cannot vouch for.
//   - ReadClaim finds no name: the library must not read one either, or
//     ReadClaim mistook a form beyond it for a profile without a name.
func agree(t *testing.T, data []byte) (read bool) {
	t.Helper()
	got, err := ReadClaim(data)
	want, yerr := yamlClaim(data)
	var typeErr *yaml.TypeError
	mistyped := errors.As(yerr, &typeErr)
	switch {
	case err != nil && errors.Is(err, ErrUnread):
		return false
	case err != nil:
		if (yerr == nil || mistyped) && want.Profile != "" {
			t.Fatalf("ReadClaim: %v; the YAML library reads %+v:\n%q", err, want, data)
		}
		return false
	case mistyped:
		t.Fatalf("ReadClaim read %+v; the YAML library reads another type (%v):\n%q", got, yerr, data)
	case yerr != nil:
		return true
	}
	if len(got.Commands) == 0 && len(want.Commands) == 0 {
		got.Commands, want.Commands = nil, nil
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ReadClaim read %+v, the YAML library %+v:\n%q", got, want, data)
	}
	return true
}

// Every built-in profile and every profile in the end-to-end scripts is
// read, and read right.
func TestReadClaimOnRealProfiles(t *testing.T) {
	files, _ := filepath.Glob("../../profiles/*/profile.yaml")
	if len(files) < 5 {
		t.Fatalf("only %d profiles found", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !agree(t, data) {
			_, err := ReadClaim(data)
			t.Errorf("%s: not read: %v", f, err)
		}
	}
}

func TestReadClaimForms(t *testing.T) {
	for _, tc := range []struct {
		src  string
		read bool
	}{
		{"name: x\ncommands: [a, b]\n", true},
		{"---\nname: x\ncommands: [a, 'b c', \"d\"]\n", true},
		{"# a profile\nname: x # trailing\ncommands:\n  - a\n  - 'go test'\nother:\n  nested: [1, 2]\n", true},
		{"name: x\ncommands:\n- a\n- b\ntext:\n  parser: jest\n", true},
		{"name: x\ncommands: []\n", true},
		{"name: x\ncommands:\n", true},
		{"name: 'it''s'\n", true},
		{"name: \"q\\\"x\"\n", true},
		{"commands: [a, b,]\nname: x\n", true},
		{"name: x\r\ncommands: [a]\r\n", true},
		{"name: &n x\n", false},
		{"name: x\n  y\n", false},
		{"name: [x]\n", false},
		{"name: yes\n", false},
		{"name: 12\n", false},
		{"name: x\ncommands: [a,\n  b]\n", false},
		{"name: x\ncommands: *c\n", false},
		{"name: x\ncommands:\n  - a\n    - b\n", false},
		{"name: x\nname: y\n", false},
		{"{name: x}\n", false},
		{"name: \"x\\ty\"\n", false},
		{"name: x\n---\nname: y\n", false},
		{"commands: [a]\n", false},
		// YAML's white space is the space and the tab only: other spaces
		// are part of the value.
		{"name: x\u00a0\n", true},
		{"name: \u3000x\ncommands: [\u2003a, b\u00a0]\n", true},
		{"name: x\ncommands:\n  - \u00a0a\n", true},
		{"name: x\n  \u00a0\n", false},
		// An indented document: a name all the same, but beyond this reader.
		{"  name: x\n  commands: [a]\n", false},
		{"---\n name: x\n", false},
		// A lone CR, a line or paragraph separator: line breaks to YAML.
		{"name: x\r  y\n", false},
		{"name: x\u2028  y\n", false},
		{"name: x\ncommands: [a,\u2029 b]\n", false},
	} {
		got := agree(t, []byte(tc.src))
		if got != tc.read {
			_, err := ReadClaim([]byte(tc.src))
			t.Errorf("%q: read %v (%v), want %v", tc.src, got, err, tc.read)
		}
	}
}

func FuzzReadClaim(f *testing.F) {
	files, _ := filepath.Glob("../../profiles/*/profile.yaml")
	for _, fn := range files {
		if data, err := os.ReadFile(fn); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{"name: x\ncommands: [a, 'b c']\n", "name: x\ncommands:\n  - a\n", "name: 'a''b'\n",
		"name: x\u00a0\ncommands: [\u3000a]\n", "name: x\r\n  y\r", "name: x\u2028y\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if strings.Count(string(data), "\n") > 2000 {
			return
		}
		agree(t, data)
	})
}
