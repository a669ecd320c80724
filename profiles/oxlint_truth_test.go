package profiles_test

import (
	"strings"
	"testing"
)

// oxlint is claimed by its command, through npx too.
func TestOxlintByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"oxlint", "npx oxlint", "npx oxlint lib", "pnpm exec oxlint --deny-warnings"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "oxlint" {
			t.Errorf("ForArgv(%q) = %v, want oxlint", cmd, p)
		}
	}
}
