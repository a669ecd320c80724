// Package textutil has small string helpers.
package textutil

import "strings"

// Words splits s on spaces.
func Words(s string) []string { return strings.Split(s, " ") }

// Initials returns the first letter of each word, upper-cased.
func Initials(s string) string {
	var b strings.Builder
	for _, w := range Words(s) {
		b.WriteString(strings.ToUpper(w[:1]))
	}
	return b.String()
}

// Truncate cuts s to n runes and adds "…" when it cut.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
