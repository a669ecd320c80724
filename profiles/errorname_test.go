package profiles

import "testing"

// An error's name opens the line: word bytes and dots, then "Error: ".
// Anything else before it, or nothing before "Error", is no such line.
func TestErrorNamePrefix(t *testing.T) {
	for l, want := range map[string]bool{
		"TypeError: x is undefined":        true,
		"a.b.CustomError: bad":             true,
		"AssertionError: ":                 true,
		"Error: plain":                     false, // no name before it
		"xError:":                          false, // no space after the colon
		"Type Error: x":                    false,
		"see TypeError: x":                 false,
		"FooError x Error: y":              false,
		"TypeErrors: x":                    false,
		"E.Error: q Error: ":               true,
		"  TypeError: indented is checked": false,
	} {
		if got := errorNamePrefix(l); got != want {
			t.Errorf("errorNamePrefix(%q) = %v, want %v", l, got, want)
		}
	}
}
