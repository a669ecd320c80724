package profiles_test

import (
	"encoding/xml"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func init() {
	truthReaders["ctest-junit"] = ctestTruth
}

// ctestPlace is a C test's own "file:line: what" line.
var ctestPlace = regexp.MustCompile(`^([\w./-]+\.\w+):(\d+): (.+)$`)

// ctestCase is a testcase of ctest --output-junit.
type ctestCase struct {
	Name    string `xml:"name,attr"`
	Status  string `xml:"status,attr"`
	Failure *struct {
		Message string `xml:"message,attr"`
	} `xml:"failure"`
	Skipped *struct {
		Message string `xml:"message,attr"`
	} `xml:"skipped"`
	Out string `xml:"system-out"`
}

// ctestTruth reads a ctest JUnit report: each failing testcase, placed
// where its output's first line says ("file:line: what"), else nowhere
// (the report has no place, and the output says "(unknown file)"); its
// reason is the failure's message, else that first line. A test whose
// executable is missing is <skipped> with status notrun in the XML, but
// ctest's console, tally and exit code count it failed: so does the truth,
// by name alone.
func ctestTruth(t *testing.T, path string) []truth {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []ctestCase `xml:"testcase"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var out []truth
	for _, c := range doc.Cases {
		missing := c.Status == "notrun" && c.Skipped != nil && strings.HasPrefix(c.Skipped.Message, "Unable to find executable")
		if c.Failure == nil && !missing {
			continue
		}
		w := truth{Name: c.Name, File: "(unknown file)"}
		if missing {
			out = append(out, w)
			continue
		}
		first, _, _ := strings.Cut(strings.TrimSpace(c.Out), "\n")
		w.Message = first
		if m := ctestPlace.FindStringSubmatch(first); m != nil {
			w.File, w.Message = m[1], m[3]
			w.Line, _ = strconv.Atoi(m[2])
		}
		if c.Failure.Message != "" {
			w.Message = c.Failure.Message
		}
		out = append(out, w)
	}
	return out
}
