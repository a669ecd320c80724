// Package strutil holds string helpers.
package strutil

import "strings"

// Shout upper-cases s and adds an exclamation mark.
func Shout(s string) string { return strings.ToUpper(s) + "!" }
