package envflag

import "testing"

func TestOn(t *testing.T) {
	for v, want := range map[string]bool{
		"": false, "0": false, "false": false, "No": false, " OFF ": false,
		"1": true, "yes": true, "true": true, "compact": true,
	} {
		if got := On(v); got != want {
			t.Errorf("On(%q) = %v, want %v", v, got, want)
		}
	}
	if !Disabled(func(k string) string { return map[string]string{"TERSE_DISABLE": "1"}[k] }) {
		t.Error("TERSE_DISABLE=1 does not disable")
	}
}
