// Package envflag reads the environment variables that turn a setting on
// (TERSE_DISABLE, a tool's compact-mode variable): one rule for all of them.
// It links nothing but the standard library, so the small hook binary can
// use it too.
package envflag

import "strings"

// On reports whether an environment variable's value turns its setting on:
// anything but unset, empty, 0, false, no or off (in any case).
func On(value string) bool {
	switch strings.ToLower(strings.TrimSpace(value)) {
	case "", "0", "false", "no", "off":
		return false
	}
	return true
}

// Disabled reports whether TERSE_DISABLE asks terse to step aside.
func Disabled(getenv func(string) string) bool { return On(getenv("TERSE_DISABLE")) }
