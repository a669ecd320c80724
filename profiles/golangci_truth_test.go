package profiles_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// golangci-lint run is claimed by its command; its other subcommands
// (fmt rewrites files, prints no issues) are not.
func TestGolangciByCommand(t *testing.T) {
	set := builtin(t)
	for cmd, want := range map[string]string{
		"golangci-lint run ./...":       "golangci-lint",
		"golangci-lint run -E revive .": "golangci-lint",
		"golangci-lint fmt ./...":       "",
	} {
		p := set.ForArgv(strings.Fields(cmd))
		got := ""
		if p != nil {
			got = p.Name
		}
		if got != want {
			t.Errorf("ForArgv(%q) = %q, want %q", cmd, got, want)
		}
	}
}

// golangci-lint's run and go build's in one stream (`golangci-lint run;
// go build ./...`, either way round, and typecheck's issue first): every
// problem of both, against both tools' machine truth, and the status
// line's count is all of them. golangci-lint's signature claims go
// build's "./file.go:l:c:" lines while its run is current (they are
// typecheck's message under its issue), so they are shaped as part of its
// run: its tally counts its own issues, and go build's add to it.
func TestGolangciAndGoBuildInOneStream(t *testing.T) {
	set := builtin(t)
	build := toolReport(t, "go-vet", "go-vet/testdata/reports/build.truth")
	if len(build) != 3 {
		t.Fatalf("go build's truth holds %d problems, want its 3", len(build))
	}
	golangci, _ := set.Get("golangci-lint")
	for _, c := range []struct {
		name  string
		parts []string // captures, in the stream's order
	}{
		{"golangci-lint then go build", []string{"golangci-lint/testdata/captures/default.txt", "go-vet/testdata/captures/build.txt"}},
		{"go build then golangci-lint", []string{"go-vet/testdata/captures/build.txt", "golangci-lint/testdata/captures/default.txt"}},
		{"typecheck then go build", []string{"golangci-lint/testdata/captures/typecheck.txt", "go-vet/testdata/captures/build.txt"}},
	} {
		var in []byte
		var want []truth
		for _, p := range c.parts {
			in = append(in, readFile(t, p)...)
			if strings.HasPrefix(p, "golangci-lint/") {
				name := strings.TrimSuffix(p[strings.LastIndex(p, "/")+1:], ".txt")
				want = append(want, toolReport(t, "golangci-lint", "golangci-lint/testdata/reports/"+name+".truth")...)
			}
		}
		want = append(want, build...)
		for _, prof := range []*profiles.Profile{nil, golangci} {
			mode := "detected"
			if prof != nil {
				mode = "-p golangci-lint"
			}
			out, err := set.Shape(bytes.NewReader(in), prof, profiles.Options{Window: report.Window{Limit: 0}})
			if err != nil {
				t.Fatal(err)
			}
			r := out.Report
			llm := llmOfReport(t, r)
			rows, _, n := lintRows(llm)
			for _, w := range want {
				if !slices.Contains(rows[w.File], lintRow(w)) {
					t.Errorf("%s, %s: problem %q of %s missing:\n%s", c.name, mode, lintRow(w), w.File, llm)
				}
			}
			if n != len(want) {
				t.Errorf("%s, %s: %d problem rows, the truths hold %d", c.name, mode, n, len(want))
			}
			if r.Lint == nil || r.Lint.Errors != len(want) {
				t.Errorf("%s, %s: lint counts %+v, want %d errors", c.name, mode, r.Lint, len(want))
			}
			r.Close()
		}
	}
}
