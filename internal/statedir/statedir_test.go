package statedir

import "testing"

func TestDir(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, tc := range []struct {
		getenv   func(string) string
		want     string
		fromHome bool
	}{
		{env("XDG_STATE_HOME", "/s", "HOME", "/h"), "/s/terse", false},
		{env("HOME", "/h"), "/h/.local/state/terse", true},
		{env("XDG_STATE_HOME", "rel", "HOME", "/h"), "/h/.local/state/terse", true},
		{env(), "", false},
	} {
		if got, home := Dir(tc.getenv); got != tc.want || home != tc.fromHome {
			t.Errorf("Dir = %q, %v; want %q, %v", got, home, tc.want, tc.fromHome)
		}
	}
}
