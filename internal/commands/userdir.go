package commands

import "path/filepath"

// UserDir is the directory of the user's profiles: $TERSE_PROFILES, else
// $XDG_CONFIG_HOME/terse/profiles (~/.config/terse/profiles); "" when
// neither can be told.
func UserDir(getenv func(string) string) string {
	if dir := getenv("TERSE_PROFILES"); dir != "" {
		return dir
	}
	base := getenv("XDG_CONFIG_HOME")
	if base == "" {
		if home := getenv("HOME"); home != "" {
			base = filepath.Join(home, ".config")
		}
	}
	if base == "" {
		return ""
	}
	return filepath.Join(base, "terse", "profiles")
}
