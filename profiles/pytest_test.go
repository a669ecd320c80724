package profiles_test

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// pytestCrash is where a failure of pytest's JUnit XML crashed, in the order
// of the truth truth.yaml's read makes of the report (each testcase's
// <failure>, then its <error>): what --tb=line prints of it, which the
// truth does not hold.
type pytestCrash struct {
	isError bool
	// entryEnd is true when the failure text is a long traceback ending
	// in "path:line: ExcType", whose crash location that is.
	entryEnd bool
	file     string
	line     int
}

// pytestProblem is a <failure> or <error> of a testcase.
type pytestProblem struct {
	Text string `xml:",chardata"`
}

var (
	pyTruthEntry   = regexp.MustCompile(`^(\S+?\.py):(\d+): \S+$`)
	pyChainMarkers = []string{
		"The above exception was the direct cause of the following exception:",
		"During handling of the above exception, another exception occurred:",
	}
)

// pytestCrashes reads the crash of each failure of a capture's JUnit XML
// (written with --tb=long, so that every traceback entry ends with its
// location): the last line of the final exception of the chain.
func pytestCrashes(t *testing.T, path string) []pytestCrash {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Failure *pytestProblem `xml:"failure"`
			Error   *pytestProblem `xml:"error"`
		} `xml:"testsuite>testcase"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	root := "/tmp/terse-fixtures/pytest/" + strings.TrimSuffix(filepath.Base(path), ".junit.xml") + "/"
	var out []pytestCrash
	for _, tc := range doc.Cases {
		for _, pr := range []*pytestProblem{tc.Failure, tc.Error} {
			if pr == nil {
				continue
			}
			c := pytestCrash{isError: pr == tc.Error}
			text := pr.Text
			for _, m := range pyChainMarkers {
				if i := strings.LastIndex(text, m); i >= 0 {
					text = text[i+len(m):]
				}
			}
			lastLine := ""
			for _, l := range strings.Split(text, "\n") {
				if strings.TrimSpace(l) != "" {
					lastLine = l
				}
			}
			if m := pyTruthEntry.FindStringSubmatch(lastLine); m != nil {
				c.entryEnd = true
				c.file = strings.TrimPrefix(m[1], root)
				c.line, _ = strconv.Atoi(m[2])
			}
			out = append(out, c)
		}
	}
	return out
}

// pytestAdaptTruth fits the truth to --tb=line captures. pytest then prints,
// for a failure, only its crash line "path:line: message": the failure's
// line is known only when the crash is in the test's own file. An error
// whose report is a traceback is printed as its exception line alone, with no
// location. Other reports (an import error, a missing fixture) are printed
// in full, as in every variant.
//
// With --tb=no only the short summary names a failure: no line, and its
// message cut to the terminal's width, so the start of the message is what
// can be checked.
//
// It stays in Go, beside the truth read by data: the crash line it needs
// is no part of a truth (pytestCrashes reads it from the same report).
func pytestAdaptTruth(t *testing.T, capture string, want []truth) []truth {
	t.Helper()
	if strings.HasSuffix(capture, ".tb-no.txt") {
		out := make([]truth, len(want))
		for i, w := range want {
			out[i] = w
			out[i].Line = 0
			if len(w.Message) > 10 {
				out[i].Message = w.Message[:10]
			}
		}
		return out
	}
	if !strings.HasSuffix(capture, ".tb-line.txt") {
		return want
	}
	crashes := pytestCrashes(t, groundTruthPath(capture))
	if len(crashes) != len(want) {
		t.Fatalf("%s: %d failures in the report, %d in its truth", capture, len(crashes), len(want))
	}
	out := make([]truth, len(want))
	for i, c := range crashes {
		out[i] = want[i]
		if !c.entryEnd {
			continue
		}
		out[i].Line = 0
		if !c.isError && c.file == want[i].File {
			out[i].Line = c.line
		}
	}
	return out
}

func pytestProfile(t testing.TB) (*profiles.Set, *profiles.Profile) {
	t.Helper()
	set := builtin(t)
	p, ok := set.Get("pytest")
	if !ok {
		t.Fatal("no pytest profile")
	}
	return set, p
}

func shapePytest(t testing.TB, data []byte, opt profiles.Options) (*report.Report, string) {
	t.Helper()
	set, p := pytestProfile(t)
	out, err := set.Shape(bytes.NewReader(data), p, opt)
	if err != nil {
		t.Fatal(err)
	}
	if out.Report == nil {
		t.Fatalf("not shaped: %v", out.Invalid)
	}
	var b bytes.Buffer
	if err := render.LLM(&b, out.Report, goldenHints); err != nil {
		t.Fatal(err)
	}
	return out.Report, b.String()
}

func readCapture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("pytest", "testdata", "captures", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestPytestRFCExample shapes the pytest example of the --llm RFC and checks
// that the output carries the facts of the RFC's own llm rendering of it.
func TestPytestRFCExample(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "reference")
	in, err := os.ReadFile(filepath.Join(dir, "rfc_examples_pytest_standard_output.txt"))
	if os.IsNotExist(err) {
		t.Skip("the RFC example is not in this checkout")
	}
	if err != nil {
		t.Fatal(err)
	}
	set := builtin(t)
	out, err := set.Shape(bytes.NewReader(in), nil, profiles.Options{Window: report.Window{Limit: 20}})
	if err != nil {
		t.Fatal(err)
	}
	if out.Profile == nil || out.Profile.Name != "pytest" {
		t.Fatalf("detected %v, want pytest", out.Profile)
	}
	var b bytes.Buffer
	if err := render.LLM(&b, out.Report, goldenHints); err != nil {
		t.Fatal(err)
	}
	llm := b.String()
	if first, _, _ := strings.Cut(llm, "\n"); first != "FAIL 3/37" {
		t.Errorf("status line %q, want FAIL 3/37 (as the RFC's llm output)", first)
	}
	// Each block of the RFC's llm output, as facts: the header, then
	// strings its block must hold.
	want := []struct {
		head  string
		facts []string
	}{
		{`tests/test_auth.py:45 "test_token_expiry"`, []string{
			"AssertionError: assert result.is_valid == False",
			"result.is_valid = TokenResult(is_valid=True, user_id=1, error=None)",
		}},
		{`tests/test_api.py:67 "test_rate_limit"`, []string{
			"AssertionError: assert 200 == 429",
			"200 = <Response [200 OK]>.status_code",
		}},
		// The RFC heads this block with the first exception (line 89)
		// and follows with the second ("then ... at :90"); terse, like
		// pytest's summary and JUnit XML, heads it with the exception
		// that ended the test and names the one it was handling.
		{`tests/test_api.py:90 "test_pagination_overflow"`, []string{
			"json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
			"assert 500 == 200 (tests/test_api.py:89)",
			"500 = <Response [500 Internal Server Error]>.status_code",
		}},
	}
	blocks := strings.Split(llm, "\n--- ")[1:]
	if len(blocks) != len(want) {
		t.Fatalf("%d failure blocks, want %d:\n%s", len(blocks), len(want), llm)
	}
	for i, w := range want {
		head, body, _ := strings.Cut(blocks[i], "\n")
		if head != w.head {
			t.Errorf("block %d: header %q, want %q", i+1, head, w.head)
		}
		for _, f := range w.facts {
			if !strings.Contains(body, f) {
				t.Errorf("block %s: %q missing from\n%s", w.head, f, body)
			}
		}
	}
	if !strings.Contains(llm, "34 passed tests") {
		t.Errorf("the 34 passed tests are not counted:\n%s", llm)
	}
}

// TestPytestPage checks that a page of failures is the same failures as the
// same slice of the whole list, and that the rest is counted.
func TestPytestPage(t *testing.T) {
	data := readCapture(t, "many.txt")
	all, _ := shapePytest(t, data, profiles.Options{})
	page, llm := shapePytest(t, data, profiles.Options{Window: report.Window{Offset: 40, Limit: 5}})
	if len(all.Failures) != 47 {
		t.Fatalf("%d failures in all, want 47", len(all.Failures))
	}
	if len(page.Failures) != 5 || page.Page.Total != 47 || !page.Page.HasMore {
		t.Fatalf("page: %d failures, %+v", len(page.Failures), page.Page)
	}
	for i, f := range page.Failures {
		w := all.Failures[40+i]
		if f.Name != w.Name || f.File != w.File || f.Line != w.Line || f.Message != w.Message {
			t.Errorf("page failure %d is %+v, want %+v", i, f, w)
		}
	}
	if !strings.Contains(llm, "2 more failures (shown 41-45 of 47)") {
		t.Errorf("no next-page line:\n%s", llm)
	}
}

// TestPytestRunsAddUp checks that a log of two runs counts both and keeps
// the failures of both, in order.
func TestPytestRunsAddUp(t *testing.T) {
	a, b := readCapture(t, "fixtures.txt"), readCapture(t, "collect.q.txt")
	r, _ := shapePytest(t, append(append([]byte{}, a...), b...), profiles.Options{})
	one, _ := shapePytest(t, a, profiles.Options{})
	two, _ := shapePytest(t, b, profiles.Options{})
	if got, want := len(r.Failures), len(one.Failures)+len(two.Failures); got != want {
		t.Errorf("%d failures, want %d", got, want)
	}
	if r.Tests.Errors != one.Tests.Errors+two.Tests.Errors || r.Tests.Failed != one.Tests.Failed+two.Tests.Failed {
		t.Errorf("counts %+v, want the sum of %+v and %+v", r.Tests, one.Tests, two.Tests)
	}
	if r.Failures[len(one.Failures)].Name != two.Failures[0].Name {
		t.Errorf("second run's first failure is %q, want %q", r.Failures[len(one.Failures)].Name, two.Failures[0].Name)
	}
}

// TestPytestWithoutSummary shapes a real capture whose short test summary is
// cut off (as -rN prints it, or a log cut short): names then come from the
// block headings and files from the tracebacks.
func TestPytestWithoutSummary(t *testing.T) {
	data := readCapture(t, "mixed.txt")
	i := bytes.Index(data, []byte("=============================== warnings summary"))
	if i < 0 {
		t.Fatal("no warnings summary in mixed.txt")
	}
	full, _ := shapePytest(t, data, profiles.Options{})
	cut, llm := shapePytest(t, data[:i], profiles.Options{})
	if len(cut.Failures) != len(full.Failures) {
		t.Fatalf("%d failures, want %d", len(cut.Failures), len(full.Failures))
	}
	for i, f := range cut.Failures {
		w := full.Failures[i]
		if f.Name != w.Name || f.Message != w.Message {
			t.Errorf("failure %d: %q %q, want %q %q", i, f.Name, f.Message, w.Name, w.Message)
		}
		// A test's traceback starts in its own file, except when the
		// first exception of a chain was raised elsewhere.
		// With no traceback either ([XPASS(strict)]), nothing names it.
		if f.File != w.File && !strings.HasPrefix(f.File, "src/") && !(f.File == "" && w.Line == 0) {
			t.Errorf("failure %d: file %q, want %q", i, f.File, w.File)
		}
	}
	if cut.Status != "FAIL" || !strings.HasPrefix(llm, "FAIL 20/20") {
		t.Errorf("without the closing tally the failures are the count: %q", strings.SplitN(llm, "\n", 2)[0])
	}
}

// TestPytestSummaryOnly shapes a real capture whose FAILURES section is
// removed (as --tb=no prints it): the short summary still names every
// failure, and says where the message comes from.
func TestPytestSummaryOnly(t *testing.T) {
	data := readCapture(t, "mixed.txt")
	from := bytes.Index(data, []byte("=================================== FAILURES"))
	to := bytes.Index(data, []byte("=============================== warnings summary"))
	if from < 0 || to < 0 {
		t.Fatal("sections not found in mixed.txt")
	}
	in := append(append([]byte{}, data[:from]...), data[to:]...)
	r, llm := shapePytest(t, in, profiles.Options{})
	if len(r.Failures) != 20 {
		t.Fatalf("%d failures, want 20:\n%s", len(r.Failures), llm)
	}
	if f := r.Failures[18]; f.File != "tests/test_params.py" || f.Name != "TestRates::test_rate_limit[2]" || f.Message != "assert 200 == 429" {
		t.Errorf("failure from the summary: %+v", f)
	}
	if f := r.Failures[16]; f.Name != "test_pad[too long]" {
		t.Errorf("a parameter id with a space: %q", f.Name)
	}
}

// TestPytestBadInput feeds cut, invalid and oversized input: the result
// must be a report that loses nothing it could read.
func TestPytestBadInput(t *testing.T) {
	data := readCapture(t, "mixed.txt")
	t.Run("cut mid-failure", func(t *testing.T) {
		i := bytes.Index(data, []byte("tests/test_cart.py:52: AssertionError"))
		r, _ := shapePytest(t, data[:i], profiles.Options{})
		if len(r.Failures) != 5 || r.Status != "FAIL" {
			t.Errorf("%d failures (%s), want the 5 printed before the cut", len(r.Failures), r.Status)
		}
	})
	t.Run("invalid UTF-8", func(t *testing.T) {
		in := bytes.Replace(data, []byte("assert 10 == 11"), []byte("assert \xff\xfe == 11"), 1)
		r, llm := shapePytest(t, in, profiles.Options{})
		if len(r.Failures) != 20 || !strings.Contains(llm, "assert \uFFFD == 11") {
			t.Errorf("%d failures; the bad bytes should show as U+FFFD", len(r.Failures))
		}
	})
	t.Run("10 MB line", func(t *testing.T) {
		huge := bytes.Repeat([]byte("x"), 10<<20)
		in := bytes.Replace(data, []byte("E       assert True == False"), append([]byte("E       assert True == False "), huge...), 1)
		r, llm := shapePytest(t, in, profiles.Options{})
		if len(r.Failures) != 20 {
			t.Errorf("%d failures, want 20", len(r.Failures))
		}
		if !strings.Contains(llm, "bytes of 1 overlong line") || len(llm) > 64<<10 {
			t.Errorf("the long line is not cut and counted (%d bytes of output)", len(llm))
		}
	})
}

// FuzzPytest feeds the parser arbitrary input, seeded with every real
// capture: it must never fail, and its output must never hold escapes or
// more failures than it counted.
func FuzzPytest(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("pytest", "testdata", "captures", "*.txt"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	if data, err := os.ReadFile(filepath.Join("..", "..", "shared", "reference", "rfc_examples_pytest_standard_output.txt")); err == nil {
		f.Add(data)
	}
	set, p := pytestProfile(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, opt := range []profiles.Options{
			{Window: report.Window{Limit: 3}},
			{Window: report.Window{Offset: 1, Limit: 2}, Verbose: true},
		} {
			out, err := set.Shape(bytes.NewReader(data), p, opt)
			if err != nil {
				t.Fatal(err)
			}
			if out.Report == nil {
				continue // JSON-looking input passed through
			}
			r := out.Report
			if len(r.Failures) > r.Page.Total || (opt.Window.Limit > 0 && len(r.Failures) > opt.Window.Limit) {
				t.Fatalf("%d failures shown of %d, limit %d", len(r.Failures), r.Page.Total, opt.Window.Limit)
			}
			var b bytes.Buffer
			if err := render.LLM(&b, r, goldenHints); err != nil {
				t.Fatal(err)
			}
			if err := render.JSON(&b, r, goldenHints, false); err != nil {
				t.Fatal(err)
			}
			if bytes.IndexByte(b.Bytes(), 0x1b) >= 0 {
				t.Fatalf("escape byte in output: %q", b.String())
			}
		}
	})
}
