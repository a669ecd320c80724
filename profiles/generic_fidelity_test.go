package profiles_test

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// genericTruth reads, for a capture of a tool terse has no profile for, the
// failures the tool's machine report lists, each as a string the text
// output prints for it. The report sits beside the capture.
var genericTruth = map[string]func(t *testing.T, capture string) []string{}

// TestGenericFidelity is "faithful on red" for the fallback: every capture
// in the repository, shaped by the generic cleaner alone (its profile
// forced off), shows every failure its tool's machine report lists, on the
// first page or on a page the next-page hint leads to.
func TestGenericFidelity(t *testing.T) {
	set := builtin(t)
	checked := 0
	for prof, files := range captures(t) {
		for _, path := range files {
			if strings.HasSuffix(path, ".json") {
				continue
			}
			want := genericWant(t, prof, path)
			if want == nil {
				continue
			}
			checked++
			name := prof + "/" + filepath.Base(path)
			t.Run(name, func(t *testing.T) {
				text := allGenericPages(t, set, path)
				var lost []string
				for _, w := range want {
					if !strings.Contains(text, w) {
						lost = append(lost, w)
					}
				}
				if gap, known := genericKnownGaps[name]; known {
					// Still lost, or the entry goes: the list stays true.
					if len(lost) == 0 {
						t.Errorf("the generic cleaner keeps every failure of %s now: drop it from genericKnownGaps (%s)", name, gap)
					}
					return
				}
				for _, w := range lost {
					t.Errorf("%q neither shown nor on a page the hint leads to", w)
				}
			})
		}
	}
	if checked < 20 {
		t.Errorf("only %d captures with a ground truth checked", checked)
	}
}

// genericKnownGaps are captures whose failures the generic cleaner alone
// does not all keep, found when their tools' profiles came (issue 56): the
// profile shapes them faithfully (TestFidelity), the fallback does not yet.
// An entry whose capture the cleaner keeps whole fails the test.
var genericKnownGaps = map[string]string{
	"biome/qs-lint.txt":    "Biome's message lines (\"  × msg\", \"  ! msg\", \"  i msg\") under their heads are budgeted away with the code frames and fixes around them",
	"biome/qs-check.txt":   "as qs-lint.txt",
	"playwright/qs.ci.txt": "a failure's head line past the first few is cut among the retries' repeated blocks",
}

// genericWant is what must be reachable for a capture: the names (or, for
// lint problems, the messages) its ground truth lists.
func genericWant(t *testing.T, prof, path string) []string {
	if prof == profiles.Generic {
		read, ok := genericTruth[filepath.Base(path)]
		if !ok {
			return nil // a crash or content capture: TestGenericKeepsProblemLines
		}
		return read(t, path)
	}
	read, adapt, ok := truthOf(t, prof)
	if !ok || !fileExists(groundTruthPath(path)) {
		return nil
	}
	if prof == "mocha" {
		// mocha's list prints a test's suites and title on lines of
		// their own: the title's line is what the cleaner keeps.
		return mochaListTitles(t, groundTruthPath(path))
	}
	truths := read(t, groundTruthPath(path))
	if adapt != nil {
		truths = adapt(t, path, truths)
	}
	var out []string
	for _, w := range truths {
		switch {
		case w.Severity != "":
			out = append(out, w.Message)
		case prof == "pytest":
			// pytest prints a test's node id, not its truth name, in
			// some variants; the last part is printed in all of them.
			out = append(out, lastPart(w.Name))
		default:
			out = append(out, w.Name)
		}
	}
	return out
}

func lastPart(name string) string {
	name = name[strings.LastIndexAny(name, ":.")+1:]
	if i := strings.IndexByte(name, '['); i > 0 {
		return name[:i]
	}
	return name
}

// allGenericPages shapes path with the generic profile page by page, as an
// agent following the next-page hint would, and returns all pages' text.
func allGenericPages(t *testing.T, set *profiles.Set, path string) string {
	t.Helper()
	var all strings.Builder
	win := report.Window{Limit: 20}
	for page := 0; ; page++ {
		out := shapeFile(t, set, path, profiles.Generic, profiles.Options{Window: win})
		text := llmOfReport(t, out.Report)
		all.WriteString(text)
		if !out.Report.Page.HasMore {
			return all.String()
		}
		next := fmt.Sprintf("next page: %s", goldenHints.Next)
		if !strings.Contains(text, next) || !strings.Contains(text, fmt.Sprintf("of %d)", out.Report.Page.Total)) {
			t.Fatalf("page %d has more but no hint %q:\n%s", page, next, text)
		}
		if page > 200 {
			t.Fatal("more than 200 pages")
		}
		win.Offset += win.Limit
	}
}

// reportOf is the machine report of a generic capture: in
// profiles/generic/testdata/reports, beside the captures, so that it is not taken for
// one.
func reportOf(capture, ext string) string {
	name := strings.TrimSuffix(filepath.Base(capture), ".txt") + ext
	return filepath.Join(filepath.Dir(filepath.Dir(capture)), "reports", name)
}

func nodeJUnitTruth(t *testing.T, capture string) []string {
	f, err := os.Open(reportOf(capture, ".junit.xml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	var out []string
	var names []string // the open testcases
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch e.Name.Local {
			case "testcase":
				name := ""
				for _, a := range e.Attr {
					if a.Name.Local == "name" {
						name = a.Value
					}
				}
				names = append(names, name)
			case "failure":
				if len(names) > 0 {
					out = append(out, names[len(names)-1])
				}
			}
		case xml.EndElement:
			if e.Name.Local == "testcase" && len(names) > 0 {
				names = names[:len(names)-1]
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no failures in the junit report")
	}
	return out
}

// The first page holds the most severe problems: pylint's errors, printed
// between two modules' worth of conventions, all on it.
func TestGenericRanksErrorsFirst(t *testing.T) {
	const capture = "pylint/testdata/captures/late.txt"
	out := shapeFile(t, builtin(t), capture, profiles.Generic, profiles.Options{Window: report.Window{Limit: 20}})
	text := llmOfReport(t, out.Report)
	if !out.Report.Page.HasMore {
		t.Fatal("the capture fits one page: no ranking to test")
	}
	errs := 0
	for _, w := range pylintTruth(t, capture) {
		if strings.Contains(w, ": E") {
			errs++
			if !strings.Contains(text, w) {
				t.Errorf("error %q not on the first page", w)
			}
		}
	}
	if errs == 0 {
		t.Fatal("no error in the report")
	}
}

// pylintTruth reads the --output-format=json run of a pylint capture, kept
// in profiles/pylint/testdata/reports.
func pylintTruth(t *testing.T, capture string) []string {
	data, err := os.ReadFile(reportOf(capture, ".truth"))
	if err != nil {
		t.Fatal(err)
	}
	var msgs []struct {
		Path   string `json:"path"`
		Line   int    `json:"line"`
		Column int    `json:"column"`
		ID     string `json:"message-id"`
	}
	if err := json.Unmarshal(data, &msgs); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range msgs {
		out = append(out, fmt.Sprintf("%s:%d:%d: %s:", m.Path, m.Line, m.Column, m.ID))
	}
	return out
}

var stylishRowRe = regexp.MustCompile(`^\s+(\d+):(\d+)\s+(error|warning)\s+(.+?)\s{2,}\S+$`)

// The generic cleaner never shows a row under a heading it does not belong
// to: eslint's stylish rows, indented under their file's path, shaped by
// the generic cleaner alone, each sit under their own file on every page.
func TestGenericRowsKeepTheirHeading(t *testing.T) {
	const capture = "generic/testdata/foreign/eslint-long.txt"
	want := map[string]bool{} // "file line:col message"
	for _, w := range toolReport(t, "eslint", "generic/testdata/foreign/eslint-long.json") {
		want[fmt.Sprintf("%s %d:%d %s", w.File, w.Line, w.Column, w.Message)] = true
	}
	text := allGenericPages(t, builtin(t), capture)
	heading, rows := "", 0
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "/") {
			heading = l
			continue
		}
		m := stylishRowRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		rows++
		msg := strings.TrimSuffix(m[4], ".")
		if !want[fmt.Sprintf("%s %s:%s %s", heading, m[1], m[2], msg)] && !want[fmt.Sprintf("%s %s:%s %s", heading, m[1], m[2], m[4])] {
			t.Errorf("row %q shown under %q, where eslint's report does not put it", l, heading)
		}
	}
	if rows < len(want)/2 {
		t.Errorf("only %d rows of %d shown", rows, len(want))
	}
}

// --llm=verbose shows more of each problem than the default, and --limit 0
// every problem on one page.
func TestGenericVerboseAndAll(t *testing.T) {
	set := builtin(t)
	// node --test's TAP: the tap profile claims it since issue 13, the
	// generic cleaner is forced here.
	const capture = "tap/testdata/captures/node-nested.txt"
	def := shapeFile(t, set, capture, profiles.Generic, profiles.Options{Window: report.Window{Limit: 20}}).Report
	verb := shapeFile(t, set, capture, profiles.Generic, profiles.Options{Window: report.Window{Limit: 20}, Verbose: true}).Report
	cut := def.OmittedCount("detail lines of problems")
	if cut == 0 || verb.OmittedCount("detail lines of problems") >= cut || len(verb.Lines) <= len(def.Lines) {
		t.Errorf("verbose: %d lines, %d detail lines cut; default: %d lines, %d cut",
			len(verb.Lines), verb.OmittedCount("detail lines of problems"), len(def.Lines), cut)
	}
	const many = "mypy/testdata/captures/many.txt"
	page := shapeFile(t, set, many, profiles.Generic, profiles.Options{Window: report.Window{Limit: 20}}).Report
	all := shapeFile(t, set, many, profiles.Generic, profiles.Options{Window: report.Window{Limit: 0}}).Report
	if !page.Page.HasMore || all.Page.HasMore || all.Shown() != page.Page.Total || page.Shown() != 20 {
		t.Errorf("page: shown %d of %d (more %v); --limit 0: shown %d (more %v)",
			page.Shown(), page.Page.Total, page.Page.HasMore, all.Shown(), all.Page.HasMore)
	}
	text := llmOfReport(t, all)
	for _, l := range strings.Split(string(must(os.ReadFile(many))), "\n") {
		if strings.Contains(l, ": error: ") && !strings.Contains(text, l+"\n") {
			t.Fatalf("--limit 0 lost %q", l)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
