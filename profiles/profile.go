// Package profiles holds one profile per tool: how to recognise its output
// and how to turn it into a report. A profile is data (a YAML file: detection
// signatures, text rules, a jq program for the tool's JSON form, sample
// cases); Go code is used only where data cannot express the parsing, and is
// then named from the YAML. Built-in profiles are embedded; users add their
// own YAML files without recompiling.
package profiles

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/terse-dev/terse/internal/match"

	"github.com/itchyny/gojq"

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
	holdsOnce    sync.Once
	holds        []*regexp.Regexp
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
	// plain is the plain paths this profile takes (tests only: see
	// plainPaths).
	plain plainPaths
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
	// of a stream (claim.Lead): a golangci-lint issue is a go vet
	// problem with the linter after it, and go vet comes first by name.
	Over []Over `yaml:"over"`
	// Holds are regular expressions of lines that stay in a run of this
	// profile even where another profile's signature claims them: the
	// tool prints other output inside its own. go test -v indents a
	// test's log by eight spaces past its first line, and a test that
	// logs a jest report must not cut the run at its PASS lines.
	Holds []string `yaml:"holds"`
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

// EmitKind is what a rule makes of the lines it matches (Rule.Emit): a
// top-level rule's kinds are listed at Rule.Emit, a block rule's at
// Rule.Block. Compiling a profile checks each rule's once (compile.go);
// the parser then switches on these constants, never on free text.
type EmitKind string

// The kinds a rule may emit.
const (
	EmitFailure   EmitKind = "failure"
	EmitDetail    EmitKind = "detail"
	EmitCounts    EmitKind = "counts"
	EmitSummary   EmitKind = "summary"
	EmitContext   EmitKind = "context"
	EmitNote      EmitKind = "note"
	EmitDrop      EmitKind = "drop"
	EmitExcerpt   EmitKind = "excerpt"
	EmitSignal    EmitKind = "signal"
	EmitFlaky     EmitKind = "flaky"
	EmitField     EmitKind = "field"
	EmitMessage   EmitKind = "message"
	EmitEnd       EmitKind = "end"
	EmitRepeat    EmitKind = "repeat"
	EmitCancel    EmitKind = "cancel"
	EmitChain     EmitKind = "chain"
	EmitSupersede EmitKind = "supersede"
)

// Rule maps lines matching a regular expression to a part of the report.
type Rule struct {
	Match string `yaml:"match"`
	// Emit is one of: failure (named groups file, line, column, name,
	// message, kind, severity; kind lint renders grouped by file), detail
	// (appended to the last failure: its group message, or the whole line),
	// counts (groups total, passed, failed, skipped, todo, errors, flaky), summary
	// (a linter's tally, text.lint only: groups errors, warnings, notes,
	// files, checked; the status line says them), context (groups file,
	// line: where the failures that follow are, when their own lines do
	// not say), note, drop, excerpt (dropped with the unmatched line just
	// before it: a caret line and the code it marks), signal, flaky (the
	// tally of tests that passed on a retry, then their names: the
	// failures listed with those names are said flaky).
	Emit EmitKind `yaml:"emit"`
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

// signatureSub is the sureAlts of detection pattern i (nil: none).
func (p *Profile) signatureSub(i int) match.SureAlts {
	p.sigsOnce.Do(func() { p.sigs = make([]signature, len(p.Detect.Text)) })
	s := &p.sigs[i]
	s.subOnce.Do(func() { s.sub = match.SubsOf(p.Detect.Text[i]) })
	return s.sub
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
	// plain is the plain paths the scan and its claim index take (tests
	// only: see plainPaths).
	plain plainPaths
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

// Generic is the name of the fallback profile.
const Generic = "generic"

// The gates of a detection signature, as the built-in table holds them
// (builtin_table.go, generated): the matching layer's own types, named
// here so that the generated table reads them as profile fields.
type (
	// SigGate is match.SigGate.
	SigGate = match.SigGate
	// SigHead is match.SigHead.
	SigHead = match.SigHead
	// SigHeadAlt is match.SigHeadAlt.
	SigHeadAlt = match.SigHeadAlt
	// SigStep is match.SigStep.
	SigStep = match.SigStep
)

// Document is how a profile shapes a tool's JSON documents that are not test
// reports (spec tools, task trackers, cloud CLIs): jsonshape's generic
// shaping, with per-profile defaults, and per-command shapes told apart by
// the document's own shape.
type Document struct {
	// Limit is the page size of the main list (default DefaultDocLimit).
	Limit int `yaml:"limit"`
	// CompactEnv names environment variables that ask for the tool's
	// compact mode when set (to anything but "", "0" or "false"), as
	// LLM_OUTPUT=compact does.
	CompactEnv []string `yaml:"compact_env"`
	// NoiseFields are dotted paths from the root dropped as per-run noise.
	NoiseFields []string `yaml:"noise_fields"`
	// VerboseFields are dotted paths in each main-list item dropped unless
	// --verbose.
	VerboseFields []string `yaml:"verbose_fields"`
	// Defs are jq definitions available to every program of the profile.
	Defs string `yaml:"defs"`
	// Shapes are the tool's commands, recognised by the shape of their
	// output; the first whose When holds shapes the document.
	Shapes []DocShape `yaml:"shapes"`

	once sync.Once
	err  error
}

// DocShape is the output of one of the tool's commands.
type DocShape struct {
	Name string `yaml:"name"`
	// When is a jq expression true for this command's output. A profile is
	// detected when one of its shapes' When holds.
	When string `yaml:"when"`
	// List is the dotted path of the main list (default: the largest).
	List string `yaml:"list"`
	// Limit overrides the profile's page size (10 suits search results).
	Limit int `yaml:"limit"`
	// CompactLimit is the page size in compact mode, unless --limit is given.
	CompactLimit int `yaml:"compact_limit"`
	// VerboseFields and NoiseFields add to the profile's.
	VerboseFields []string `yaml:"verbose_fields"`
	NoiseFields   []string `yaml:"noise_fields"`
	// Program is a jq program run on the document before the generic
	// shaping. It may drop or restructure parts of it; what it drops it
	// must name in a top-level "_omit" object ({"name": dropped value}),
	// which terse removes and counts in tokens, so nothing goes silently.
	Program string `yaml:"program"`
	// VerboseProgram replaces Program with --verbose (default: none, the
	// document as the tool printed it).
	VerboseProgram string `yaml:"verbose_program"`

	whenQ, programQ, verboseQ     *gojq.Query
	when, program, verboseProgram *gojq.Code
}

// LintRules makes a rules profile a linter's or compiler's: its failures are
// lint problems, grouped by file, errors first, then warnings, then notes,
// and the status line counts them ("FAIL 3 problems (2 errors, 1 warning) in
// 2 files").
type LintRules struct {
	// Severity maps what a failure rule's severity group captured ("E",
	// "warning", "fatal error") to error, warning or note. Values not in
	// the map are classed by their words: error and fatal are errors,
	// warning is a warning, anything else is a note.
	Severity map[string]string `yaml:"severity"`
	// FailsOn is the least severe class that fails the run, as the tool's
	// exit code says: error (the default: gcc, tsc, mypy), warning, or
	// note (flake8, shellcheck and pylint fail on any problem).
	FailsOn string `yaml:"fails_on"`
}
