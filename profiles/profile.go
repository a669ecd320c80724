// Package profiles holds one profile per tool: how to recognise its output
// and how to turn it into a report. A profile is data (a YAML file: detection
// signatures, text rules, a jq program for the tool's JSON form, sample
// cases); Go code is used only where data cannot express the parsing, and is
// then named from the YAML. Built-in profiles are embedded; users add their
// own YAML files without recompiling.
package profiles

import (
	"fmt"
	"github.com/terse-dev/terse/internal/match"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/itchyny/gojq"
	"gopkg.in/yaml.v3"

	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/fastre"
	"github.com/terse-dev/terse/internal/filters"
)

// Profile is one tool's profile, loaded from YAML.
type Profile struct {
	Name        string   `yaml:"name"`
	Description string   `yaml:"description"`
	Commands    []string `yaml:"commands"`
	Detect      Detect   `yaml:"detect"`
	Text        Text     `yaml:"text"`
	JSON        JSONForm `yaml:"json"`
	// Document shapes the tool's JSON documents that are not test reports.
	Document *Document `yaml:"document"`
	// Frames names the tool's own stack frames (see Frames).
	Frames  Frames   `yaml:"frames"`
	Samples []Sample `yaml:"samples"`
	// Source is the file the profile came from.
	Source string `yaml:"-"`

	// The compiled forms are made on first use (see patterns and programs):
	// terse starts once per command it wraps, and compiling every
	// profile's regexps and jq at each start cost milliseconds that most
	// runs never use.
	patternsOnce sync.Once
	patternsErr  error
	sigsOnce     sync.Once
	sigs         []signature
	// implies says, by top-level rule, whether the rule matches no line
	// that none of the signatures does (see ruleImplies).
	impliesOnce sync.Once
	implies     []bool
	rules       []compiledRule
	// starts are the failure rules of rules, which a block tries on each
	// of its lines; lead and startLead pick the rules and starts a line
	// may match (leaddispatch.go).
	starts          []*compiledRule
	startAt         []int32 // the starts' places among rules
	lead, startLead *match.LeadDispatch
	// wheres are the context rules of rules that name a file, which the
	// matchers run ahead on a line they ran only the starts on
	// (blockGuess.where).
	wheres []*compiledRule
	// top picks the rules a line may match by its indentation too, for
	// the matchers reading ahead (ruleahead.go).
	top          *blockDispatch
	jsonFlags    []*regexp.Regexp
	programsOnce sync.Once
	programsErr  error
	jsonDetect   *gojq.Code
	jsonMap      *gojq.Code
}

// Detect says how to recognise the tool's output without being told.
type Detect struct {
	// Text holds regular expressions matched against the first lines of
	// the input (ANSI removed). The profile claims the input when at least
	// Min of them match some line.
	Text []string `yaml:"text"`
	Min  int      `yaml:"min"`
	// Over names signatures of Text that go before another profile's
	// where a line matches both, in detection's ties and in the claims
	// of a stream (claimIndex.lead): a golangci-lint issue is a go vet
	// problem with the linter after it, and go vet comes first by name.
	Over []Over `yaml:"over"`
	// Needs holds, for each pattern of Text, literals of which every line
	// it matches contains one (none when there are none to be had). It is worked out
	// from the patterns when the profile loads (built-ins: when the table
	// is generated), and lets detection skip compiling a pattern whose
	// literal the input does not contain, which is most of them.
	Needs [][]string `yaml:"-"`
	// Claims holds, for each pattern of Text, the sets of literals every
	// line it matches holds one of, best first (claimSets): the claim
	// index of every pipe reads them, and working them out from the
	// patterns was a third of a small pipe's time. Worked out as Needs is.
	Claims [][][]string `yaml:"-"`
	// Gates holds, for each pattern of Text, the gates the claim index
	// reads besides the literals (claimtable.go): worked out when the
	// built-in table is generated (WorkOutGates), and for a user's profile
	// when an index is built.
	Gates []SigGate `yaml:"-"`
	// JSON is a jq expression that yields true for the tool's JSON document.
	JSON string `yaml:"json"`
}

// Over is a signature of a profile's (one of its Detect.Text) that goes
// before Profile's signatures where a line matches both.
type Over struct {
	Profile string `yaml:"profile"`
	Text    string `yaml:"text"`
}

// Text says how to parse the tool's text output: a Go parser registered under
// Parser, or else the Rules.
type Text struct {
	Parser string `yaml:"parser"`
	Rules  []Rule `yaml:"rules"`
	// Unmatched is what rules do with a line no rule matches: "drop"
	// (counted) or "keep" (the default, kept as a note).
	Unmatched string `yaml:"unmatched"`
	// Lint makes the rules' failures a linter's problems (see LintRules).
	Lint *LintRules `yaml:"lint"`
}

// Frames are path fragments that mark a tool's frames, beside the
// language-generic rules (node internals, node_modules, site-packages, the
// Go runtime): a test runner's own packages are its machinery, which only
// its profile can name. Parsers drop the frames they mark, and count them.
type Frames struct {
	// Runtime holds fragments of the paths of the tool's own machinery
	// ("/jest-circus/").
	Runtime []string `yaml:"runtime"`
	// Dependency holds fragments of the paths of third-party code the
	// generic rules do not recognise.
	Dependency []string `yaml:"dependency"`
}

// markers is the classifier the profile's parser places frames with.
func (f Frames) markers() filters.Markers {
	return filters.Markers{Runtime: f.Runtime, Dependency: f.Dependency}
}

// Rule maps lines matching a regular expression to a part of the report.
type Rule struct {
	Match string `yaml:"match"`
	// Emit is one of: failure (named groups file, line, column, name,
	// message, kind, severity; kind lint renders grouped by file), detail
	// (appended to the last failure: its group message, or the whole line),
	// counts (groups total, passed, failed, skipped, todo, errors), summary
	// (a linter's tally, text.lint only: groups errors, warnings, notes,
	// files, checked; the status line says them), context (groups file,
	// line: where the failures that follow are, when their own lines do
	// not say), note, drop, excerpt (dropped with the unmatched line just
	// before it: a caret line and the code it marks).
	Emit string `yaml:"emit"`
	// Kind is the failure kind when the pattern has no kind group.
	Kind string `yaml:"kind"`
	// Until makes a failure rule start a block of lines: the lines after
	// it are the failure's details up to the line Until matches (which
	// ends the block, its named groups filling what the start line left
	// empty), or up to a line another failure rule matches.
	Until string `yaml:"until"`
	// Block are the rules for the lines of a failure's block (with
	// Until): emit field (the named groups fill what the failure still
	// lacks; its Kind, if set, is the failure's kind; a line that fills
	// nothing goes on to the next block rule), message (the message group, or else the block's next line,
	// is the message the failure still lacks), drop (counted), detail
	// (the default for a block line no block rule matches), end (the
	// block ends before this line, which the profile's rules then read),
	// repeat (a detail the first time; the same line in a later
	// failure is counted with the lines indented under it: a helper's
	// stack frame) or cancel (while the failure has neither message nor file: its start
	// line was not a failure's after all, and goes, counted; the block ends
	// as with end).
	Block []Rule `yaml:"block"`
	// Append (a block field rule) adds its name group to the failure's
	// name, after a space, while the block has not given the failure its
	// message: a title printed over several lines (mocha's suite, nested
	// suites, test). Once the message is read the rule does not match.
	Append bool `yaml:"append"`
	// Outside makes a failure rule start failures only outside a block:
	// in an open block its line is the block's, read by the block's
	// rules, where any other failure rule's line ends the block first.
	// (go build's "./file.go:l:c: msg" after a golangci-lint run is a
	// problem of its own; under typecheck's issue, the same line is part
	// of that message.)
	Outside bool `yaml:"outside"`
}

// JSONForm maps the tool's JSON document to a report.
type JSONForm struct {
	// Program is a jq program that turns the document into
	// {tests, suites, failures: [{kind, file, line, name, message, raw}], notes}.
	Program string `yaml:"program"`
	// Messages names a Go analyzer that splits each failure's raw text into
	// message, expected/received, diff and frames.
	Messages string `yaml:"messages"`
	// Flags are regular expressions over the tool's arguments: when one
	// matches an argument (jest's --json), the tool prints this JSON form
	// on stdout, and `terse run` reads stdout apart from stderr to shape it.
	Flags []string `yaml:"flags"`
}

// Sample is a small case the profile carries: input and the llm output it
// must shape into. The tests check every sample of every profile.
type Sample struct {
	Name  string   `yaml:"name"`
	Args  []string `yaml:"args"`
	Input string   `yaml:"input"`
	Want  string   `yaml:"want"`
}

type compiledRule struct {
	Rule
	re    *fastre.Regexp
	until *fastre.Regexp
	block []compiledRule
	// lit and untilLit say which lines re and until cannot match
	// (rulelit.go): those skip the regexp.
	lit, untilLit match.LineFilter
	// has is the named groups of re that fill reads (see rulesParser.idle).
	has fieldSet
	// named says whether re has named groups (else MatchString does).
	named bool
	// indent turns away block lines by their indentation, and dispatch
	// picks the block rules a line may match by its indentation and the
	// first byte past it (blockdispatch.go).
	indent   indentFilter
	dispatch *blockDispatch
	// slots is the group of each field (-1: none), see groups.at.
	slots [nFields]int
	// idleAs says when the rule is idle (rulesParser.idle).
	idleAs idleKind
	// sure tells many lines re matches without running it (rulesure.go).
	sure match.SureMatch
	// sub tells many lines re matches, and its groups, without running
	// it (rulesub.go).
	sub *match.SureSub
}

// Parse reads one profile from YAML bytes and compiles it, so that a broken
// user profile is a clear error when terse starts.
func Parse(data []byte, source string) (*Profile, error) {
	p, err := parseLazy(data, source)
	if err != nil {
		return nil, err
	}
	for i := range p.Detect.Text {
		if _, err := p.signature(i); err != nil {
			return nil, fmt.Errorf("profile %s: %w", source, err)
		}
	}
	if err := p.patterns(); err != nil {
		return nil, fmt.Errorf("profile %s: %w", source, err)
	}
	if err := p.programs(); err != nil {
		return nil, fmt.Errorf("profile %s: %w", source, err)
	}
	return p, nil
}

// parseLazy reads one profile and checks what is cheap to check, leaving
// regexps and jq to their first use. Built-in profiles load this way; a
// test compiles every one of them.
func parseLazy(data []byte, source string) (*Profile, error) {
	var p Profile
	if err := yaml.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("profile %s: %w", source, err)
	}
	p.Source = source
	if p.Name == "" {
		return nil, fmt.Errorf("profile %s: no name", source)
	}
	if err := p.check(); err != nil {
		return nil, fmt.Errorf("profile %s: %w", source, err)
	}
	return &p, nil
}

// maxRules is the most text rules a profile may have: a line read ahead
// holds its rule's index in 16 bits (aheadLine).
const maxRules = math.MaxInt16

// check validates the names and enumerations a profile refers to.
func (p *Profile) check() error {
	if p.Text.Parser != "" {
		if _, ok := textParsers[p.Text.Parser]; !ok {
			return fmt.Errorf("text.parser %q is not a known parser", p.Text.Parser)
		}
	}
	if p.JSON.Messages != "" {
		if _, ok := messageAnalyzers[p.JSON.Messages]; !ok {
			return fmt.Errorf("json.messages %q is not a known analyzer", p.JSON.Messages)
		}
	}
	if err := p.Text.checkRules(); err != nil {
		return err
	}
	if p.Text.Lint != nil {
		if err := p.Text.Lint.check(); err != nil {
			return err
		}
	}
	if p.Document != nil {
		if err := p.Document.check(); err != nil {
			return err
		}
	}
	if p.Detect.Min == 0 {
		p.Detect.Min = min(2, len(p.Detect.Text))
	}
	for _, o := range p.Detect.Over {
		if !slices.Contains(p.Detect.Text, o.Text) {
			return fmt.Errorf("detect.over: %q (over %s) is not one of detect.text", o.Text, o.Profile)
		}
	}
	// Gates, worked out from the same patterns, are the table's to hold
	// (WorkOutGates): none held, an index works them out.
	p.Detect.Needs, p.Detect.Claims, p.Detect.Gates = nil, nil, nil
	for _, t := range p.Detect.Text {
		p.Detect.Needs = append(p.Detect.Needs, match.RequiredLiterals(t))
		p.Detect.Claims = append(p.Detect.Claims, match.ClaimSets(t))
	}
	return nil
}

// checkRules validates t's text rules: how many there are, and what each
// emits and may carry.
func (t *Text) checkRules() error {
	if len(t.Rules) > maxRules {
		return fmt.Errorf("text: %d rules, more than the %d a profile may have", len(t.Rules), maxRules)
	}
	for _, r := range t.Rules {
		switch r.Emit {
		case "failure", "detail", "counts", "context", "note", "drop", "excerpt", "signal":
			if r.Until != "" && r.Emit != "failure" {
				return fmt.Errorf("rule %q: until is for failure rules", r.Match)
			}
			if r.Append {
				return fmt.Errorf("rule %q: append is for a block's field rules", r.Match)
			}
			if r.Outside && r.Emit != "failure" {
				return fmt.Errorf("rule %q: outside is for failure rules", r.Match)
			}
			if err := checkBlock(r); err != nil {
				return err
			}
		case "summary":
			if t.Lint == nil {
				return fmt.Errorf("rule %q: emit summary needs text.lint", r.Match)
			}
		default:
			return fmt.Errorf("rule %q: emit %q is not one of failure, detail, counts, summary, context, note, drop, excerpt", r.Match, r.Emit)
		}
	}
	return nil
}

// signature is one detection pattern, compiled on first use.
type signature struct {
	once sync.Once
	re   *fastre.Regexp
	err  error
	// sub tells many lines the pattern surely matches or surely does
	// not without running it (nil: none), worked out on the first ask.
	subOnce sync.Once
	sub     match.SureAlts
}

// signature returns detection pattern i, compiled.
func (p *Profile) signature(i int) (*fastre.Regexp, error) {
	p.sigsOnce.Do(func() { p.sigs = make([]signature, len(p.Detect.Text)) })
	s := &p.sigs[i]
	s.once.Do(func() {
		if s.re, s.err = fastre.Compile(p.Detect.Text[i]); s.err != nil {
			s.err = fmt.Errorf("detect pattern %q: %w", p.Detect.Text[i], s.err)
		}
	})
	return s.re, s.err
}

// ruleImplies says, by top-level rule, whether the profile's signatures
// match every line the rule matches (fastre.Implies: one of them, or
// their alternation, which may split the rule's lines between them), worked
// out on the first ask (a few milliseconds a profile): a line a rule of
// the current segment's profile took is that profile's, and its claim
// need not run the signatures to be told so (scanRide.claim). nil when
// the rules do not compile.
func (p *Profile) ruleImplies() []bool {
	p.impliesOnce.Do(func() {
		if p.patterns() != nil {
			return
		}
		implies := make([]bool, len(p.rules))
		var union *fastre.Regexp
		if len(p.Detect.Text) > 1 {
			// go vet's problem rule takes "vet: " before the file, or
			// not: one signature matches each, none both.
			union, _ = fastre.Compile("(?:" + strings.Join(p.Detect.Text, ")|(?:") + ")")
		}
		for i := range p.rules {
			for j := range p.Detect.Text {
				sig, err := p.signature(j)
				if err == nil && fastre.Implies(p.rules[i].re, sig) {
					implies[i] = true
					break
				}
			}
			if !implies[i] && union != nil {
				implies[i] = fastre.Implies(p.rules[i].re, union)
			}
		}
		p.implies = implies
	})
	return p.implies
}

// signatureSub is the sureAlts of detection pattern i (nil: none).
func (p *Profile) signatureSub(i int) match.SureAlts {
	p.sigsOnce.Do(func() { p.sigs = make([]signature, len(p.Detect.Text)) })
	s := &p.sigs[i]
	s.subOnce.Do(func() { s.sub = match.SubsOf(p.Detect.Text[i]) })
	return s.sub
}

// patterns compiles the regular expressions of the profile in use once:
// json.flags and text rules (detection's are compiled one by one, by
// signature).
func (p *Profile) patterns() error {
	p.patternsOnce.Do(func() {
		p.patternsErr = p.compilePatterns()
	})
	return p.patternsErr
}

func (p *Profile) compilePatterns() error {
	if err := p.compileFlags(); err != nil {
		return fmt.Errorf("json.flags: %w", err)
	}
	for _, r := range p.Text.Rules {
		re, err := fastre.Compile(r.Match)
		if err != nil {
			return fmt.Errorf("rule %q: %w", r.Match, err)
		}
		cr := compiledRule{Rule: r, re: re}
		if r.Until != "" {
			if cr.until, err = fastre.Compile(r.Until); err != nil {
				return fmt.Errorf("rule %q: until: %w", r.Match, err)
			}
		}
		if cr.block, err = compileBlock(r); err != nil {
			return err
		}
		cr.dispatch = newBlockDispatch(cr.block)
		cr.prepare()
		p.rules = append(p.rules, cr)
	}
	all := make([]*compiledRule, len(p.rules))
	for i := range p.rules {
		all[i] = &p.rules[i]
		if p.rules[i].Emit == "failure" && !p.rules[i].Outside {
			p.starts = append(p.starts, &p.rules[i])
			p.startAt = append(p.startAt, int32(i))
		}
		if p.rules[i].Emit == "context" && p.rules[i].has&hasFile != 0 {
			p.wheres = append(p.wheres, &p.rules[i])
		}
	}
	p.lead, p.startLead = leadOf(all), leadOf(p.starts)
	p.top = newBlockDispatch(p.rules)
	return nil
}

// programs compiles the profile's jq once: detect.json, json.program and
// the document shapes.
func (p *Profile) programs() error {
	p.programsOnce.Do(func() {
		p.programsErr = p.compilePrograms()
	})
	return p.programsErr
}

func (p *Profile) compilePrograms() error {
	var err error
	if p.Detect.JSON != "" {
		if p.jsonDetect, err = compileJQ(p.Detect.JSON); err != nil {
			return fmt.Errorf("detect.json: %w", err)
		}
	}
	if p.JSON.Program != "" {
		if p.jsonMap, err = compileJQ(p.JSON.Program); err != nil {
			return fmt.Errorf("json.program: %w", err)
		}
	}
	if p.Document != nil {
		if err := p.Document.compiled(); err != nil {
			return err
		}
	}
	return nil
}

func compileJQ(src string) (*gojq.Code, error) {
	q, err := gojq.Parse(src)
	if err != nil {
		return nil, fmt.Errorf("jq: %w", err)
	}
	c, err := compileBudgeted(q)
	if err != nil {
		return nil, fmt.Errorf("jq: %w", err)
	}
	return c, nil
}

// HasJSON reports whether the profile can shape the tool's JSON form.
func (p *Profile) HasJSON() bool { return p.JSON.Program != "" }

// Set is the profiles in use, by name.
type Set struct {
	byName map[string]*Profile
	names  []string
	// replaced holds the built-ins a user's profile of the same name
	// replaced.
	replaced map[string]*Profile
}

// Builtin returns the profiles built into terse. They are written in YAML
// (profiles/*/profile.yaml) and compiled into builtinTable, so that no start of
// terse parses them; TestBuiltinTable keeps the two in step.
func Builtin() (*Set, error) {
	s := &Set{byName: make(map[string]*Profile, len(builtinTable))}
	for _, p := range builtinTable {
		s.add(p)
	}
	return s, nil
}

// LoadDir adds every *.yaml profile in dir, replacing built-ins of the same
// name. A missing dir is not an error. A profile that cannot be used (it
// does not parse or compile, or is not a regular file of at most
// commands.MaxProfileSize) is left out, and returned among the errors, one
// per file, each naming it: one broken file of the user's must not take the
// others, or the input being shaped, down with it.
func (s *Set) LoadDir(dir string) []error {
	var skipped []error
	skip := func(err error) { skipped = append(skipped, err) }
	_ = commands.EachProfileFile(dir, func(path string, data []byte) error {
		p, err := Parse(data, path)
		if err != nil {
			skip(err)
			return nil
		}
		s.add(p)
		return nil
	}, skip)
	return skipped
}

func (s *Set) add(p *Profile) {
	if old, ok := s.byName[p.Name]; !ok {
		s.names = append(s.names, p.Name)
		sort.Strings(s.names)
	} else if old.IsBuiltin() && !p.IsBuiltin() {
		if s.replaced == nil {
			s.replaced = map[string]*Profile{}
		}
		s.replaced[p.Name] = old
	}
	s.byName[p.Name] = p
}

// Add adds a profile, replacing one of the same name.
func (s *Set) Add(p *Profile) { s.add(p) }

// Replaced returns the built-in profile a user's profile of the same name
// replaced, if any.
func (s *Set) Replaced(name string) (*Profile, bool) {
	p, ok := s.replaced[name]
	return p, ok
}

// builtinPrefix starts the Source of a built-in profile.
const builtinPrefix = "builtin:"

// IsBuiltin reports whether the profile is built into terse.
func (p *Profile) IsBuiltin() bool { return strings.HasPrefix(p.Source, builtinPrefix) }

// Get returns the profile called name.
func (s *Set) Get(name string) (*Profile, bool) {
	p, ok := s.byName[name]
	return p, ok
}

// Names lists the profile names, sorted.
func (s *Set) Names() []string { return append([]string(nil), s.names...) }

// All returns the profiles, sorted by name.
func (s *Set) All() []*Profile {
	out := make([]*Profile, 0, len(s.names))
	for _, n := range s.names {
		out = append(out, s.byName[n])
	}
	return out
}
