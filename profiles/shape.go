package profiles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/terse-dev/terse/filters"
	"github.com/terse-dev/terse/report"
)

// Options tune how a profile shapes its input.
type Options struct {
	// Window is the page of failures to keep.
	Window filters.Window
	// Verbose keeps more context: more frames, more diff context, more
	// detail lines.
	Verbose bool
	// Cwd is the working directory, used to shorten absolute paths. Empty
	// leaves paths as they are.
	Cwd string
	// Doc holds the settings for JSON documents (--fields, --jq).
	Doc DocOptions
	// GoModule is the Go module go test's paths are made relative to; zero
	// means the go.mod found in Cwd or its parents.
	GoModule GoModule
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

// Rel shortens an absolute path under Cwd to a relative one.
func (o Options) Rel(p string) string {
	if o.Cwd == "" || !filepath.IsAbs(p) {
		return p
	}
	if r, err := filepath.Rel(o.Cwd, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
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

var (
	textParsers      = map[string]TextParser{}
	messageAnalyzers = map[string]MessageAnalyzer{}
)

// RegisterTextParser makes a Go text parser available to profiles by name.
func RegisterTextParser(name string, p TextParser) { textParsers[name] = p }

// RegisterMessageAnalyzer makes a Go message analyzer available by name.
func RegisterMessageAnalyzer(name string, a MessageAnalyzer) { messageAnalyzers[name] = a }

// ShapeText parses the text output in r with profile p.
func ShapeText(p *Profile, r io.Reader, opt Options) (*report.Report, error) {
	lr := filters.NewLineReader(r)
	b := report.NewBuilder(p.Name, opt.Window)
	var err error
	if p.Text.Parser != "" {
		err = textParsers[p.Text.Parser](lr, b, opt)
	} else {
		err = parseRules(p, lr, b, opt)
	}
	if lr.CutLines > 0 {
		b.Omit(fmt.Sprintf("bytes of %d overlong %s", lr.CutLines, pluralS(lr.CutLines, "line")), int(lr.CutBytes))
	}
	if err != nil {
		return nil, err
	}
	return b.Finish(), nil
}

// ErrNoJSONForm is returned when a profile has no mapping for JSON input.
var ErrNoJSONForm = errors.New("profile has no JSON form")

// jsonResult is the shape a profile's jq program produces.
type jsonResult struct {
	Tool     string            `json:"tool"`
	Tests    report.Counts     `json:"tests"`
	Suites   *report.Counts    `json:"suites"`
	Failures []JSONFailure     `json:"failures"`
	Notes    []string          `json:"notes"`
	Omitted  []report.Omission `json:"omitted"`
	Lint     *report.Lint      `json:"lint"`
}

// ShapeJSON maps a decoded JSON document with the profile's jq program.
func ShapeJSON(p *Profile, doc any, opt Options) (*report.Report, error) {
	if err := p.programs(); err != nil {
		return nil, fmt.Errorf("profile %s: %w", p.Name, err)
	}
	if p.jsonMap == nil {
		return nil, ErrNoJSONForm
	}
	outs, err := runJQ(p.jsonMap, doc, 1)
	if err != nil {
		return nil, fmt.Errorf("profile %s: jq program: %w", p.Name, err)
	}
	if len(outs) == 0 {
		return nil, fmt.Errorf("profile %s: jq program gave no result", p.Name)
	}
	v := outs[0]
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("profile %s: %w", p.Name, err)
	}
	var res jsonResult
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&res); err != nil {
		return nil, fmt.Errorf("profile %s: jq result does not fit the report: %w", p.Name, err)
	}
	b := report.NewBuilder(p.Name, opt.Window)
	b.AddTests(res.Tests)
	if res.Suites != nil {
		b.AddSuites(*res.Suites)
	}
	if res.Lint != nil {
		b.AddLint(*res.Lint)
	}
	if analyze := messageAnalyzers[p.JSON.Messages]; analyze != nil {
		analyze(res.Failures, b, opt)
	} else {
		for _, f := range res.Failures {
			f.File = opt.Rel(f.File)
			b.AddFailure(f.Failure)
		}
	}
	for _, n := range res.Notes {
		b.Note(n)
	}
	for _, o := range res.Omitted {
		b.Omit(o.What, o.Count)
	}
	return b.Finish(), nil
}

func pluralS(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
