package junit

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// truthCase is a testcase as encoding/xml's whole-document unmarshal sees
// it: the truth the streaming reader is held to.
type truthCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr"`
	Line      int           `xml:"line,attr"`
	Failure   *truthProblem `xml:"failure"`
	Error     *truthProblem `xml:"error"`
}

type truthProblem struct {
	Message string `xml:"message,attr"`
}

// truthCases finds every testcase at any depth (testsuites, testsuite,
// nested suites, or testcases under the root as node writes them).
func truthCases(t *testing.T, path string) []truthCase {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []truthCase
	d := xml.NewDecoder(strings.NewReader(string(data)))
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "testcase" {
			var c truthCase
			if err := d.DecodeElement(&c, &se); err != nil {
				t.Fatal(err)
			}
			cases = append(cases, c)
		}
	}
	return cases
}

// TestFidelity: every failing testcase of every real report is in the
// report once, with its name, its file and line where the XML has them,
// and the first line of its message where it has one.
func TestFidelity(t *testing.T) {
	for _, path := range reports(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			b := report.NewBuilder("junit", report.Window{})
			if err := Read(f, b, parse.Options{}); err != nil {
				t.Fatal(err)
			}
			r := b.Finish()
			var failing []truthCase
			for _, c := range truthCases(t, path) {
				if c.Failure != nil || c.Error != nil {
					failing = append(failing, c)
				}
			}
			if len(failing) == 0 {
				if r.Status == report.StatusFail {
					t.Fatal("no failing testcase, but the report reads FAIL")
				}
				return
			}
			if r.Status != report.StatusFail || len(r.Failures) != len(failing) {
				t.Fatalf("status %s with %d failures; the XML has %d failing testcases", r.Status, len(r.Failures), len(failing))
			}
			for i, c := range failing {
				checkCase(t, c, r.Failures[i])
			}
		})
	}
}

func checkCase(t *testing.T, c truthCase, f report.Failure) {
	t.Helper()
	if !strings.Contains(f.Name, strings.TrimSpace(c.Name)) {
		t.Errorf("failure %q does not name testcase %q", f.Name, c.Name)
	}
	if c.File != "" && (f.File != c.File && !strings.HasSuffix(f.File, "/"+c.File) || c.Line != 0 && f.Line != c.Line) {
		t.Errorf("%s: at %s:%d, the XML says %s:%d", c.Name, f.File, f.Line, c.File, c.Line)
	}
	p := c.Failure
	if p == nil {
		p = c.Error
	}
	first, _, _ := strings.Cut(strings.TrimSpace(p.Message), "\n")
	if first = strings.TrimSpace(first); first != "" && f.Message != first {
		t.Errorf("%s: message %q, the XML says %q", c.Name, f.Message, first)
	}
	if f.Message == "" {
		t.Errorf("%s: no message", c.Name)
	}
}
