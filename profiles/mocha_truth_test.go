package profiles_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// mochaListTitles reads, from mocha's JSON report, each failing test's
// title as the last line of its entry in the list after "N failing" ends:
// "title:".
func mochaListTitles(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		// No test ran: the error is what the cleaner must keep, as
		// mocha's truth.yaml reads it from what the run printed.
		var out []string
		for _, w := range toolReport(t, "mocha", path) {
			out = append(out, w.Message)
		}
		return out
	}
	var doc struct {
		Failures []struct {
			Title string `json:"title"`
		} `json:"failures"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []string
	for _, f := range doc.Failures {
		out = append(out, f.Title+":")
	}
	return out
}

// mocha is claimed by its command, npx's and the package's bin names.
func TestMochaByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"mocha", "mocha --reporter dot test/*-test.js", "npx mocha", "_mocha -R spec"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "mocha" {
			t.Errorf("ForArgv(%q) = %v, want mocha", cmd, p)
		}
	}
	if p := set.ForArgv([]string{"npm", "test"}); p != nil && p.Name == "mocha" {
		t.Errorf("ForArgv(npm test) = mocha: npm runs whatever its script says")
	}
}

// append is read only in a block's field rules: elsewhere the profile is
// refused when it loads.
func TestAppendRulesChecked(t *testing.T) {
	for yaml, want := range map[string]string{
		"name: x\ntext:\n  rules:\n    - match: '^  \\d+\\) '\n      emit: failure\n      until: '^$'\n      block:\n        - match: a\n          emit: drop\n          append: true\n": "append is for emit field",
		"name: x\ntext:\n  rules:\n    - match: '^x'\n      emit: failure\n      append: true\n":                                                                                         "append is for a block's field rules",
	} {
		p, err := profiles.Parse([]byte(yaml), "x.yaml")
		if err == nil {
			_, err = builtin(t).Shape(strings.NewReader("  1) a\n"), p, profiles.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q", yaml, err, want)
		}
	}
}

// An append rule builds the name from the title's lines, and stops at the
// message: the diff's lines under it, however indented, stay details.
func TestAppendStopsAtMessage(t *testing.T) {
	p, err := profiles.Parse([]byte(`name: x
text:
  unmatched: drop
  rules:
    - match: '^  \d+\) (?P<name>.+?):?$'
      emit: failure
      until: '^$'
      block:
        - match: '^ {7,}(?P<name>\S.*?):?$'
          emit: field
          append: true
        - match: '^ {5,6}(?P<message>\S.*)$'
          emit: field
`), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	in := "  1) Suite\n       inner\n         works:\n     Error: no\n         deep detail\n"
	out, err := builtin(t).Shape(strings.NewReader(in), p, profiles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := llmOfReport(t, out.Report)
	for _, want := range []string{`"Suite inner works"`, "Error: no", "deep detail"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q not in\n%s", want, text)
		}
	}
}

// A frame of node's own without a function's name ("at node:internal/...",
// as node prints it: profiles/tap/testdata/captures/node-spec-fail.txt) is dropped
// as the frames of node in parentheses are, and is never the failure's
// place: here put before the first failure's frame of the project in
// mocha's capture. The frame rule's third alternative was once written
// after ".*", where its "^" could never match.
func TestMochaDropsNodeFrameWithoutName(t *testing.T) {
	node, err := os.ReadFile("tap/testdata/captures/node-spec-fail.txt")
	if err != nil {
		t.Fatal(err)
	}
	var frame string
	for _, l := range strings.Split(string(node), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "at node:internal/") {
			frame = "      " + strings.TrimSpace(l)
			break
		}
	}
	data, err := os.ReadFile("mocha/testdata/captures/des-spec.txt")
	if err != nil {
		t.Fatal(err)
	}
	const user = "      at Context.<anonymous> (test/cbc-test.js:61:16)\n"
	in := strings.Replace(string(data), user, frame+"\n"+user, 1)
	if frame == "" || in == string(data) {
		t.Fatal("no node frame, or no place for it")
	}
	set := builtin(t)
	p, _ := set.Get("mocha")
	out, err := set.Shape(strings.NewReader(in), p, profiles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Report == nil || len(out.Report.Failures) == 0 {
		t.Fatal("no failure")
	}
	f := out.Report.Failures[0]
	if f.File != "test/cbc-test.js" || f.Line != 61 {
		t.Errorf("first failure at %s:%d, want test/cbc-test.js:61", f.File, f.Line)
	}
	for _, d := range f.Details {
		if strings.Contains(d, "node:internal") {
			t.Errorf("node's frame kept as a detail: %q", d)
		}
	}
}

// Where mocha prints no diff of its own, node's assert's own form of the
// values under its message (`'yes' !== true`; `+ actual - expected`, then
// `+ undefined` and `- null`) is all that says what they were: every line
// of the message the JSON report holds is in the failure's block (issue
// 54: only the first line was left, even with --llm=verbose).
func TestMochaKeepsNodeAssertValues(t *testing.T) {
	set := builtin(t)
	data, err := os.ReadFile(filepath.Join("mocha", "testdata", "reports", "mocha-assert.truth"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Failures []struct {
			FullTitle string `json:"fullTitle"`
			Err       struct {
				Message string `json:"message"`
			} `json:"err"`
		} `json:"failures"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	out := shapeFile(t, set, filepath.Join("mocha", "testdata", "captures", "mocha-assert.txt"), "mocha", profiles.Options{Window: report.Window{Limit: 0}})
	var b bytes.Buffer
	if err := render.LLM(&b, out.Report, goldenHints); err != nil {
		t.Fatal(err)
	}
	bare := 0
	for _, f := range doc.Failures {
		blk := blockHeaded(b.String(), fmt.Sprintf("%q", f.FullTitle))
		if strings.Contains(blk, "+ expected - actual") {
			continue // mocha's own diff says it
		}
		bare++
		_, rest, _ := strings.Cut(f.Err.Message, "\n")
		for _, l := range strings.Split(rest, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.Contains(blk, l) {
				t.Errorf("%q: %q of its message is not in its block:\n%s", f.FullTitle, l, blk)
			}
		}
	}
	if bare < 3 {
		t.Errorf("%d failures without mocha's diff, want the capture's 3 or more", bare)
	}
}

// mocha --reporter json (and json-stream, an event a line) is mocha's
// report, not a JSON document of no tool: FAIL with its counts, each failure
// once (the document lists it under tests and again under failures), at its
// test's frame, with node's assert's lines under its message (issue 54).
func TestMochaJSONReporter(t *testing.T) {
	for _, name := range []string{"mocha-assert.json", "mocha-assert.stream.json"} {
		t.Run(name, func(t *testing.T) { checkMochaJSON(t, name) })
	}
}

// checkMochaJSON checks the capture of mocha's JSON reporters name (see
// TestMochaJSONReporter).
func checkMochaJSON(t *testing.T, name string) {
	set := builtin(t)
	path := filepath.Join("mocha", "testdata", "captures", name)
	out := shapeFile(t, set, path, "", profiles.Options{Window: report.Window{Limit: 0}})
	if out.Profile == nil || out.Profile.Name != "mocha" {
		t.Fatalf("detected %v, want mocha", out.Profile)
	}
	var b bytes.Buffer
	if err := render.LLM(&b, out.Report, goldenHints); err != nil {
		t.Fatal(err)
	}
	llm := b.String()
	if status, _, _ := strings.Cut(llm, "\n"); status != "FAIL 8/11" {
		t.Errorf("status %q, want FAIL 8/11", status)
	}
	checkFidelity(t, llm, toolReport(t, "mocha", filepath.Join("mocha", "testdata", "reports", "mocha-assert.truth")))
	for _, want := range []string{"'yes' !== true", "+ undefined", "- null", "+   count: 2,"} {
		if !strings.Contains(llm, want) {
			t.Errorf("%q missing:\n%s", want, llm)
		}
	}
}
