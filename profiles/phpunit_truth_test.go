package profiles_test

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

func init() {
	truthReaders["phpunit-junit"] = phpunitTruth
}

var (
	// phpunitFrame is a frame line of a failure's text, "/abs/FooTest.php:42".
	phpunitFrame = regexp.MustCompile(`^(/\S+\.php):(\d+)$`)
	// phpLint is php -l's line for a file that does not parse.
	phpLint = regexp.MustCompile(`^PHP Parse error:  (.+) in (\S+) on line (\d+)$`)
)

// phpunitRisky is the error type the report gives a risky test (one that
// asserted nothing): PHPUnit's tally, console and exit code count it
// risky, not an error, so the truth does too.
const phpunitRisky = `PHPUnit\Framework\RiskyTestError`

// phpunitFixture is where profiles/phpunit/capture.sh runs a project.
const phpunitFixture = "/tmp/terse-fixtures/phpunit/"

// phpunitCase is a testcase of phpunit --log-junit.
type phpunitCase struct {
	Name    string `xml:"name,attr"`
	File    string `xml:"file,attr"`
	Failure *struct {
		Text string `xml:",chardata"`
	} `xml:"failure"`
	Error *struct {
		Type string `xml:"type,attr"`
		Text string `xml:",chardata"`
	} `xml:"error"`
}

// phpunitSuite is a testsuite, nested as PHPUnit nests them (a data
// provider's cases in a suite of their own).
type phpunitSuite struct {
	Suites []phpunitSuite `xml:"testsuite"`
	Cases  []phpunitCase  `xml:"testcase"`
}

// phpunitTruth reads a PHPUnit JUnit report: each failing or erring
// testcase, its text's first line the name as the default output prints it
// (with a data set's arguments), its second the message, the frame in the
// testcase's own file its place (else the first frame). A --testdox capture
// (its case's name says so) names each test by PHPUnit's sentence of the
// method's name. A risky test is not a failure. A run whose test file did not parse writes no report: its
// truth is php -l's line for the file.
func phpunitTruth(t *testing.T, path string) []truth {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".truth") {
		return phpLintTruth(t, path, string(data))
	}
	var doc struct {
		Suites []phpunitSuite `xml:"testsuite"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	testdox := strings.Contains(filepath.Base(path), "testdox")
	var out []truth
	var walk func(s phpunitSuite)
	walk = func(s phpunitSuite) {
		for _, c := range s.Cases {
			if w, ok := phpunitCaseTruth(c, testdox); ok {
				out = append(out, w)
			}
		}
		for _, sub := range s.Suites {
			walk(sub)
		}
	}
	for _, s := range doc.Suites {
		walk(s)
	}
	return out
}

// phpunitCaseTruth is one testcase's truth; ok is false when it passed.
func phpunitCaseTruth(c phpunitCase, testdox bool) (truth, bool) {
	var text string
	switch {
	case c.Failure != nil:
		text = c.Failure.Text
	case c.Error != nil && c.Error.Type != phpunitRisky:
		text = c.Error.Text
	default:
		return truth{}, false
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	w := truth{Name: lines[0], File: "(unknown file)"}
	if len(lines) > 1 {
		w.Message = lines[1]
	}
	if testdox {
		w.Name = testdoxName(c.Name)
	}
	first := true
	for _, l := range lines[1:] {
		m := phpunitFrame.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if first || m[1] == c.File {
			w.File = m[1]
			w.Line, _ = strconv.Atoi(m[2])
			first = false
		}
		if m[1] == c.File {
			break
		}
	}
	return w, true
}

// testdoxName is PHPUnit's sentence for a test method's name:
// "testEndRangeCanBeRetrieved with data set #0" is "End range can be
// retrieved with data set #0".
func testdoxName(name string) string {
	method, dataSet, _ := strings.Cut(name, " with data set ")
	method = strings.TrimPrefix(method, "test")
	var b strings.Builder
	for i, r := range method {
		switch {
		case i > 0 && unicode.IsUpper(r):
			b.WriteByte(' ')
			b.WriteRune(unicode.ToLower(r))
		case r == '_':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	s := b.String()
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	if dataSet != "" {
		s += " with data set " + dataSet
	}
	return s
}

// phpLintTruth reads php -l's report of a test file that does not parse:
// PHP's fatal error at the file (as the run's absolute path) and line.
func phpLintTruth(t *testing.T, path, data string) []truth {
	t.Helper()
	case_ := strings.TrimSuffix(filepath.Base(path), ".truth")
	for _, l := range strings.Split(data, "\n") {
		if m := phpLint.FindStringSubmatch(l); m != nil {
			line, _ := strconv.Atoi(m[3])
			return []truth{{File: phpunitFixture + case_ + "/" + m[2], Line: line, Message: m[1]}}
		}
	}
	t.Fatalf("%s: no PHP parse error", path)
	return nil
}
