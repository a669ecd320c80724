package commands

import (
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

// agree checks the property ReadClaim rests on: whatever it reads from a
// document the YAML library accepts, the library reads the same. (From a
// broken document it may read the two keys the library would not: the hook
// then wraps a command for a profile `terse run` will report as broken, and
// run with the built-in ones.)
func agree(t *testing.T, data []byte) (read bool) {
	t.Helper()
	got, err := ReadClaim(data)
	if err != nil {
		return false
	}
	want, yerr := yamlClaim(data)
	if yerr != nil {
		return true
	}
	if len(got.Commands) == 0 && len(want.Commands) == 0 {
		got.Commands, want.Commands = nil, nil
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ReadClaim read %+v, the YAML library %+v:\n%s", got, want, data)
	}
	return true
}

// Every built-in profile and every profile in the end-to-end scripts is
// read, and read right.
func TestReadClaimOnRealProfiles(t *testing.T) {
	files, _ := filepath.Glob("../profiles/*.yaml")
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
	} {
		got := agree(t, []byte(tc.src))
		if got != tc.read {
			_, err := ReadClaim([]byte(tc.src))
			t.Errorf("%q: read %v (%v), want %v", tc.src, got, err, tc.read)
		}
	}
}

func FuzzReadClaim(f *testing.F) {
	files, _ := filepath.Glob("../profiles/*.yaml")
	for _, fn := range files {
		if data, err := os.ReadFile(fn); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{"name: x\ncommands: [a, 'b c']\n", "name: x\ncommands:\n  - a\n", "name: 'a''b'\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if strings.Count(string(data), "\n") > 2000 {
			return
		}
		agree(t, data)
	})
}
