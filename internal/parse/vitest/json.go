package vitest

import (
	"strings"

	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// AnalyzeMessages parses the failures of vitest's --reporter=json
// document: each failed test's error stack (failureMessages), or the error
// message of a file that failed to load. The document names every path
// absolutely and does not name the project root; the root is the directory
// whose node_modules the stacks run vitest from, and paths under it are
// shown relative to it, as the text reporter shows them.
func AnalyzeMessages(items []parse.JSONFailure, b *report.Builder, opt parse.Options) {
	root := ""
	for _, it := range items {
		if r := vitestRoot(it.Text); r != "" {
			root = r
			break
		}
	}
	ropt := opt
	if root != "" {
		ropt.Cwd = root
	}
	for _, it := range items {
		f := it.Failure
		f.File = ropt.Rel(f.File)
		if f.Kind == report.KindSuite {
			f.Name = f.File // as the text reporter names a file that failed to load
		}
		// A declared location (includeTaskLocation) places the test;
		// the failing line of its stack, when there is one, places the
		// failure better.
		declared := f.Line
		f.Line = 0
		analyzeBody(&f, strings.Split(it.Text, "\n"), nil, b, ropt)
		if f.Line == 0 && f.Kind != report.KindSuite {
			f.Line = declared
		}
		b.AddFailure(f)
	}
}

// vitestRoot finds the project root in an error stack: the directory
// holding the node_modules that vitest's own frames run from.
func vitestRoot(text string) string {
	for _, l := range strings.Split(text, "\n") {
		fr, ok := parseVitestFrame(strings.TrimSpace(l))
		if !ok {
			continue
		}
		p := strings.TrimPrefix(fr.File, "file://")
		for _, m := range []string{"/node_modules/@vitest/", "/node_modules/vitest/"} {
			if i := strings.Index(p, m); i > 0 {
				return p[:i]
			}
		}
	}
	return ""
}
