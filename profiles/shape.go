package profiles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/itchyny/gojq"
	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// Options tune how a profile shapes its input.
type Options struct {
	// Window is the page of failures to keep.
	Window report.Window
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
	GoModule parse.GoModule
	// Whole asks for every failure of a text input that one tool's
	// profile shapes, when its parser's page is the page of its whole
	// report (wholeParsers): it is shaped with no limit whatever Window
	// says, and Outcome.Whole says so. The caller
	// pages it (report.PageOf). terse run records every failure of a run
	// to compare with the next one, and shaped the saved output a second
	// time for them when the page held only some. Other inputs are shaped
	// with Window.
	Whole bool
	// WholeMax, above zero, is the most failures Outcome.All holds; past
	// it All counts them without holding them (terse run records no more
	// than that many).
	WholeMax int
	// EveryMax, above zero and without Whole, asks Outcome.All to hold
	// every failure beside the page, up to EveryMax of them, when one
	// tool's profile shapes text and its parser gives every failure whole
	// (offPageParsers, everyParsers), a linter's aside (its sink puts the
	// errors first on the page alone): a pipe gathers the failures of one
	// cause from the whole list, and shaped the input a second time for
	// it before (BENCHMARKS.md, "Figures behind the code").
	EveryMax int
	// every, set by forText, is given every failure of a page's shaping
	// (report.Builder.Every), for Outcome.All.
	every *report.Builder
	// lintAll, set by forText, is the list of every problem beside a
	// linter's page, for Outcome.All (lintwhole.go).
	lintAll *lintAll
	// red, when set, is the shaped report's report.Builder.Red: a pipe's
	// scan reads it to stop looking for failure signals (shapeStream).
	red *atomic.Bool
	// ride, when set, is a pipe's scan, which rides on a rules profile's
	// reader (scanRide).
	ride *scanRide
}

// forText is o for shaping text with profile p: with no limit when o.Whole
// asks for every failure and p's parser pages as the window would
// (wholeParsers), which it reports; with the window, and a builder for
// every failure beside it (Outcome.All), when p's parser gives them while
// it shapes a page (everyParsers). A linter's profile is shaped with the
// window: with no page its sink holds every warning to put the errors
// first (packed, 167 MB for `--limit 0` of 100 MB of flake8's output; 611
// MB as Failures). With o.Whole, a second sink beside it makes the list of
// every problem, up to lintAllMax of them (lintwhole.go).
func (o Options) forText(p *Profile) (Options, bool) {
	o.every, o.lintAll = nil, nil
	switch {
	case p.Text.Lint != nil:
		if o.Whole {
			o.lintAll = newLintAll(p, o.WholeMax)
		}
		return o, false
	case !o.Whole:
		if o.EveryMax > 0 && (offPageParsers[p.Text.Parser] || everyParsers[p.Text.Parser]) {
			o.every = report.NewBuilder(p.Name, report.Window{Limit: o.EveryMax})
		}
		return o, false
	case wholeParsers[p.Text.Parser]:
		o.Window = report.Window{}
		return o, true
	case everyParsers[p.Text.Parser]:
		o.every = report.NewBuilder(p.Name, report.Window{Limit: max(o.WholeMax, 0)})
	}
	return o, false
}

// everyOf is the report of every failure that shaping with o gave its
// builder's Every (nil when o asked none): the whole list beside a page.
func (o Options) everyOf() *report.Report {
	if o.lintAll != nil {
		return o.lintAll.finish()
	}
	if o.every == nil {
		return nil
	}
	return o.every.Finish()
}

// parser is what profile p's parser sees of the options.
func (o Options) parser(p *Profile) parse.Options {
	return parse.Options{Window: o.Window, Verbose: o.Verbose, Cwd: o.Cwd, GoModule: o.GoModule, Frames: p.Frames.markers()}
}

// ShapeText parses the text output in r with profile p.
func ShapeText(p *Profile, r io.Reader, opt Options) (*report.Report, error) {
	return shapeTextWatched(p, r, opt, nil)
}

// shapeTextWatched is ShapeText that, with watch, also looks for failure
// signals on every line it reads (a pipe's scan does so for a profile
// that is not named; this is the guard of one that is): a report that
// would pass, or say nothing, with a line that says something failed
// fails instead (reconcile). The lines a profile's own rules mark as
// signals (emit: signal) are reconciled either way.
func shapeTextWatched(p *Profile, r io.Reader, opt Options, watch *signals) (*report.Report, error) {
	lr := filters.NewLineReader(r)
	b := report.NewBuilder(p.Name, opt.Window)
	b.Every = opt.every
	if watch != nil {
		b.Red = new(atomic.Bool)
		lr.Watch = func(line string) { watch.watch(line, b.Red) }
	} else {
		b.Red = opt.red
	}
	var own signals
	var err error
	if p.Text.Parser != "" {
		err = textParsers[p.Text.Parser](lr, b, opt.parser(p))
	} else {
		err = parseRules(p, lr, b, opt.parser(p), &own, opt.ride, opt.lintAll)
	}
	if lr.CutLines > 0 {
		b.Omit(fmt.Sprintf("bytes of %d overlong %s", lr.CutLines, parse.PluralS(lr.CutLines, "line")), int(lr.CutBytes))
	}
	if err != nil {
		return nil, err
	}
	rep := b.Finish()
	ruled := own.n
	if watch != nil {
		own.merge(*watch)
	}
	before := rep.Unexplained
	reconcile(rep, &own)
	if rep.Unexplained > before {
		// The rules' signal lines were counted as dropped lines; the
		// guard now lists them, or counts them as unexplained.
		rep.Uncount("lines", ruled)
	}
	if watch != nil && b.Red.Load() && reconcilable(rep) {
		// Sure to fail once (a linter's problem of a failing class),
		// then passed by the tool's own summary: the two disagree, and
		// unless the watch was whole it stopped at the first, so what
		// came after went unwatched. No PASS on either.
		line := redThenPassed
		if !watch.whole {
			line += redUnwatched
		}
		markUnexplained(rep, 1, []string{line})
	}
	return rep, nil
}

// redThenPassed is the unexplained line of a report that was sure to fail
// and then passed by the tool's summary (shapeTextWatched), and
// redUnwatched what it adds when the lines after went unwatched.
const (
	redThenPassed = "a problem of a class that fails the run was listed, then the tool's summary said it passed"
	redUnwatched  = "; the lines after it were not looked at for failure signals (without -p, terse reads them again)"
)

// ErrNoJSONForm is returned when a profile has no mapping for JSON input.
var ErrNoJSONForm = errors.New("profile has no JSON form")

// jsonResult is the shape a profile's jq program produces.
type jsonResult struct {
	Tool     string              `json:"tool"`
	Tests    report.Counts       `json:"tests"`
	Suites   *report.Counts      `json:"suites"`
	Failures []parse.JSONFailure `json:"failures"`
	Notes    []string            `json:"notes"`
	Omitted  []report.Omission   `json:"omitted"`
	Lint     *report.Lint        `json:"lint"`
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
		analyze(res.Failures, b, opt.parser(p))
	} else {
		po := opt.parser(p)
		for _, f := range res.Failures {
			f.File = po.Rel(f.File)
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

// DocOptions are the command-line settings for documents.
type DocOptions struct {
	// Fields keeps only these keys of each main-list item (--fields).
	Fields []string
	// JQ runs over the input before shaping (--jq).
	JQ *gojq.Code
	// LimitSet is true when --limit was given: it beats the profile's
	// page size.
	LimitSet bool
	// Compact is true when compact output was asked (--llm, LLM_OUTPUT).
	Compact bool
	// Verbose keeps what documents drop by default (--verbose also with
	// JSON output, where Options.Verbose follows the report modes).
	Verbose bool
	// Getenv reads the environment (for a profile's compact_env).
	Getenv func(string) string
}
