package profiles_test

import (
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

// The Go left of the lint profiles' truths: the adapters that fit a truth
// to a text form that cannot print all of it, which read the capture, not
// the report. Their truths are read by the generic reader (truthread_test.go)
// as each tool's truth.yaml says.
func init() {
	truthAdapters["shellcheck-tty"] = shellcheckTTYTruth
	truthAdapters["gcc-macro"] = gccMacroTruth
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
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
		prof := filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(capture))))
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
