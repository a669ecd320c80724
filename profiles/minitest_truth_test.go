package profiles_test

import (
	"strings"
	"testing"
)

// minitest is claimed by rake test, through bundle exec too.
func TestMinitestByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"rake test", "bundle exec rake test"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "minitest" {
			t.Errorf("ForArgv(%q) = %v, want minitest", cmd, p)
		}
	}
}
