// Package runner reads the summary a JavaScript test runner prints, as a
// tool that wraps jest would.
package runner

import (
	"bufio"
	"strings"
)

// Summary is what a report says of its suites.
type Summary struct {
	Passed, Failed int
}

// Read counts the PASS and FAIL lines of a jest report.
func Read(report string) Summary {
	var s Summary
	sc := bufio.NewScanner(strings.NewReader(report))
	for sc.Scan() {
		switch f := strings.Fields(sc.Text()); {
		case len(f) >= 2 && f[0] == "PASS":
			s.Passed++
		case len(f) >= 2 && f[0] == "FAIL":
			s.Failed++
		}
	}
	return s
}
