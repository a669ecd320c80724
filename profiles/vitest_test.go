package profiles_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

func readVitest(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("vitest", "testdata", "captures", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// vitest's JSON document has jest's shape; each profile must claim only its
// own tool's, since they read it differently (vitest's failureMessages are
// bare stacks, its "message" a load error's bare message, its names join
// with " > ").
func TestVitestJSONIsNotJest(t *testing.T) {
	set := builtin(t)
	for _, c := range []struct{ file, want string }{
		{"vitest/testdata/captures/mixed.json", "vitest"},
		{"vitest/testdata/captures/suitefail.json", "vitest"},
		{"jest/testdata/captures/mixed.json", "jest"},
		{"jest/testdata/captures/suitefail.json", "jest"},
	} {
		data, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		_, r := llmOf(t, set, data, "", profiles.Options{Window: report.Window{Limit: 0}})
		if r == nil || r.Tool != c.want {
			t.Errorf("%s: shaped by %v, want %s", c.file, r, c.want)
		}
	}
}

// The JSON form reads what the text form reads: the same failures, named,
// placed and counted alike (the timeout's message aside: the document holds
// a placeholder for it).
func TestVitestJSONMatchesText(t *testing.T) {
	set := builtin(t)
	opt := profiles.Options{Window: report.Window{Limit: 0}}
	_, fromJSON := llmOf(t, set, readVitest(t, "mixed.json"), "", opt)
	_, fromText := llmOf(t, set, readVitest(t, "mixed.txt"), "", opt)
	if fromJSON.Tests != fromText.Tests {
		t.Errorf("tests: json %+v, text %+v", fromJSON.Tests, fromText.Tests)
	}
	if *fromJSON.Suites != *fromText.Suites {
		t.Errorf("files: json %+v, text %+v", *fromJSON.Suites, *fromText.Suites)
	}
	// The text has one more: the unhandled rejection the document omits.
	if len(fromText.Failures) != len(fromJSON.Failures)+1 {
		t.Fatalf("text %d failures, json %d", len(fromText.Failures), len(fromJSON.Failures))
	}
	for i, j := range fromJSON.Failures {
		x := fromText.Failures[i]
		if j.File != x.File || j.Line != x.Line || j.Name != x.Name || j.Kind != x.Kind {
			t.Errorf("failure %d: json %s:%d %q %s, text %s:%d %q %s", i, j.File, j.Line, j.Name, j.Kind, x.File, x.Line, x.Name, x.Kind)
		}
		if j.Kind != report.KindTimeout && j.Message != x.Message {
			t.Errorf("failure %d: json message %q, text %q", i, j.Message, x.Message)
		}
	}
}

// A file that failed to load is a suite failure placed in its file, with
// vite's position and the import's frame kept.
func TestVitestSuiteFailures(t *testing.T) {
	set := builtin(t)
	_, r := llmOf(t, set, readVitest(t, "suitefail.txt"), "", profiles.Options{Window: report.Window{Limit: 0}})
	if got := r.SuitesFailedToRun(); got != 2 {
		t.Errorf("suites failed to run: %d, want 2", got)
	}
	if len(r.Failures) != 2 {
		t.Fatalf("%d failures, want 2", len(r.Failures))
	}
	broken, missing := r.Failures[0], r.Failures[1]
	if broken.Kind != report.KindSuite || broken.File != "test/broken.test.js" ||
		!strings.Contains(strings.Join(broken.Details, "\n"), "File: test/broken.test.js:1:0") {
		t.Errorf("broken: %+v", broken)
	}
	if len(missing.Frames) != 1 || missing.Frames[0].File != "test/missing.test.js" || missing.Frames[0].Line != 2 {
		t.Errorf("missing: frames %+v", missing.Frames)
	}
}

func TestVitestCommands(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"vitest", "vitest run", "npx vitest run", "pnpm exec vitest --run"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "vitest" {
			t.Errorf("ForArgv(%q) = %v, want vitest", cmd, p)
		}
	}
	vitest, _ := set.Get("vitest")
	for _, args := range [][]string{{"run", "--reporter=json"}, {"run", "--reporter", "json"}} {
		if !vitest.AsksJSON(args) {
			t.Errorf("%q: AsksJSON false", args)
		}
	}
	for _, args := range [][]string{{"run", "--reporter=verbose"}, {"run", "--reporter", "verbose", "json"}, {"json"}} {
		if vitest.AsksJSON(args) {
			t.Errorf("%q: AsksJSON true", args)
		}
	}
}

// FuzzVitest feeds the vitest parsers (text and --reporter=json) arbitrary
// input: they must not panic, and must account for every failure they saw.
func FuzzVitest(f *testing.F) {
	for _, p := range []string{"mixed.txt", "suitefail.txt", "mixed.color.txt", "mixed.verbose.txt", "mixed.json", "suitefail.json"} {
		data := readVitest(f, p)
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add([]byte(" FAIL  a.test.js > t\n- Expected\n+ Received\n\n ❯ \n"))
	f.Add([]byte("⎯⎯ Unhandled Errors ⎯⎯\n⎯⎯ Unhandled Rejection ⎯⎯\n ❯ x:1:1\n"))
	set, err := profiles.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	vitest, _ := set.Get("vitest")
	f.Fuzz(func(t *testing.T, in []byte) { checkShapesSafely(t, set, vitest, in) })
}

// --reporter=verbose prints an error's own properties on one line
// ("Serialized Error: {...}") under a bare rule after the failure: it
// belongs to that failure, not to the notes after the last one.
func TestVitestSerializedErrorStaysWithItsFailure(t *testing.T) {
	set := builtin(t)
	for _, c := range []struct{ file, head, line string }{
		{"agent.verbose.txt", `--- test/client.test.js:40 "client > fetches a user behind a slow upstream"`,
			"Serialized Error: { status: 503, url: '/users/2', body: { error: 'upstream timeout', retryAfter: 30, request: { method: 'GET', path: '/users/2', headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'a …"},
		{"agent.verbose.txt", `--- test/client.test.js:44 "client > fetches the user list"`,
			"Serialized Error: { status: 404, url: '/users', body: { error: 'not found', path: '/users' } }"},
		{"suitefail.verbose.txt", `--- test/missing.test.js "test/missing.test.js"`,
			"Serialized Error: { code: 'ERR_MODULE_NOT_FOUND' }"},
	} {
		llm, _ := llmOf(t, set, readVitest(t, c.file), "vitest", profiles.Options{Window: report.Window{Limit: 0}})
		_, blk, ok := strings.Cut(llm, c.head+"\n")
		if !ok {
			t.Fatalf("%s: no block %s in\n%s", c.file, c.head, llm)
		}
		blk, _, _ = strings.Cut(blk, "\n\n")
		if !strings.Contains(blk, c.line) {
			t.Errorf("%s: %q not in the block of %s:\n%s\n\nwhole output:\n%s", c.file, c.line, c.head, blk, llm)
		}
		if n := strings.Count(llm, c.line); n != 1 {
			t.Errorf("%s: %q printed %d times", c.file, c.line, n)
		}
	}
}

// A serialized error runs to a kilobyte on one line (a response with its
// request's headers): it is cut like a detail and the cut counted, and
// --llm=verbose keeps it whole.
func TestVitestSerializedErrorCut(t *testing.T) {
	set := builtin(t)
	data := readVitest(t, "agent.verbose.txt")
	var whole string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "Serialized Error: { status: 503") {
			whole = l
		}
	}
	if len(whole) < 1000 {
		t.Fatalf("capture changed: the 503 serialized error is %d bytes", len(whole))
	}
	llm, _ := llmOf(t, set, data, "vitest", profiles.Options{Window: report.Window{Limit: 0}})
	if strings.Contains(llm, whole) {
		t.Errorf("the serialized error is not cut:\n%s", llm)
	}
	if !strings.Contains(llm, fmt.Sprintf("%d serialized error bytes", len(whole)-240)) {
		t.Errorf("the cut is not counted:\n%s", llm)
	}
	verbose, _ := llmOf(t, set, data, "vitest", profiles.Options{Window: report.Window{Limit: 0}, Verbose: true})
	if !strings.Contains(verbose, whole) {
		t.Errorf("--llm=verbose cuts the serialized error:\n%s", verbose)
	}
}
