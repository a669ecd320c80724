// Package statedir finds terse's state directory, where the raw logs of runs
// and the savings ledger live.
package statedir

import "path/filepath"

// Dir returns $XDG_STATE_HOME/terse, or $HOME/.local/state/terse when
// XDG_STATE_HOME is unset or relative (the XDG spec says a relative value is
// invalid and must be ignored), and "" when neither is known. fromHome
// reports the second case, for callers that must not create a home directory
// that does not exist.
func Dir(getenv func(string) string) (dir string, fromHome bool) {
	if base := getenv("XDG_STATE_HOME"); filepath.IsAbs(base) {
		return filepath.Join(base, "terse"), false
	}
	home := getenv("HOME")
	if home == "" {
		return "", false
	}
	return filepath.Join(home, ".local", "state", "terse"), true
}
