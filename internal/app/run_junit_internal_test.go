package app

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/terse-dev/terse/internal/parse/pytest"
	"github.com/terse-dev/terse/report"
)

// The reports a command names are read only when written since the run
// started: an older one is a previous run's.
func TestJUnitReportsNamedAndFresh(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"fresh.xml", "old.xml", "ctest.xml", "php.xml", "target/surefire-reports/TEST-a.xml", "build/test-results/test/TEST-b.xml"} {
		p := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("<testsuite/>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now().Add(-time.Minute)
	old := start.Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "old.xml"), old, old); err != nil {
		t.Fatal(err)
	}
	for cmd, want := range map[string][]string{
		"pytest --junitxml=fresh.xml":                {"fresh.xml"},
		"python3 -m pytest --junit-xml fresh.xml -q": {"fresh.xml"},
		"pytest --junitxml=old.xml":                  nil,
		"pytest --junitxml=missing.xml":              nil,
		"vendor/bin/phpunit --log-junit php.xml":     {"php.xml"},
		"ctest --output-junit ctest.xml":             {"ctest.xml"},
		"./mvnw -B test":                             {"target/surefire-reports/TEST-a.xml"},
		"./gradlew test":                             {"build/test-results/test/TEST-b.xml"},
		"gradle --offline check":                     {"build/test-results/test/TEST-b.xml"},
		"pytest":                                     nil,
	} {
		got := junitReports(strings.Fields(cmd), dir, start)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %q, want %q", cmd, got, want)
		}
	}
}

// A JUnit failure matches the console's failure of the same test, not one
// of another data set or class, and fills only what it lacks.
func TestWithJUnitFillsNeverAdds(t *testing.T) {
	console := &report.Report{Failures: []report.Failure{
		{Name: `Diff\ParserTest::testParse with data set #0 ('a')`, File: "/p/tests/ParserTest.php", Line: 9, Message: "Failed asserting"},
		{Name: `Diff\ParserTest::testParse with data set #1 ('b')`, Message: "Failed asserting"},
		{Name: "testOne(org.x.ATest)", File: "ATest.java", Line: 3, Message: "boom"},
	}, Page: report.Page{Total: 3}}
	jr := &report.Report{Failures: []report.Failure{
		{Name: "Diff.ParserTest.testParse with data set #1", File: "/p/tests/ParserTest.php", Line: 12, Message: "Failed asserting"},
		{Name: "org.x.BTest.testOne", File: "BTest.java", Line: 4, Message: "other"},
	}, Page: report.Page{Total: 2}}
	withJUnit(console, jr, []string{"r.xml"})
	if len(console.Failures) != 3 {
		t.Fatalf("%d failures, want the console's 3", len(console.Failures))
	}
	if f := console.Failures[1]; f.File != "/p/tests/ParserTest.php" || f.Line != 12 {
		t.Errorf("data set #1 got %s:%d, want its place from the report", f.File, f.Line)
	}
	if f := console.Failures[0]; f.Line != 9 {
		t.Errorf("data set #0 changed: line %d", f.Line)
	}
	if f := console.Failures[2]; f.File != "ATest.java" || f.Message != "boom" {
		t.Errorf("another class's failure filled ATest's: %+v", f)
	}
}

// Where the report lists more failures than the output, a note counts
// them and names the command that shows them; none is added to the page.
func TestWithJUnitCountsWhatTheOutputLacks(t *testing.T) {
	console := &report.Report{Failures: []report.Failure{{Name: "tests/a.py::test_a", File: "tests/a.py", Line: 3, Message: "x"}},
		Page: report.Page{Total: 1}}
	jr := &report.Report{Failures: []report.Failure{
		{Name: "tests.a.test_a", File: "tests/a.py", Line: 3, Message: "x"},
		{Name: "tests.b.test_b", File: "tests/b.py", Line: 9, Message: "y"},
	}, Page: report.Page{Total: 2}}
	withJUnit(console, jr, []string{"r.xml"})
	if len(console.Failures) != 1 {
		t.Fatalf("%d failures, want the console's 1", len(console.Failures))
	}
	want := "the JUnit report r.xml lists 2 failures, the output 1; all of them: terse --junit r.xml"
	if len(console.Notes) != 1 || console.Notes[0] != want {
		t.Errorf("notes %q, want %q", console.Notes, want)
	}
}

// pytest's note that messages come from the short test summary, cut, is
// retold once the report gives some of them whole: the count it gave,
// while a message the report did not match stays cut.
func TestWithJUnitRetellsTheSummaryNote(t *testing.T) {
	console := &report.Report{Failures: []report.Failure{
		{Name: "tests/a.py::test_a", File: "tests/a.py", Message: "assert [3] ==..."},
		{Name: "tests/a.py::test_b", File: "tests/a.py", Message: "assert 'x' ==..."},
	}, Page: report.Page{Total: 2}, Notes: []string{pytest.SummaryNote}}
	jr := &report.Report{Failures: []report.Failure{
		{Name: "tests.a.test_a", File: "tests/a.py", Line: 3, Message: "assert [3] == [1]"},
	}, Page: report.Page{Total: 1}}
	withJUnit(console, jr, []string{"r.xml"})
	want := pytest.SummaryNote + "; 1 of them come whole from the JUnit report r.xml"
	if len(console.Notes) == 0 || console.Notes[0] != want {
		t.Errorf("notes %q, want first %q", console.Notes, want)
	}
}
