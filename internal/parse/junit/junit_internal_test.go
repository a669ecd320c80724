package junit

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// reports are the real JUnit XML reports in the repository: this
// package's captures (scripts/capture-junit.sh) and the ones other tests
// hold as truth (pytest's xunit1, node's junit reporter).
func reports(t testing.TB) []string {
	var all []string
	for _, pat := range []string{
		"../../../testdata/junit/reports/*.xml",
		"../../../profiles/pytest/testdata/captures/*.junit.xml",
		"../../../profiles/tap/testdata/reports/*.junit.xml",
	} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, m...)
	}
	if len(all) < 10 {
		t.Fatalf("found %d reports", len(all))
	}
	return all
}

func readString(s string) (*report.Report, error) {
	b := report.NewBuilder("junit", report.Window{})
	err := Read(strings.NewReader(s), b, parse.Options{})
	return b.Finish(), err
}

// TestReadBadInput: what is not a whole JUnit report is an error that says
// what is wrong, never a panic or a report that reads PASS.
func TestReadBadInput(t *testing.T) {
	whole, err := os.ReadFile("../../../testdata/junit/reports/ctest.xml")
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		in   string
		want string
	}{
		"truncated": {string(whole[:len(whole)/2]), "reading JUnit XML"},
		"binary":    {"\x00\x01\x02\xff\xfe<", "reading JUnit XML"},
		"empty":     {"", "not a JUnit XML report"},
		"html":      {"<html><body>hi</body></html>", "not a JUnit XML report"},
		"unclosed":  {`<testsuite><testcase name="a"><failure message="x">`, "reading JUnit XML"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := readString(c.in)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// endless is an attribute value that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

// TestReadHugeAttributeStopsAtTheCap: an attribute with no end is read up
// to the cap, then refused, so memory stays bounded.
func TestReadHugeAttributeStopsAtTheCap(t *testing.T) {
	in := io.MultiReader(strings.NewReader(`<testsuite><testcase name="`), endless{})
	b := report.NewBuilder("junit", report.Window{})
	err := read(in, b, parse.Options{}, 1<<20)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("error %v, want ErrTooLarge", err)
	}
}

// TestReadFailureKinds reads the ctest capture: each failing test's name,
// and its reason where CTest gives one (the test's output: its <failure>
// is empty).
func TestReadFailureKinds(t *testing.T) {
	data, err := os.ReadFile("../../../testdata/junit/reports/ctest.xml")
	if err != nil {
		t.Fatal(err)
	}
	r, err := readString(string(data))
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != report.StatusFail || r.Tests.Failed != 5 || r.Tests.Total != 9 {
		t.Fatalf("status %s, tests %+v", r.Status, r.Tests)
	}
	want := map[string]string{
		"wraparound": "check failed: v == 3",
		"capacity":   "expected push into a full buffer to fail, got 0 (len 3)",
		"log_clean":  "Error regular expression found in output. Regex=[WARNING]",
	}
	for _, f := range r.Failures {
		if msg, ok := want[f.Name]; ok {
			if f.Message != msg || !strings.HasSuffix(f.File, "tests/test_ringbuf.c") && f.Name != "log_clean" {
				t.Errorf("%s: %s:%d %q, want message %q in tests/test_ringbuf.c", f.Name, f.File, f.Line, f.Message, msg)
			}
			delete(want, f.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("not reported: %v", want)
	}
}

// TestReadNoTestcase: suites without a testcase are a run where no test
// ran, not a pass.
func TestReadNoTestcase(t *testing.T) {
	r, err := readString(`<testsuites><testsuite name="empty" tests="0"></testsuite></testsuites>`)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status == report.StatusPass || r.Status == report.StatusFail {
		t.Fatalf("status %s for a report without a testcase", r.Status)
	}
}

// FuzzRead: any input is a report or an error, never a panic, and a report
// with a failure never reads PASS.
func FuzzRead(f *testing.F) {
	for _, p := range reports(f) {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/3])
	}
	f.Add([]byte("\x00\xff<testsuite"))
	f.Add([]byte(`<testsuites><testsuite><testcase name="a"><failure/></testcase></testsuite></testsuites>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b := report.NewBuilder("junit", report.Window{Limit: 5})
		err := read(bytes.NewReader(data), b, parse.Options{Cwd: "/tmp"}, 1<<20)
		r := b.Finish()
		if err == nil && len(r.Failures) > 0 && r.Status == report.StatusPass {
			t.Fatalf("a report with failures reads PASS")
		}
	})
}

// PHPUnit's report of a run with a risky test (profiles/phpunit/testdata/captures/
// words.junit.xml: 2 failures; a risky, an incomplete and a skipped test)
// fails as its console does: 2 failures, the risky test a pass.
func TestReadPHPUnitRiskyIsNoFailure(t *testing.T) {
	f, err := os.Open("../../../profiles/phpunit/testdata/captures/words.junit.xml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := report.NewBuilder("junit", report.Window{})
	if err := Read(f, b, parse.Options{}); err != nil {
		t.Fatal(err)
	}
	r := b.Finish()
	defer r.Close()
	if r.Tests.Failed != 2 || len(r.Failures) != 2 || r.Tests.Total != 5 {
		t.Errorf("counts %+v, %d failures; want 2 failed of 5", r.Tests, len(r.Failures))
	}
	for _, fl := range r.Failures {
		if strings.Contains(fl.Name, "testNothing") {
			t.Errorf("the risky test is a failure: %+v", fl)
		}
	}
}
