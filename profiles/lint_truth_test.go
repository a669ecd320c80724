package profiles_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// The ground truths of the one-line-per-problem profiles (text.lint), by
// the format testdata/<tool>/truth.yaml names. Each reads the tool's
// machine truth kept in testdata/<tool>/reports.
func init() {
	truthReaders["mypy-lines"] = mypyTruth
	truthReaders["pylint-json"] = pylintJSONTruth
	truthReaders["tsc-plain"] = tscPlainTruth
	truthReaders["shellcheck-json1"] = shellcheckJSONTruth
	truthAdapters["shellcheck-tty"] = shellcheckTTYTruth
	truthReaders["flake8-lines"] = flake8Truth
	truthReaders["gcc-diagnostics"] = gccTruth
	truthReaders["go-vet-json"] = goVetTruth
	truthAdapters["gcc-macro"] = gccMacroTruth
}

// pylintJSONTruth reads pylint --output-format=json. Its types map to the
// profile's classes: error and fatal are errors, warning a warning, the
// rest (convention, refactor, info) notes.
func pylintJSONTruth(t *testing.T, path string) []truth {
	var msgs []struct {
		Type    string `json:"type"`
		Path    string `json:"path"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
		Symbol  string `json:"symbol"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(readFile(t, path), &msgs); err != nil {
		t.Fatal(err)
	}
	var out []truth
	for _, m := range msgs {
		sev := "note"
		switch m.Type {
		case "error", "fatal":
			sev = "error"
		case "warning":
			sev = "warning"
		}
		// The text format prints a message's first line on the problem's
		// line (duplicate-code lists the lines after it).
		msg, _, _ := strings.Cut(m.Message, "\n")
		out = append(out, truth{File: m.Path, Line: m.Line, Column: m.Column, Severity: sev, Name: m.Symbol, Message: msg})
	}
	return out
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// mypyLineRe is one of mypy's own problem lines: mypy 1.0 has no JSON
// output, its plain lines are its machine form.
var mypyLineRe = regexp.MustCompile(`^([^\s:]+):(\d+):(?:(\d+):)? error: (.*?)(?:  \[([a-z][a-z0-9-]*)\])?$`)

func mypyTruth(t *testing.T, path string) []truth {
	var out []truth
	for _, l := range readLines(t, path) {
		if m := mypyLineRe.FindStringSubmatch(l); m != nil {
			out = append(out, truth{File: m[1], Line: atoi(m[2]), Column: atoi(m[3]), Severity: "error",
				Name: m[5], Message: m[4]})
		}
	}
	return out
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(data), "\n"), "\n")
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// tscPlainLineRe is one error of tsc's plain form (--pretty false).
var tscPlainLineRe = regexp.MustCompile(`^(\S+)\((\d+),(\d+)\): error (TS\d+): (.*)$`)

// tscPlainTruth reads the plain form of the same run, which --pretty
// prints differently.
func tscPlainTruth(t *testing.T, path string) []truth {
	var out []truth
	for _, l := range readLines(t, path) {
		if m := tscPlainLineRe.FindStringSubmatch(l); m != nil {
			out = append(out, truth{File: m[1], Line: atoi(m[2]), Column: atoi(m[3]), Severity: "error", Name: m[4], Message: m[5]})
		}
	}
	return out
}

// shellcheckJSONTruth reads shellcheck -f json1; -f gcc prints its info and
// style levels as notes.
func shellcheckJSONTruth(t *testing.T, path string) []truth {
	var doc struct {
		Comments []struct {
			File    string `json:"file"`
			Line    int    `json:"line"`
			Column  int    `json:"column"`
			Level   string `json:"level"`
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"comments"`
	}
	if err := json.Unmarshal(readFile(t, path), &doc); err != nil {
		t.Fatal(err)
	}
	var out []truth
	for _, c := range doc.Comments {
		sev := c.Level
		if sev == "info" || sev == "style" {
			sev = "note"
		}
		out = append(out, truth{File: c.File, Line: c.Line, Column: c.Column, Severity: sev,
			Name: "SC" + strconv.Itoa(c.Code), Message: strings.TrimSpace(c.Message)})
	}
	return out
}

// flake8Truth reads flake8 run with --format='%(path)s|%(row)d|%(col)d|%(code)s|%(text)s',
// its fields apart. The classes are the profile's: a truth that says
// which problems break the program.
func flake8Truth(t *testing.T, path string) []truth {
	var out []truth
	for _, l := range readLines(t, path) {
		f := strings.SplitN(l, "|", 5)
		if len(f) < 5 {
			continue
		}
		sev := "note"
		switch code := f[3]; {
		case strings.HasPrefix(code, "E9"), strings.HasPrefix(code, "F82"), strings.HasPrefix(code, "F7"), strings.HasPrefix(code, "F63"):
			sev = "error"
		case strings.HasPrefix(code, "F"):
			sev = "warning"
		}
		out = append(out, truth{File: f[0], Line: atoi(f[1]), Column: atoi(f[2]), Severity: sev, Name: f[3], Message: f[4]})
	}
	return out
}

var clangLineRe = regexp.MustCompile(`^([^\s:]+):(\d+):(\d+): (fatal error|error|warning): (.*?)(?: \[(-W[^\]]+)\])?$`)

// gccTruth reads gcc -fdiagnostics-format=json (one array a line, one per
// file compiled) and the linker's undefined references (ld's only form).
// Notes are children of their problem: details, not rows.
func gccTruth(t *testing.T, path string) []truth {
	ld := regexp.MustCompile(`^(?:\S*ld: )?([^\s:(]+):\([^)]*\): (undefined reference to .*)$`)
	var out []truth
	for _, l := range readLines(t, path) {
		if m := ld.FindStringSubmatch(l); m != nil {
			out = append(out, truth{File: m[1], Severity: "error", Message: m[2]})
			continue
		}
		if strings.HasPrefix(l, "clang: error: linker command failed") {
			continue // the driver's word for the undefined references above
		}
		// clang's -fno-caret-diagnostics: one line per diagnostic.
		if m := clangLineRe.FindStringSubmatch(l); m != nil {
			sev := m[4]
			if sev == "fatal error" {
				sev = "error"
			}
			out = append(out, truth{File: m[1], Line: atoi(m[2]), Column: atoi(m[3]), Severity: sev, Name: m[6], Message: m[5]})
			continue
		}
		var diags []struct {
			Kind      string `json:"kind"`
			Message   string `json:"message"`
			Option    string `json:"option"`
			Locations []struct {
				Caret struct {
					File   string `json:"file"`
					Line   int    `json:"line"`
					Column int    `json:"display-column"`
				} `json:"caret"`
			} `json:"locations"`
		}
		if err := json.Unmarshal([]byte(l), &diags); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, d := range diags {
			sev := d.Kind
			if sev == "fatal error" {
				sev = "error"
			}
			c := d.Locations[0].Caret
			out = append(out, truth{File: c.File, Line: c.Line, Column: c.Column, Severity: sev, Name: d.Option, Message: d.Message})
		}
	}
	return out
}

var (
	gccDiagRe  = regexp.MustCompile(`^([^\s:]+):(\d+):(\d+): (?:fatal error|error|warning): (.*?)(?: \[-W[^\]]+\])?$`)
	gccMacroRe = regexp.MustCompile(`^([^\s:]+):(\d+):(\d+): note: in expansion of macro `)
)

// gccMacroTruth fits gcc's JSON to its text for problems inside a macro:
// the JSON places them where the macro is used, the text where the macro
// is defined, followed by "note: in expansion of macro" at the place of
// use. Each such truth is moved to the problem line that note follows.
func gccMacroTruth(t *testing.T, capture string, want []truth) []truth {
	type site struct {
		file         string
		line, column int
		message      string
	}
	printed := map[site]bool{}
	moved := map[site][]site{} // place of use -> the problems printed for it
	var last *site
	for _, l := range readLines(t, capture) {
		if m := gccDiagRe.FindStringSubmatch(l); m != nil {
			last = &site{m[1], atoi(m[2]), atoi(m[3]), m[4]}
			printed[*last] = true
			continue
		}
		if m := gccMacroRe.FindStringSubmatch(l); m != nil && last != nil {
			use := site{m[1], atoi(m[2]), atoi(m[3]), last.message}
			moved[use] = append(moved[use], *last)
		}
	}
	out := append([]truth(nil), want...)
	claimed := map[site]bool{}
	var unplaced []int
	for i, w := range out {
		at := site{w.File, w.Line, w.Column, w.Message}
		switch {
		case w.Line == 0:
		case printed[at]:
			claimed[at] = true
		case len(moved[at]) > 0:
			to := moved[at][0]
			moved[at] = moved[at][1:]
			claimed[to] = true
			out[i].File, out[i].Line, out[i].Column = to.file, to.line, to.column
		default:
			unplaced = append(unplaced, i)
		}
	}
	// The rest: a macro of a system header (assert) or one whose
	// argument is the problem ("note: in definition of macro") is printed
	// on the same line, at another column.
	for _, i := range unplaced {
		w := out[i]
		for p := range printed {
			if !claimed[p] && p.file == w.File && p.line == w.Line && p.message == w.Message {
				claimed[p] = true
				out[i].Column = p.column
				break
			}
		}
	}
	return out
}

// goVetTruth reads go vet -json (packages, analyzers, diagnostics at
// absolute positions) or go build -json (events whose output holds the
// compiler's lines).
func goVetTruth(t *testing.T, path string) []truth {
	data := readFile(t, path)
	pos := regexp.MustCompile(`^(?:\./)?(?:/tmp/terse-fixtures/go-vet/\w+/)?([^\s:]+\.go):(\d+):(\d+):?(?: (.*))?$`)
	at := func(s, msg string) (truth, bool) {
		m := pos.FindStringSubmatch(s)
		if m == nil {
			return truth{}, false
		}
		if msg == "" {
			msg = m[4]
		}
		return truth{File: m[1], Line: atoi(m[2]), Column: atoi(m[3]), Severity: "error", Message: msg}, true
	}
	var out []truth
	if strings.HasPrefix(strings.TrimSpace(string(data)), `{"ImportPath"`) {
		for _, l := range readLines(t, path) {
			var ev struct{ Action, Output string }
			if err := json.Unmarshal([]byte(l), &ev); err != nil {
				t.Fatal(err)
			}
			if w, ok := at(strings.TrimSuffix(ev.Output, "\n"), ""); ev.Action == "build-output" && ok {
				out = append(out, w)
			}
		}
		return out
	}
	// One document per package (the test variant's too, often empty).
	dec := json.NewDecoder(bytes.NewReader(data))
	for dec.More() {
		var vet map[string]map[string][]struct{ Posn, Message string }
		if err := dec.Decode(&vet); err != nil {
			t.Fatal(err)
		}
		out = append(out, vetDiagnostics(vet, at)...)
	}
	return out
}

func vetDiagnostics(vet map[string]map[string][]struct{ Posn, Message string }, at func(s, msg string) (truth, bool)) []truth {
	var out []truth
	for _, analyzers := range vet {
		for _, diags := range analyzers {
			for _, d := range diags {
				if w, ok := at(d.Posn, d.Message); ok {
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// Each one-line-per-problem tool is claimed by its command, through the
// launchers commands.Keys sees through.
func TestLintProfilesByCommand(t *testing.T) {
	set := builtin(t)
	for cmd, want := range map[string]string{
		"mypy --strict src":      "mypy",
		"python3 -m mypy src":    "mypy",
		"npx tsc -p .":           "tsc",
		"pylint pkg":             "pylint",
		"flake8 .":               "flake8",
		"shellcheck -f gcc a.sh": "shellcheck",
		"gcc -Wall -c a.c":       "gcc",
		"clang++ -c a.cc":        "gcc",
		"go vet ./...":           "go-vet",
		"go build ./cmd/x":       "go-vet",
		"go test ./...":          "gotest",
	} {
		p := set.ForArgv(strings.Fields(cmd))
		if p == nil || p.Name != want {
			t.Errorf("ForArgv(%q) = %v, want %s", cmd, p, want)
		}
	}
}

// shellcheckTTYTruth fits json1 to the tty form, which marks a problem's
// column with a caret under the code, not with a number.
func shellcheckTTYTruth(t *testing.T, capture string, want []truth) []truth {
	if !strings.Contains(string(readFile(t, capture)), "\nIn ") {
		return want
	}
	out := append([]truth(nil), want...)
	for i := range out {
		out[i].Column = 0
	}
	return out
}

// Paging through a lint report page by page shows every problem once, in
// the order of the whole report (--limit 0): the held-back warnings and
// notes fall on the right pages.
func TestLintPagesCoverAll(t *testing.T) {
	set := builtin(t)
	for _, capture := range []string{"shellcheck/testdata/captures/debian.txt", "gcc/testdata/captures/zlib.txt",
		"pylint/testdata/captures/late.txt", "golangci-lint/testdata/captures/many.txt"} {
		prof := filepath.Base(filepath.Dir(filepath.Dir(capture)))
		all := shapeFile(t, set, capture, prof, profiles.Options{Window: report.Window{Limit: 0}}).Report
		var paged []report.Failure
		for off := 0; ; off += 20 {
			r := shapeFile(t, set, capture, prof, profiles.Options{Window: report.Window{Offset: off, Limit: 20}}).Report
			paged = append(paged, r.Failures...)
			if !r.Page.HasMore {
				break
			}
		}
		if len(all.Failures) < 40 || len(paged) != len(all.Failures) {
			t.Fatalf("%s: %d problems on the pages, %d with --limit 0", capture, len(paged), len(all.Failures))
		}
		for i := range paged {
			if !reflect.DeepEqual(paged[i], all.Failures[i]) {
				t.Fatalf("%s: problem %d is %+v on the pages, %+v with --limit 0", capture, i, paged[i], all.Failures[i])
			}
		}
	}
}
