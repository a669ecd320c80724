package profiles_test

import (
	"strings"
	"testing"
)

// Prettier's check is claimed by its command, through npx too; its
// --write is not (it lists what it wrote).
func TestPrettierByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"prettier --check .", "npx prettier --check .", "npx prettier -c src", "yarn prettier --check ."} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "prettier" {
			t.Errorf("ForArgv(%q) = %v, want prettier", cmd, p)
		}
	}
	if p := set.ForArgv(strings.Fields("npx prettier --write .")); p != nil && p.Name == "prettier" {
		t.Errorf("ForArgv(npx prettier --write .) = prettier, want none")
	}
}
