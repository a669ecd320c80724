// Package missing imports a package that does not exist.
package missing

import "example.com/buildfail/nothere"

// Value returns a value from the missing package.
func Value() int { return nothere.Value }
