package profiles_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// The machine truth of a mocha capture is the same run with --reporter
// json.
func init() {
	truthReaders["mocha-json"] = mochaJSONTruth
}

// mochaFrame is a V8 frame's location, "(test/a.js:3:9)" or "at test/a.js:3:9".
var mochaFrame = regexp.MustCompile(`^\s*at (?:.*? \()?(?:file://)?([^()\s]+?):(\d+):\d+\)?$`)

// mochaTimeout is a timeout's message, which ends with the test's file.
var mochaTimeout = regexp.MustCompile(`^Timeout of \d+ms exceeded\..* \(([^()]+)\)$`)

// mochaJSONTruth reads mocha's JSON report: each failure's full title (as
// the list prints it, its suites and title joined), the first line of its
// error's message, and the first frame of its stack in the project's own
// code (mocha prints stacks relative to the working directory; an absolute
// path under the capture's fixture is made relative too).
func mochaJSONTruth(t *testing.T, path string) []truth {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Failures []struct {
			FullTitle string `json:"fullTitle"`
			Err       struct {
				Message string `json:"message"`
				Stack   string `json:"stack"`
			} `json:"err"`
		} `json:"failures"`
	}
	if !bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		return mochaRunError(t, path, string(data))
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(doc.Failures) == 0 && !strings.Contains(path, "pass") {
		t.Fatalf("%s: no failures", path)
	}
	fixture := regexp.MustCompile(`^/tmp/terse-fixtures/mocha/[^/]+/`)
	var out []truth
	for _, f := range doc.Failures {
		msg, _, _ := strings.Cut(f.Err.Message, "\n")
		w := truth{Name: f.FullTitle, Message: strings.TrimSpace(msg)}
		for _, l := range strings.Split(f.Err.Stack, "\n") {
			m := mochaFrame.FindStringSubmatch(l)
			if m == nil || strings.HasPrefix(m[1], "node:") || strings.Contains(m[1], "/node_modules/") {
				continue
			}
			w.File, w.Line = fixture.ReplaceAllString(m[1], ""), atoi(m[2])
			break
		}
		if m := mochaTimeout.FindStringSubmatch(msg); m != nil && w.File == "" {
			// A timeout's stack is node's timers: its message names the
			// test's file, which mocha prints as it is (and the
			// report as the failure's file, not in its message).
			w.File = m[1]
			w.Message = strings.TrimSuffix(w.Message, " ("+m[1]+")")
		}
		out = append(out, w)
	}
	return out
}

var (
	mochaRunFailed = regexp.MustCompile(`(?m)^ ?Exception during run: (.+)$`)
	mochaWhere     = regexp.MustCompile(`^(/\S+?):(\d+)$`)
	mochaErrorLine = regexp.MustCompile(`(?m)^(\w*Error\b.*)$`)
)

// mochaRunError reads what the json reporter's run printed when mocha
// stopped before any test ran (it writes no report then): its error, and
// where it is: the file:line it names (a syntax error, whose error line
// follows), or its stack's first frame in the project.
func mochaRunError(t *testing.T, path, out string) []truth {
	t.Helper()
	m := mochaRunFailed.FindStringSubmatchIndex(out)
	if m == nil {
		t.Fatalf("%s: neither a JSON report nor mocha's \"Exception during run\"", path)
	}
	head, rest := out[m[2]:m[3]], out[m[1]:]
	if w := mochaWhere.FindStringSubmatch(head); w != nil {
		e := mochaErrorLine.FindStringSubmatch(rest)
		if e == nil {
			t.Fatalf("%s: no error line after %q", path, head)
		}
		return []truth{{File: w[1], Line: atoi(w[2]), Message: e[1]}}
	}
	w := truth{Message: head}
	for _, l := range strings.Split(rest, "\n") {
		f := mochaFrame.FindStringSubmatch(l)
		if f != nil && !strings.HasPrefix(f[1], "node:") && !strings.Contains(f[1], "/node_modules/") {
			w.File, w.Line = f[1], atoi(f[2])
			break
		}
	}
	return []truth{w}
}

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
		// No test ran: the error is what the cleaner must keep.
		var out []string
		for _, w := range mochaRunError(t, path, string(data)) {
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
	checkFidelity(t, llm, mochaJSONTruth(t, filepath.Join("mocha", "testdata", "reports", "mocha-assert.truth")))
	for _, want := range []string{"'yes' !== true", "+ undefined", "- null", "+   count: 2,"} {
		if !strings.Contains(llm, want) {
			t.Errorf("%q missing:\n%s", want, llm)
		}
	}
}
