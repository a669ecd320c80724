package jest

import (
	"path/filepath"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// AnalyzeMessages parses the per-file failure text of jest's --json
// document. The document names files absolutely and the text relative to
// jest's root directory; the root is found from any file whose text has a
// frame in it, and applied to all.
func AnalyzeMessages(items []parse.JSONFailure, b *report.Builder, opt parse.Options) {
	root := ""
	for _, it := range items {
		if r := jestRoot(it.File, it.Text); r != "" {
			root = r
			break
		}
	}
	for _, it := range items {
		if it.Text == "" {
			b.AddFailure(it.Failure)
			continue
		}
		p := newJestParser(b, opt)
		p.summary, p.fromJSON = true, true
		p.file = opt.Rel(it.File)
		if root != "" && strings.HasPrefix(it.File, root) {
			p.file = strings.TrimPrefix(it.File, root)
		}
		for _, l := range strings.Split(it.Text, "\n") {
			p.feed(filters.CleanLine(l))
		}
		p.flush()
	}
}

// jestRoot returns the directory that makes the absolute test file name the
// relative path the text's frames use ("/x/proj/" for "/x/proj/a.test.js"
// and a frame in "a.test.js").
func jestRoot(file, text string) string {
	if !filepath.IsAbs(file) {
		return ""
	}
	for _, l := range strings.Split(text, "\n") {
		if fr, ok := filters.ParseJSFrame(l); ok && fr.File != "" && !filepath.IsAbs(fr.File) &&
			strings.HasSuffix(file, "/"+fr.File) {
			return strings.TrimSuffix(file, fr.File)
		}
	}
	return ""
}
