// Package parse holds what every Go parser of a tool's output shares: the
// options a parser sees, the parser's signature, and helpers for placing a
// failure. Each tool whose output data cannot describe has its parser in a
// package of its own under internal/parse; package profiles names them in
// one table.
package parse

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/report"
)

// Options is what a parser needs to know of the shaping: the page, the
// level of detail and where paths are relative to.
type Options struct {
	// Window is the page of failures to keep.
	Window report.Window
	// Verbose keeps more context: more frames, more diff context, more
	// detail lines.
	Verbose bool
	// Cwd is the working directory, used to shorten absolute paths. Empty
	// leaves paths as they are.
	Cwd string
	// GoModule is the Go module go test's paths are made relative to; zero
	// means the go.mod found in Cwd or its parents.
	GoModule GoModule
	// Frames classifies stack frames: the generic rules and the markers
	// of the tool's profile.
	Frames filters.Markers
}

// GoModule is a Go module's path and the directory of its go.mod.
type GoModule struct {
	Path string
	Dir  string
}

// FrameLimit is the number of user frames kept per failure.
func (o Options) FrameLimit() int {
	if o.Verbose {
		return 10
	}
	return 3
}

// DiffContext is the number of unchanged lines kept around each change.
func (o Options) DiffContext() int {
	if o.Verbose {
		return 3
	}
	return 1
}

// DetailLimit is the number of extra message lines kept per failure.
func (o Options) DetailLimit() int {
	if o.Verbose {
		return 40
	}
	return 8
}

// Rel shortens an absolute path under Cwd to a relative one. (A pointer
// receiver: the parsers call it for every failure, and a copy of the
// options cost more than most calls.)
func (o *Options) Rel(p string) string {
	if o.Cwd == "" || !filepath.IsAbs(p) {
		return p
	}
	if r, ok := relClean(o.Cwd, p); ok {
		return r
	}
	// Not clean paths: let filepath.Rel clean and compare them.
	if r, err := filepath.Rel(o.Cwd, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

// relClean is Rel for the case that makes a report's paths (a linter names
// every file by its absolute path): clean absolute paths. p under cwd is
// then the rest of p; p elsewhere is kept (filepath.Rel would start it with
// ".."). ok is false for any other case. Rel is called for every problem
// (or file), and filepath.Rel cleans both paths and allocates the "../"
// it returns for a path outside cwd.
func relClean(cwd, p string) (string, bool) {
	if os.PathSeparator != '/' || !cleanAbs(cwd) || !cleanAbs(p) {
		return "", false
	}
	var rest string
	switch {
	case p == cwd:
		return ".", true
	case cwd == "/":
		rest = p[1:]
	case len(p) > len(cwd) && p[len(cwd)] == '/' && p[:len(cwd)] == cwd:
		rest = p[len(cwd)+1:]
	default:
		return p, true
	}
	if strings.HasPrefix(rest, "..") {
		return p, true // a name such as "..a", kept whole as Rel always did
	}
	return rest, true
}

// cleanAbs reports whether s is an absolute slash-separated path that
// filepath.Clean leaves as it is.
func cleanAbs(s string) bool {
	return s == "/" || (len(s) > 1 && s[0] == '/' && cleanRel(s[1:]))
}

// cleanRel reports whether s is a non-empty relative slash-separated path
// that filepath.Clean leaves as it is: no empty, "." or ".." element.
func cleanRel(s string) bool {
	for len(s) > 0 {
		i := strings.IndexByte(s, '/')
		elem := s
		if i >= 0 {
			elem = s[:i]
		}
		if elem == "" || elem == "." || elem == ".." {
			return false
		}
		if i < 0 {
			return true
		}
		s = s[i+1:]
		if s == "" {
			return false // a trailing slash
		}
	}
	return false
}

// TextParser reads a tool's text output line by line into a report builder.
type TextParser func(lines *filters.LineReader, b *report.Builder, opt Options) error

// JSONFailure is a failure as a profile's jq program yields it: report fields,
// and the tool's own text for the failure (or a whole file's failures).
type JSONFailure struct {
	report.Failure
	Text string `json:"text"`
}

// MessageAnalyzer turns the failures a jq program yields, with the tool's own
// text, into report failures, as the text parser would. It sees them all at
// once, since one item can explain the paths of another.
type MessageAnalyzer func(items []JSONFailure, b *report.Builder, opt Options)

// PluralS is word with an s when n is not 1.
func PluralS(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
