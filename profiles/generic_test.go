package profiles_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

var problemLine = regexp.MustCompile(`(?i)\b\w*(error|exception)\b|\b(fail|failed|fatal|panic|warning|traceback)\b`)

// The generic profile has no ground truth to compare with; its promise is
// that every line that reports a problem survives, whatever the length.
func TestGenericKeepsProblemLines(t *testing.T) {
	set := builtin(t)
	files := captures(t)[profiles.Generic]
	if len(files) < 5 {
		t.Fatalf("only %d generic captures", len(files))
	}
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := llmOf(t, set, raw, profiles.Generic, profiles.Options{Window: report.Window{Limit: 20}})
		if _, paged := genericTruth[filepath.Base(path)]; paged {
			// A test runner's or checker's run with more problems than a
			// page: each line on the first page or on one the next-page
			// hint leads to.
			got = allGenericPages(t, set, path)
		}
		kept := 0
		underFrame := false
		for _, l := range strings.Split(string(raw), "\n") {
			l = strings.TrimRight(filters.CleanLine(l), " \t")
			source := underFrame // the source line Python prints under a frame
			underFrame = strings.HasPrefix(strings.TrimSpace(l), `File "`)
			if !problemLine.MatchString(l) || strings.HasPrefix(strings.TrimSpace(l), "at ") || source {
				continue // frames are judged by TestGenericStackTraces
			}
			kept++
			if !strings.Contains(got, l+"\n") {
				t.Errorf("%s: problem line %q lost:\n%s", path, l, got)
			}
		}
		if strings.Contains(path, "crash") && kept == 0 {
			t.Errorf("%s: no problem line in a crash capture", path)
		}
	}
}

// Output that is content stays whole: git status loses nothing.
func TestGenericKeepsContent(t *testing.T) {
	raw, err := os.ReadFile("generic/testdata/captures/git-status.txt")
	if err != nil {
		t.Fatal(err)
	}
	got, r := llmOf(t, builtin(t), raw, "", profiles.Options{Window: report.Window{Limit: 20}})
	if r.Tool != profiles.Generic {
		t.Fatalf("detected %s", r.Tool)
	}
	if want := strings.TrimRight(string(raw), "\n") + "\n"; got != want { // trailing blank lines are decoration
		t.Fatalf("git status changed:\n--- raw\n%s\n--- shaped\n%s", raw, got)
	}
}

// Each crash keeps its user frames and drops the runtime's, in every language.
func TestGenericStackTraces(t *testing.T) {
	set := builtin(t)
	cases := map[string]struct{ keep, drop []string }{
		"crash-node.txt": {
			keep: []string{"at readConfig (/tmp/terse-fixtures/generic/crash-node/app.js:9:15)", "SyntaxError: Unexpected token"},
			drop: []string{"node:internal", "at JSON.parse (<anonymous>)"}},
		"crash-python.txt": {
			keep: []string{`File "/tmp/terse-fixtures/generic/crash-python/app.py", line 8, in parse_record`, "ValueError: time data '1906-13-09'"},
			drop: []string{"_strptime.py", "^^^^"}},
		"crash-java.txt": {
			keep: []string{"\tat App.parsePort(App.java:7)", "\tat App.main(App.java:16)", "java.lang.NumberFormatException"},
			drop: []string{"java.base/"}},
		"crash-go.txt": {
			keep: []string{"panic: runtime error: index out of range [2] with length 2", "main.field(...)\n\t/tmp/terse-fixtures/generic/crash-go/main.go:10\n"},
			drop: nil},
	}
	for name, c := range cases {
		raw, err := os.ReadFile("generic/testdata/captures/" + name)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := llmOf(t, set, raw, "", profiles.Options{Window: report.Window{Limit: 20}})
		for _, k := range c.keep {
			if !strings.Contains(got, k) {
				t.Errorf("%s: lost %q:\n%s", name, k, got)
			}
		}
		for _, d := range c.drop {
			if strings.Contains(got, d) {
				t.Errorf("%s: kept %q:\n%s", name, d, got)
			}
		}
	}
}

// A long build log keeps its head, its tail and its errors, and counts the rest.
func TestGenericLongLog(t *testing.T) {
	raw, err := os.ReadFile("gcc/testdata/captures/make-300.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The gcc profile claims this log since issue 13: the generic cleaner
	// is asked for by name.
	got, r := llmOf(t, builtin(t), raw, profiles.Generic, profiles.Options{Window: report.Window{Limit: 20}})
	if r.OmittedCount("lines") == 0 || !strings.Contains(got, " lines omitted …\n") {
		t.Fatalf("nothing omitted from a %d-line log:\n%s", strings.Count(string(raw), "\n"), got)
	}
	shown := strings.Count(got, "\n")
	if shown > 200 {
		t.Fatalf("%d lines shown", shown)
	}
	for _, want := range []string{"src/f120.c: In function ‘f120’:", "error: ‘y’ undeclared", "error: expected expression before ‘;’ token",
		"make: *** [Makefile:8: src/f245.o] Error 1", "make: Target 'all' not remade because of errors.", "CC src/f001.c"} {
		if !strings.Contains(got, want) {
			t.Errorf("lost %q", want)
		}
	}
}

func TestGenericProgressDropped(t *testing.T) {
	raw, err := os.ReadFile("generic/testdata/captures/progress.txt")
	if err != nil {
		t.Fatal(err)
	}
	got, r := llmOf(t, builtin(t), raw, "", profiles.Options{Window: report.Window{Limit: 20}})
	if r.OmittedCount("progress lines") < 3 {
		t.Fatalf("progress lines omitted: %d\n%s", r.OmittedCount("progress lines"), got)
	}
	for _, bar := range []string{"% Total", "####", "=>]", "Dload"} {
		if strings.Contains(got, bar) {
			t.Errorf("progress %q kept:\n%s", bar, got)
		}
	}
	if !strings.Contains(got, "saved [40000000/40000000]") {
		t.Errorf("wget's result line lost:\n%s", got)
	}
}

func BenchmarkGenericSizes(b *testing.B) { benchCaptureSizes(b, profiles.Generic) }

func BenchmarkGenericThroughput(b *testing.B) {
	benchThroughput(b, profiles.Generic, "../../../gcc/testdata/captures/make-300.txt") // a long build log, shaped generically
}

// FuzzGeneric: any input shapes without a panic, within the line budget,
// without escape bytes.
func FuzzGeneric(f *testing.F) {
	for _, n := range []string{"crash-node.txt", "crash-python.txt", "crash-java.txt", "crash-go.txt", "progress.txt"} {
		data, err := os.ReadFile("generic/testdata/captures/" + n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("main.f()\n\tx.go:1\nmain.g(\n  File \"a\", line 1\n"))
	set, err := profiles.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	generic, _ := set.Get(profiles.Generic)
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := set.Shape(strings.NewReader(string(in)), generic, profiles.Options{Window: report.Window{Limit: 20}})
		if err != nil || out.Report == nil {
			return
		}
		if n := len(out.Report.Lines); n > 60+100+150+2 {
			t.Fatalf("%d lines kept", n)
		}
		for _, l := range out.Report.Lines {
			if strings.ContainsAny(l, "\x1b\r") {
				t.Fatalf("control byte kept in %q", l)
			}
		}
	})
}

// Every pattern the profiles compile lazily must be valid: a bad one would
// otherwise panic only on the first input that reaches it.
func TestLazyPatternsCompile(t *testing.T) {
	if err := filters.CompileAll(); err != nil {
		t.Fatal(err)
	}
}

// Built-in profiles load without compiling their regexps and jq; every one
// must still compile, or the first input that needs it would fail.
func TestBuiltinProfilesCompile(t *testing.T) {
	set, err := profiles.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range set.All() {
		if err := profiles.CompileForTest(p); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
	}
}
