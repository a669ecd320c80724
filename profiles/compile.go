package profiles

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/itchyny/gojq"
	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/fastre"
	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/match"
	"gopkg.in/yaml.v3"
)

// check validates what is cheap to validate when the profile loads; the jq
// is parsed and compiled on first use (compiled), since most starts of terse
// shape no JSON document at all.
func (d *Document) check() error {
	if d.Limit < 0 {
		return errors.New("document.limit must be 0 or more")
	}
	if d.Defs != "" && !strings.HasSuffix(strings.TrimSpace(d.Defs), ";") {
		return errors.New("document.defs must be jq definitions ending in ';'")
	}
	return nil
}

// parse parses the shapes' jq, with the definitions prepended where used.
func (d *Document) parse() error {
	defs := d.Defs
	names := defNames.FindAllStringSubmatch(defs, -1)
	// with prepends the definitions to programs that call one of them.
	with := func(src string) string {
		for _, n := range names {
			if strings.Contains(src, n[1]) {
				return defs + " " + src
			}
		}
		return src
	}
	for i := range d.Shapes {
		s := &d.Shapes[i]
		for _, q := range []struct {
			what string
			src  string
			dst  **gojq.Query
		}{{"when", s.When, &s.whenQ}, {"program", s.Program, &s.programQ}, {"verbose_program", s.VerboseProgram, &s.verboseQ}} {
			if q.src == "" {
				continue
			}
			parsed, err := gojq.Parse(with(q.src))
			if err != nil {
				return fmt.Errorf("document shape %q %s: jq: %w", s.Name, q.what, err)
			}
			*q.dst = parsed
		}
	}
	return nil
}

// compiled parses and compiles the shapes' jq once, on first use.
func (d *Document) compiled() error {
	d.once.Do(func() {
		if err := d.parse(); err != nil {
			d.err = err
			return
		}
		for i := range d.Shapes {
			s := &d.Shapes[i]
			for _, q := range []struct {
				src  *gojq.Query
				dst  **gojq.Code
				what string
			}{{s.whenQ, &s.when, "when"}, {s.programQ, &s.program, "program"}, {s.verboseQ, &s.verboseProgram, "verbose_program"}} {
				if q.src == nil {
					continue
				}
				code, err := compileBudgeted(q.src)
				if err != nil {
					d.err = fmt.Errorf("document shape %q %s: jq: %w", s.Name, q.what, err)
					return
				}
				*q.dst = code
			}
		}
	})
	return d.err
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
	for _, h := range p.Detect.Holds {
		if _, err := regexp.Compile(h); err != nil {
			return fmt.Errorf("detect.holds: %w", err)
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
		case EmitFailure, EmitDetail, EmitCounts, EmitContext, EmitNote, EmitDrop, EmitExcerpt, EmitSignal, EmitFlaky:
			if r.Until != "" && r.Emit != EmitFailure {
				return fmt.Errorf("rule %q: until is for failure rules", r.Match)
			}
			if r.Append {
				return fmt.Errorf("rule %q: append is for a block's field rules", r.Match)
			}
			if r.Outside && r.Emit != EmitFailure {
				return fmt.Errorf("rule %q: outside is for failure rules", r.Match)
			}
			if err := checkBlock(r); err != nil {
				return err
			}
		case EmitSummary:
			if t.Lint == nil {
				return fmt.Errorf("rule %q: emit summary needs text.lint", r.Match)
			}
		default:
			return fmt.Errorf("rule %q: emit %q is not one of failure, detail, counts, summary, context, note, drop, excerpt, signal, flaky", r.Match, r.Emit)
		}
	}
	return nil
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
		if p.rules[i].Emit == EmitFailure && !p.rules[i].Outside {
			p.starts = append(p.starts, &p.rules[i])
			p.startAt = append(p.startAt, int32(i))
		}
		if p.rules[i].Emit == EmitContext && p.rules[i].has&hasFile != 0 {
			p.wheres = append(p.wheres, &p.rules[i])
		}
	}
	p.lead, p.startLead = leadOf(all), leadOf(p.starts)
	p.top = newBlockDispatch(p.rules)
	if p.plain.shortcuts {
		p.plainShortcuts()
	}
	return nil
}

// plainShortcuts leaves out of p's compiled rules what lets the parser
// pass a line by without running a rule's regexp: each filter's zero value
// passes every line, a rule that is never idle is always tried, and a
// dispatch that passes every rule picks them all. (The dispatches stay:
// the read-ahead guesses blocks only where a rule has one.)
func (p *Profile) plainShortcuts() {
	for i := range p.rules {
		r := &p.rules[i]
		r.plainShortcuts()
		for j := range r.block {
			r.block[j].plainShortcuts()
		}
	}
	p.lead, p.startLead = nil, nil
	if p.top != nil {
		p.top = passAll()
	}
}

func (r *compiledRule) plainShortcuts() {
	r.idleAs = idleNever
	r.lit, r.untilLit = match.LineFilter{}, match.LineFilter{}
	r.indent = indentFilter{}
	r.sure = match.SureMatch{}
	r.sub = nil
	if r.dispatch != nil {
		r.dispatch = passAll()
	}
}

// passAll is a block dispatch that picks every rule for every line.
func passAll() *blockDispatch {
	d := &blockDispatch{}
	for i := range d.byFirst {
		d.byFirst[i] = ^uint64(0)
	}
	for i := range d.byIndent {
		d.byIndent[i] = ^uint64(0)
	}
	return d
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

// checkBlock validates a rule's block rules.
func checkBlock(r Rule) error {
	if len(r.Block) > 0 && r.Until == "" {
		return fmt.Errorf("rule %q: block needs until", r.Match)
	}
	for _, b := range r.Block {
		if !blockEmits[b.Emit] {
			return fmt.Errorf("rule %q: block rule %q: emit %q is not one of field, message, drop, detail, end, repeat, cancel, chain, supersede", r.Match, b.Match, b.Emit)
		}
		if b.Append && b.Emit != EmitField {
			return fmt.Errorf("rule %q: block rule %q: append is for emit field", r.Match, b.Match)
		}
		if b.Until != "" || len(b.Block) > 0 || b.Outside {
			return fmt.Errorf("rule %q: block rule %q: no until, block or outside in a block", r.Match, b.Match)
		}
	}
	return nil
}

// compileBlock compiles a rule's block rules.
func compileBlock(r Rule) ([]compiledRule, error) {
	var out []compiledRule
	for _, b := range r.Block {
		re, err := fastre.Compile(b.Match)
		if err != nil {
			return nil, fmt.Errorf("rule %q: block rule %q: %w", r.Match, b.Match, err)
		}
		cr := compiledRule{Rule: b, re: re}
		cr.prepare()
		out = append(out, cr)
	}
	return out, nil
}

// compileFlags compiles json.flags.
func (p *Profile) compileFlags() error {
	for _, f := range p.JSON.Flags {
		re, err := regexp.Compile(f)
		if err != nil {
			return err
		}
		p.jsonFlags = append(p.jsonFlags, re)
	}
	return nil
}

// blockEmits are what a block rule (Rule.Block) may emit.
var blockEmits = map[EmitKind]bool{EmitField: true, EmitMessage: true, EmitDrop: true, EmitDetail: true, EmitEnd: true, EmitRepeat: true, EmitCancel: true, EmitChain: true, EmitSupersede: true}

var defNames = filters.Lazy(`\bdef\s+([A-Za-z_][A-Za-z0-9_]*)`)
