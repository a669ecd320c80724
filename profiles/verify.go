package profiles

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/jsonshape"
	"github.com/terse-dev/terse/internal/match"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// The built-in profiles' YAML, for their samples: the table terse starts
// from (builtinTable) leaves them out, and only `terse verify` and the
// tests run them, so they are parsed when asked for, never at a start.
//
//go:embed */profile.yaml
var builtinSources embed.FS

// SampleHints are the hints a sample's want is written with: what `CMD |
// terse` prints at the default page size.
var SampleHints = render.Hints{
	Next: "… | terse --offset 20",
	More: "… | terse --llm=verbose",
	Raw:  "the same command without terse",
}

// SampleDocHints are SampleHints for JSON documents.
var SampleDocHints = jsonshape.Hints{
	Next:      func(offset int) string { return "… | terse --offset " + strconv.Itoa(offset) },
	More:      "… | terse --verbose",
	AllFields: "… | terse",
}

// SampleWindow is the page a sample is shaped with.
var SampleWindow = report.Window{Limit: 20}

// BuiltinSamples returns the samples each built-in profile carries, by
// profile name.
func BuiltinSamples() (map[string][]Sample, error) {
	out := map[string][]Sample{}
	err := fs.WalkDir(builtinSources, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") {
			return err
		}
		data, err := builtinSources.ReadFile(path)
		if err != nil {
			return fmt.Errorf("reading built-in profile %s: %w", path, err)
		}
		p, err := parseLazy(data, "builtin:"+path)
		if err != nil {
			return err
		}
		out[p.Name] = p.Samples
		return nil
	})
	return out, err
}

// SampleResult is what one sample gave.
type SampleResult struct {
	Profile string
	Sample  string
	Source  string
	Pass    bool
	Want    string
	Got     string
	// Err is set when the sample could not be shaped at all.
	Err error
}

// RunSample shapes a sample's input with its profile, as `CMD | terse -p
// NAME` would at the default page size, and compares the llm output with
// what the sample wants.
func (s *Set) RunSample(p *Profile, smp Sample) SampleResult {
	res := SampleResult{Profile: p.Name, Sample: smp.Name, Source: p.Source, Want: smp.Want}
	out, err := s.Shape(strings.NewReader(smp.Input), p, Options{Window: SampleWindow})
	if err != nil {
		res.Err = err
		return res
	}
	var b bytes.Buffer
	switch {
	case out.Report != nil:
		err = render.LLM(&b, out.Report, SampleHints)
	case out.Doc != nil:
		// A JSON document: what the CLI prints for it by default.
		err = jsonshape.WriteJSON(&b, out.Doc, SampleDocHints, false)
	default:
		res.Err = fmt.Errorf("not shaped: %v", out.Invalid)
		return res
	}
	if err != nil {
		res.Err = fmt.Errorf("rendering: %w", err)
		return res
	}
	res.Got = b.String()
	res.Pass = res.Got == smp.Want
	return res
}

// Advice is a line for each thing in p's patterns that the matching layer
// cannot read (match.Advice): the pattern, what it does, and how to write
// it. terse verify prints them; the built-in profiles have none
// (TestBuiltinsNeedNoAdvice).
func (p *Profile) Advice() []string {
	var out []string
	add := func(what, pattern string, role match.Role) {
		for _, a := range match.Advice(pattern, role) {
			out = append(out, fmt.Sprintf("%s '%s' %s", what, pattern, a))
		}
	}
	for _, s := range p.Detect.Text {
		add("signature", s, match.Signature)
	}
	var walk func(rs []Rule)
	walk = func(rs []Rule) {
		for _, r := range rs {
			add("rule", r.Match, match.Rule)
			add("block end", r.Until, match.BlockEnd)
			walk(r.Block)
		}
	}
	walk(p.Text.Rules)
	return out
}
