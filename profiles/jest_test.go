package profiles_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

func llmOf(t testing.TB, set *profiles.Set, in []byte, profile string, opt profiles.Options) (string, *report.Report) {
	t.Helper()
	var forced *profiles.Profile
	if profile != "" {
		forced, _ = set.Get(profile)
	}
	out, err := set.Shape(bytes.NewReader(in), forced, opt)
	if err != nil {
		t.Fatal(err)
	}
	if out.Doc != nil {
		// A JSON document: what the CLI prints for it by default.
		return docJSON(t, out.Doc), nil
	}
	if out.Report == nil {
		t.Fatalf("not shaped: %v", out.Invalid)
	}
	var b bytes.Buffer
	if err := render.LLM(&b, out.Report, goldenHints); err != nil {
		t.Fatal(err)
	}
	return b.String(), out.Report
}

// The RFC's own jest example must shape into the facts of its --llm example.
// The RFC's second block says src/auth.test.ts:67, a line its input does not
// contain (the only frame of that failure is in src/api.ts); terse never
// invents a line, so it names the file without one and keeps the frame.
func TestRFCJestExample(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("..", "..", "shared", "reference", "rfc_examples_jest_standard_output.txt"))
	if err != nil {
		t.Skipf("RFC reference not present: %v", err)
	}
	got, r := llmOf(t, builtin(t), in, "", profiles.Options{Window: report.Window{Limit: 20}})
	if r.Tool != "jest" {
		t.Fatalf("detected %s, want jest", r.Tool)
	}
	wantInOrder := []string{
		"FAIL 4/52\n",
		"--- src/auth.test.ts:42 \"should reject expired tokens\"\n",
		"expected: 401\nreceived: 200\n",
		"--- src/auth.test.ts \"should refresh token on 403\"\n",
		"TypeError: refreshToken is not a function\n  at handleResponse (src/api.ts:15)\n",
		"--- src/db.test.ts:24 \"should rollback on constraint violation\"\n",
		"error: duplicate key value violates unique constraint \"users_email_key\"\n",
		"--- src/db.test.ts:31 \"should handle connection timeout\"\n",
		"Exceeded timeout of 5000 ms",
		"48 passed tests",
	}
	rest := got
	for _, w := range wantInOrder {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("output lacks %q (in order):\n%s", w, got)
		}
		rest = rest[i+len(w):]
	}
	for _, noise := range []string{"node_modules", "node:internal", "processTicksAndRejections", "> 42 |", "40 |", "Time:", "PASS"} {
		if strings.Contains(got, noise) {
			t.Errorf("output keeps noise %q:\n%s", noise, got)
		}
	}
}

// TestSamples runs the sample cases every profile carries in its YAML (the
// built-in table leaves them out: only this test reads them).
func TestSamples(t *testing.T) {
	set := builtin(t)
	n := 0
	for _, p := range yamlProfiles(t) {
		for _, s := range p.Samples {
			n++
			t.Run(p.Name+"/"+s.Name, func(t *testing.T) {
				got, _ := llmOf(t, set, []byte(s.Input), p.Name, profiles.Options{Window: report.Window{Limit: 20}})
				if got != s.Want && *update {
					updateSampleWant(t, p.Source, s.Want, got)
					return
				}
				if got != s.Want {
					t.Errorf("sample %q of %s:\n--- want\n%s\n--- got\n%s", s.Name, p.Source, s.Want, got)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no profile carries samples")
	}
}

// updateSampleWant rewrites, under -update, a sample's want in the YAML
// of its built-in profile (source "builtin:PATH", under profiles/): the
// block of want's lines, as indented there, becomes got's.
func updateSampleWant(t *testing.T, source, want, got string) {
	t.Helper()
	path, ok := strings.CutPrefix(source, "builtin:")
	if !ok {
		t.Fatalf("%s: not a built-in profile's sample", source)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	indent := func(s, pre string) string {
		lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
		for i, l := range lines {
			if l != "" {
				lines[i] = pre + l
			}
		}
		return strings.Join(lines, "\n") + "\n"
	}
	text := string(data)
	for _, pre := range []string{"      ", "    ", "        "} {
		if w := indent(want, pre); strings.Count(text, w) == 1 {
			if err := os.WriteFile(path, []byte(strings.Replace(text, w, indent(got, pre), 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Errorf("%s: the sample's want is not found once in %s: update it by hand", source, path)
}

func TestJestPassIsOneLine(t *testing.T) {
	in, err := os.ReadFile("jest/testdata/captures/pass.txt")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := llmOf(t, builtin(t), in, "", profiles.Options{Window: report.Window{Limit: 20}})
	if got != "PASS 15/17 (1 skipped, 1 todo)\n" {
		t.Fatalf("passing run = %q", got)
	}
}

// Pages: every failure is on exactly one page, and the last page says so.
func TestJestPagination(t *testing.T) {
	in, err := os.ReadFile("jest/testdata/captures/many.txt")
	if err != nil {
		t.Fatal(err)
	}
	set := builtin(t)
	_, all := llmOf(t, set, in, "", profiles.Options{Window: report.Window{Limit: 0}})
	total := len(all.Failures)
	if total < 40 || all.Page.HasMore {
		t.Fatalf("--limit 0 gave %d failures, hasMore=%v", total, all.Page.HasMore)
	}
	var seen []string
	for off := 0; off < total; off += 20 {
		text, r := llmOf(t, set, in, "", profiles.Options{Window: report.Window{Offset: off, Limit: 20}})
		for _, f := range r.Failures {
			seen = append(seen, f.Name)
		}
		more := off+20 < total
		if r.Page.HasMore != more || r.Page.Total != total {
			t.Fatalf("offset %d: page %+v, want total %d hasMore %v", off, r.Page, total, more)
		}
		if more && !strings.Contains(text, "next page: … | terse --offset 20") {
			t.Fatalf("offset %d: no next-page command in\n%s", off, text)
		}
	}
	if len(seen) != total {
		t.Fatalf("pages held %d failures, want %d", len(seen), total)
	}
	for i, f := range all.Failures {
		if seen[i] != f.Name {
			t.Fatalf("failure %d: page order %q, want %q", i, seen[i], f.Name)
		}
	}
}

// FuzzJest feeds the jest parsers (text and --json) arbitrary input: they
// must not panic, and must account for every failure they saw.
func FuzzJest(f *testing.F) {
	for _, p := range []string{"mixed.txt", "suitefail.txt", "mixed.color.txt", "mixed.verbose.txt", "pass.json", "suitefail.json"} {
		data, err := os.ReadFile(filepath.Join("jest", "testdata", "captures", p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add([]byte("  ● \n\n    - Expected\n+ Received\n"))
	f.Add([]byte("FAIL x.js\n  ● t\n\n    at (\n"))
	set, err := profiles.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	jest, _ := set.Get("jest")
	f.Fuzz(func(t *testing.T, in []byte) { checkShapesSafely(t, set, jest, in) })
}

// vitest prints "FAIL  file > suite > test" lines that look like jest's
// suite lines; the jest profile must not claim vitest output (it would find
// none of its failures).
func TestJestDoesNotClaimVitest(t *testing.T) {
	in, err := os.ReadFile("../testdata/bench/vitest/default.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, r := llmOf(t, builtin(t), in, "", profiles.Options{Window: report.Window{Limit: 20}})
	if r.Tool == "jest" {
		t.Fatalf("vitest output detected as jest")
	}
}

// jestCapture shapes a capture of profiles/jest/testdata/captures with the jest
// profile, every failure on one page, from the directory the capture ran in
// (as `cd project && jest 2>&1 | terse` does).
func jestCapture(t *testing.T, name string) string {
	t.Helper()
	llm, _ := jestCaptureReport(t, name)
	return llm
}

// jestCaptureReport is jestCapture with the report the text was written
// from.
func jestCaptureReport(t *testing.T, name string) (string, *report.Report) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("jest", "testdata", "captures", name))
	if err != nil {
		t.Fatal(err)
	}
	cwd := "/tmp/terse-fixtures/jest/" + name[:strings.Index(name, ".")]
	return llmOf(t, builtin(t), data, "jest", profiles.Options{Window: report.Window{Limit: 0}, Cwd: cwd})
}

// jest's "Test suite failed to run" for a file it could not parse: the nine
// and more lines of advice go (counted), the cause after "Details:" stays
// with its location.
func TestJestUnexpectedTokenKeepsDetails(t *testing.T) {
	llm, r := jestCaptureReport(t, "agent.txt")
	_, blk, ok := strings.Cut(llm, `--- __tests__/report.test.js:2 "Test suite failed to run"`+"\n")
	if !ok {
		t.Fatalf("no block for the suite that failed to run:\n%s", llm)
	}
	blk, _, _ = strings.Cut(blk, "\n\n")
	if want := "SyntaxError: Unexpected token ';'\n  at src/util.ts:11"; blk != want {
		t.Errorf("block:\n%s\nwant:\n%s", blk, want)
	}
	if strings.Contains(llm, "Jest failed to parse a file") || strings.Contains(llm, "If you are trying to use") {
		t.Errorf("jest's advice kept:\n%s", llm)
	}
	if !strings.Contains(accounting(r), "13 jest hint lines") {
		t.Errorf("the advice lines are not counted:\n%s", accounting(r))
	}
}

// toThrowErrorMatchingInlineSnapshot prints the stored value as "Snapshot:":
// it is the expected side.
func TestJestInlineSnapshotExpected(t *testing.T) {
	llm := jestCapture(t, "agent.agent.txt")
	want := `--- __tests__/errors.test.js:11 "errors › requires a port"
expect(received).toThrowErrorMatchingInlineSnapshot(snapshot)
expected: "PORT must be set"
received: "PORT is required"`
	if !strings.Contains(llm, want) {
		t.Errorf("want\n%s\nin\n%s", want, llm)
	}
}

// An error jest prints after its summary (a failing globalTeardown) is a
// failure of the run, kept past the budget of unrecognised lines; the run
// is not a PASS.
func TestJestLooseErrorKept(t *testing.T) {
	for _, name := range []string{"teardown.txt", "teardown.agent.txt", "teardown.verbose.txt"} {
		llm := jestCapture(t, name)
		if !strings.HasPrefix(llm, "FAIL ") {
			t.Errorf("%s: status is not FAIL:\n%s", name, llm)
		}
		if !strings.Contains(llm, "--- (unknown file)\nError: connect ECONNREFUSED 127.0.0.1:1\n") {
			t.Errorf("%s: the teardown error is not a failure:\n%s", name, llm)
		}
	}
}

// `jest --json 2>&1`: the document in the stream is dropped, counted (a
// passing run's one line counts nothing), never printed as a cut piece.
func TestJestJSONInTextStream(t *testing.T) {
	for _, name := range []string{"agent.jsonmix.txt", "mixed.jsonmix.txt", "pass.jsonmix.txt"} {
		llm, r := jestCaptureReport(t, name)
		if strings.Contains(llm, `"numFailedTestSuites"`) || strings.Contains(llm, `"testResults"`) {
			t.Errorf("%s: a piece of the --json document is printed:\n%s", name, llm)
		}
		if name != "pass.jsonmix.txt" && !strings.Contains(accounting(r), "1 --json document line") {
			t.Errorf("%s: the document is not counted:\n%s", name, accounting(r))
		}
	}
}

// Past 20 suites jest repeats every failure under "Summary of all failing
// tests", with the agent reporter too: each is shown once, the repeats
// counted, the counts from jest's own tally.
func TestJestFailureSummaryDeduped(t *testing.T) {
	for _, name := range []string{"agent.txt", "agent.agent.txt", "agent.verbose.txt", "agent.color.txt"} {
		llm := jestCapture(t, name)
		if !strings.HasPrefix(llm, "FAIL 7/47, 1 suite failed to run\n") {
			t.Errorf("%s: status line: %q", name, strings.SplitN(llm, "\n", 2)[0])
		}
		if n := strings.Count(llm, "\n--- "); n != 8 {
			t.Errorf("%s: %d failure blocks, want 8", name, n)
		}
		if !strings.Contains(llm, "8 repeated failure summaries") {
			t.Errorf("%s: repeats not counted:\n%s", name, llm)
		}
	}
}

// The "more:" hint names --llm=verbose: it brings back the unrecognised
// lines past the ten kept by default.
func TestJestVerboseKeepsOtherLines(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("jest", "testdata", "captures", "teardown.txt"))
	if err != nil {
		t.Fatal(err)
	}
	const late = "[teardown] connecting to the test database"
	llm, r := llmOf(t, builtin(t), data, "jest", profiles.Options{Window: report.Window{Limit: 0}})
	if strings.Contains(llm, late) || !strings.Contains(accounting(r), "other lines") {
		t.Fatalf("capture changed: the 13th line is kept by default:\n%s", llm)
	}
	verbose, _ := llmOf(t, builtin(t), data, "jest", profiles.Options{Window: report.Window{Limit: 0}, Verbose: true})
	if !strings.Contains(verbose, late) {
		t.Errorf("--llm=verbose does not bring back %q:\n%s", late, verbose)
	}
}
