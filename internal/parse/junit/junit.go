// Package junit reads JUnit XML reports, the machine report most test
// runners can write (pytest --junitxml, jest-junit, Maven Surefire, PHPUnit
// --log-junit, CTest --output-junit, Gradle), into a report: one reader for
// every runner that writes it. The report is read as a stream of tokens, so
// memory holds one test case, never the document.
package junit

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// MaxBytes caps the bytes read of one report. A single XML token (an
// attribute, a failure's text) is held whole by the decoder, so the cap is
// what bounds memory on a hostile or runaway file.
const MaxBytes = 64 << 20

// maxBody caps the failure text kept for one test case: its first lines
// are what the report shows.
const maxBody = 64 << 10

// ErrTooLarge is returned for a report past MaxBytes.
var ErrTooLarge = fmt.Errorf("report larger than %d MiB", MaxBytes>>20)

// ErrNotJUnit is returned for well-formed XML that holds no testsuite or
// testcase element.
var ErrNotJUnit = errors.New("no <testsuite> or <testcase> element: not a JUnit XML report")

// phpunitRisky is the type of the <error> PHPUnit writes for a risky test.
const phpunitRisky = `PHPUnit\Framework\RiskyTestError`

// problem is a testcase's <failure> or <error>.
type problem struct {
	elem    string // "failure" or "error"
	message string
	typ     string
	body    strings.Builder
}

// testCase is the testcase being read.
type testCase struct {
	classname, name, file string
	line                  int
	problem               *problem
	skipped               bool
	// output is the case's system-out and system-err, read while inOutput:
	// CTest writes a failure's reason there and nothing in <failure>.
	output   strings.Builder
	inOutput bool
}

// reader holds the state of one report's stream.
type reader struct {
	b   *report.Builder
	opt parse.Options
	// suiteFiles are the file attributes of the enclosing testsuites
	// (jest-junit's), innermost last; "" where a suite has none.
	suiteFiles []string
	tc         *testCase
	seen       bool // a testsuite or testcase element was read
	counts     report.Counts
}

// Read reads one JUnit XML report from r into b. A report that is not
// well-formed XML, or not JUnit, is an error naming where it went wrong;
// what was read before it stays in b.
func Read(r io.Reader, b *report.Builder, opt parse.Options) error {
	return read(r, b, opt, MaxBytes)
}

// read is Read with the cap on the bytes read.
func read(r io.Reader, b *report.Builder, opt parse.Options, limit int64) error {
	lr := &limitReader{r: r, n: limit}
	d := xml.NewDecoder(lr)
	d.Strict = true
	// A report's encoding is UTF-8 in practice; anything it declares
	// otherwise is read as bytes rather than refused.
	d.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil }
	rd := &reader{b: b, opt: opt}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			if lr.over {
				return ErrTooLarge
			}
			return fmt.Errorf("reading JUnit XML (byte %d): %w", d.InputOffset(), err)
		}
		rd.token(tok)
	}
	if !rd.seen {
		return ErrNotJUnit
	}
	b.AddTests(rd.counts)
	if rd.counts.Total == 0 {
		b.SetNoTestsRan() // suites without a testcase: nothing ran, nothing passed
	}
	return nil
}

// token takes one token of the stream.
func (rd *reader) token(tok xml.Token) {
	switch t := tok.(type) {
	case xml.StartElement:
		rd.start(t)
	case xml.EndElement:
		rd.end(t)
	case xml.CharData:
		rd.text(t)
	}
}

func (rd *reader) start(t xml.StartElement) {
	switch t.Name.Local {
	case "testsuite":
		rd.seen = true
		f := attr(t, "file")
		if f == "" && len(rd.suiteFiles) > 0 {
			f = rd.suiteFiles[len(rd.suiteFiles)-1]
		}
		rd.suiteFiles = append(rd.suiteFiles, f)
	case "testcase":
		rd.seen = true
		rd.tc = &testCase{classname: attr(t, "classname"), name: attr(t, "name"), file: attr(t, "file")}
		rd.tc.line, _ = strconv.Atoi(attr(t, "line"))
	case "failure", "error":
		// PHPUnit writes a risky test (one that asserted nothing) as an
		// error of this type; its console, tally and exit code count it
		// risky, and so does the report: a pass.
		if rd.tc != nil && rd.tc.problem == nil && attr(t, "type") != phpunitRisky {
			rd.tc.problem = &problem{elem: t.Name.Local, message: attr(t, "message"), typ: attr(t, "type")}
		}
	case "skipped":
		if rd.tc != nil {
			rd.tc.skipped = true
		}
	case "system-out", "system-err":
		if rd.tc != nil {
			rd.tc.inOutput = true
		}
	}
}

// text keeps the text of a testcase's failure or output, up to maxBody each.
func (rd *reader) text(t xml.CharData) {
	tc := rd.tc
	switch {
	case tc == nil:
		return
	case tc.inOutput:
		keep(&tc.output, t)
	case tc.problem != nil:
		keep(&tc.problem.body, t)
	}
}

// keep appends t to sb, up to maxBody bytes in all.
func keep(sb *strings.Builder, t []byte) {
	if room := maxBody - sb.Len(); room > 0 {
		sb.Write(t[:min(len(t), room)])
	}
}

func (rd *reader) end(t xml.EndElement) {
	switch t.Name.Local {
	case "testcase":
		if rd.tc != nil {
			rd.endCase(rd.tc)
			rd.tc = nil
		}
	case "testsuite":
		if len(rd.suiteFiles) > 0 {
			rd.suiteFiles = rd.suiteFiles[:len(rd.suiteFiles)-1]
		}
	case "system-out", "system-err":
		if rd.tc != nil {
			rd.tc.inOutput = false
		}
	}
}

// endCase counts a finished testcase and adds its failure.
func (rd *reader) endCase(tc *testCase) {
	rd.counts.Total++
	switch {
	case tc.problem != nil:
		rd.counts.Failed++
		rd.b.AddFailure(rd.failure(tc))
	case tc.skipped:
		rd.counts.Skipped++
	default:
		rd.counts.Passed++
	}
}

// attr is the value of t's attribute name, cleaned as a text line.
func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// limitReader reads up to n bytes, then fails (rather than ending, as
// io.LimitReader does, which would read as a truncated document).
type limitReader struct {
	r    io.Reader
	n    int64
	over bool
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		l.over = true
		return 0, ErrTooLarge
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

// suiteFile is the file of the innermost enclosing testsuite that names one.
func (rd *reader) suiteFile() string {
	if len(rd.suiteFiles) == 0 {
		return ""
	}
	return rd.suiteFiles[len(rd.suiteFiles)-1]
}
