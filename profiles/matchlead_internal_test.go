package profiles

import (
	"fmt"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/parse"

	"reflect"

	"github.com/terse-dev/terse/internal/match"
	"github.com/terse-dev/terse/report"
)

// TestLeadDispatchTurnsAwayNoMatch: no line that a profile's lead dispatch
// (its rules, its failure rules) turns away from a rule matches that rule's
// regexp, for every built-in profile on the lines of every capture and on
// short lines (those the length table decides).
func TestLeadDispatchTurnsAwayNoMatch(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"", "a", "  ", "E", "--", "ok", "ok 1", "FAIL", "1) ", "  1) x:", "\t", "é", "\u00a0x"}
	lines = append(lines, cleanCaptureLines(t)...)
	dispatches, turned := 0, 0
	check := func(p *Profile, d *match.LeadDispatch, rules []*compiledRule) {
		if d == nil {
			return
		}
		dispatches++
		for _, l := range lines {
			may := d.Rules(l)
			for i, r := range rules {
				if may&(1<<i) != 0 {
					continue
				}
				turned++
				if r.re.MatchString(l) {
					t.Errorf("%s: rule %q: the lead dispatch turns away %q, which it matches", p.Name, r.Match, l)
				}
			}
		}
	}
	for _, p := range set.All() {
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
		all := make([]*compiledRule, len(p.rules))
		for i := range p.rules {
			all[i] = &p.rules[i]
		}
		check(p, p.lead, all)
		check(p, p.startLead, p.starts)
	}
	if dispatches < 10 || turned == 0 {
		t.Errorf("%d lead dispatches turned away %d lines", dispatches, turned)
	}
}

// TestLeadDispatchOfShortLines: on a line of at most leadBytes bytes the
// dispatch says what each rule's prefix filter says, its length table
// included ('^$' and '^ok$' may match a line shorter than their filters'
// other lines need).
func TestLeadDispatchOfShortLines(t *testing.T) {
	pats := []string{`^$`, `^ok$`, `^ok \d+`, `^\s*\d*\s*[|:]`, `x`, `^ {0,4}\S`, `^(?:a|bc)$`}
	var fs []*match.PrefixFilter
	for _, p := range pats {
		f := match.PrefixOf(p)
		fs = append(fs, &f)
	}
	d := match.NewLeadDispatch(fs)
	lines := []string{"", "o", "ok", "ok ", "ok 1", " |", "|", "  x", "a", "bc", "b", "\t:"}
	for _, l := range lines {
		got := d.Rules(l)
		for i, p := range pats {
			if want := fs[i].May(l); (got&(1<<i) != 0) != want {
				t.Errorf("%q: the dispatch says %v of %q, its filter %v", l, got&(1<<i) != 0, p, want)
			}
		}
	}
	if got := d.Rules("ok"); got&0b10 == 0 || got&0b100 != 0 {
		t.Errorf(`"ok": rules %b: '^ok$' may match it, '^ok \d+' cannot`, got)
	}
}

// TestBlankIsTrimSpaceEmpty: blank says what strings.TrimSpace(s) == ""
// says, on ASCII and other white space, invalid bytes and every line of the
// captures.
func TestBlankIsTrimSpaceEmpty(t *testing.T) {
	lines := []string{"", " ", "\t \r\v\f\n", "x", " x", "\u00a0", " \u3000 ", "\u2028x", "\u0085", "\xff", " \xc2", "é", "\x00", "\x1c"}
	_, caps := readTextCaptures(t)
	for _, b := range caps {
		lines = append(lines, strings.Split(string(b), "\n")...)
	}
	for _, l := range lines {
		if got, want := blank(l), strings.TrimSpace(l) == ""; got != want {
			t.Errorf("blank(%q) = %v, want %v", l, got, want)
		}
	}
}

// TestLitsMayIsLitsMay: the shared-start scan says what a scan for each
// literal says, for every rule of the built-in profiles on every line of
// every capture and on lines that hold the shared start but no literal.
func TestLitsMayIsLitsMay(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"", ": ", "a: b: c", "x.c:1:2: error", "x.c:1:2: warning: w", ": : error: ", ": note:"}
	_, caps := captureSample(readTextCaptures(t))
	for _, b := range caps {
		lines = append(lines, strings.Split(string(b), "\n")...)
	}
	shared := 0
	check := func(p *Profile, f *match.LineFilter) {
		if f.Shared != "" {
			shared++
		}
		for _, l := range lines {
			if got, want := f.LitsMay(l), f.Lits.May(l); got != want {
				t.Errorf("%s: lits %q on %q: %v, want %v", p.Name, f.Lits, l, got, want)
			}
		}
	}
	for _, p := range set.All() {
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
		for i := range p.rules {
			check(p, &p.rules[i].lit)
			for j := range p.rules[i].block {
				check(p, &p.rules[i].block[j].lit)
			}
		}
	}
	if shared < 5 {
		t.Errorf("%d filters with a shared start", shared)
	}
	if s := match.SharedStart([]string{": error: ", ": warning: ", ": note: "}); s != ": " {
		t.Errorf("shared start %q", s)
	}
}

// TestLintClassRemembered: the sink's class of each severity, asked in runs
// and in turn (the last one is remembered), is the rules' class.
func TestLintClassRemembered(t *testing.T) {
	rules := &LintRules{Severity: map[string]string{"E": sevError, "W": sevWarning, "C": sevNote}}
	s := newLintSink(report.NewBuilder("x", report.Window{}), rules, parse.Options{})
	for _, sev := range []string{"E", "E", "W", "warning", "W", "", "fatal error", "C", "C", "E", "info", "info", "error"} {
		if got, want := s.class(sev), rules.class(sev); got != want {
			t.Errorf("class(%q) = %q, want %q", sev, got, want)
		}
	}
}

// TestLintSinkOrdersARun: a file's problems come out errors first, then
// warnings, then notes, each class in the order it came, whether the run
// came in order or not (the sink marks a run out of order as it adds).
func TestLintSinkOrdersARun(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"EEWN", "E1 E2 W3 N4"},
		{"WENE", "E2 E4 W1 N3"},
		{"NNW", "W3 N1 N2"},
	} {
		b := report.NewBuilder("x", report.Window{})
		s := newLintSink(b, &LintRules{Severity: map[string]string{"E": sevError, "W": sevWarning, "N": sevNote}}, parse.Options{})
		for i, sev := range c.in {
			s.add(&report.Failure{File: "a.c", Severity: string(sev), Message: string(sev) + fmt.Sprint(i+1)}, false)
		}
		s.finish()
		var got []string
		for _, f := range b.Finish().Failures {
			got = append(got, f.Message)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: %v, want %s", c.in, got, c.want)
		}
	}
}

// TestLintSinkHoldsAtMostAReport: files whose worst problem is a warning
// are held back, at most what a report keeps in memory of them, the rest
// counted: every problem is counted, and the page shows the first files'
// problems, each file's warning before its note.
func TestLintSinkHoldsAtMostAReport(t *testing.T) {
	b := report.NewBuilder("x", report.Window{Limit: 20})
	s := newLintSink(b, &LintRules{}, parse.Options{Window: report.Window{Limit: 20}})
	files := report.MemFailures + 100
	for i := range files {
		file := fmt.Sprintf("f%d.c", i)
		s.add(&report.Failure{File: file, Severity: "note", Message: "n"}, false)
		s.add(&report.Failure{File: file, Severity: "warning", Message: "w"}, false)
	}
	s.finish()
	r := b.Finish()
	if r.Page.Total != 2*files || len(r.Failures) != 20 {
		t.Fatalf("%d problems, %d on the page; want %d, 20", r.Page.Total, len(r.Failures), 2*files)
	}
	for i, f := range r.Failures {
		want := report.Failure{Kind: report.KindLint, File: fmt.Sprintf("f%d.c", i/2), Severity: sevWarning, Message: "w"}
		if i%2 == 1 {
			want.Severity, want.Message = sevNote, "n"
		}
		if !reflect.DeepEqual(f, want) {
			t.Errorf("problem %d: %+v, want %+v", i, f, want)
		}
	}
	if l := r.Lint; l == nil || l.Warnings != files || l.Notes != files || l.FilesWithProblems != files {
		t.Errorf("tally %+v", r.Lint)
	}
}

// TestLintSinkCountsFiles: files whose problems come in runs that
// alternate (a compiler's) count once each, however far apart their runs.
func TestLintSinkCountsFiles(t *testing.T) {
	b := report.NewBuilder("x", report.Window{})
	s := newLintSink(b, &LintRules{}, parse.Options{})
	for _, f := range strings.Split("a b a c b a d e f g h a i b j", " ") {
		s.add(&report.Failure{File: f + ".go", Message: "m"}, false)
	}
	s.finish()
	if l := b.Finish().Lint; l == nil || l.FilesWithProblems != 10 || l.Errors != 15 {
		t.Errorf("tally %+v, want 15 errors in 10 files", l)
	}
}

// TestRulesHaveNoTopAlternation: no rule of a built-in profile is an
// alternation at its top ('^a|^b'). The prefix filters, the indent filter
// and the dispatches read one anchored start, so an alternation's rule
// passed every line to its literals or its pattern: tap's end of a failure
// ('^\s*(?:not )?ok \d+\b|^# ...|^\s*# Subtest: ') searched each line of a
// block for its literals five and six times. A rule an alternative, in the
// same place and with the same emit, matches the same lines.
func TestRulesHaveNoTopAlternation(t *testing.T) {
	for pattern, want := range map[string]bool{
		`^a|^b`:                          true,
		`\(?node:\d+\)?$|/node_modules/`: true,
		`^(a|b)c`:                        false,
		`^(?:a|b)`:                       false,
		`^[|]x`:                          false,
		`^a\|b`:                          false,
		`^[\]|]`:                         false,
		`^(?P<x>a|b)|c`:                  true,
	} {
		if got := match.TopAlternation(pattern); got != want {
			t.Errorf("match.TopAlternation(%q) = %v, want %v", pattern, got, want)
		}
	}
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	rules := 0
	var walk func(p *Profile, rs []Rule)
	walk = func(p *Profile, rs []Rule) {
		for _, r := range rs {
			rules++
			if match.TopAlternation(r.Match) {
				t.Errorf("%s: rule %q is an alternation: a rule an alternative", p.Name, r.Match)
			}
			walk(p, r.Block)
		}
	}
	for _, p := range set.All() {
		walk(p, p.Text.Rules)
	}
	if rules < 200 {
		t.Fatalf("read %d rules of the built-in profiles", rules)
	}
}

// TestNoStartAfterText: no pattern of a built-in profile (rule, block end,
// detection signature) has a ^ or \A after something that must read a
// byte: there it can never match, and its alternative is dead. mocha's
// frame rule had one ('^\s+at .*(?:\(node:|^\s+at node:|/node_modules/)'),
// so node's frames without a function's name were not dropped, and one
// before the project's became a failure's place.
func TestNoStartAfterText(t *testing.T) {
	for pattern, want := range map[string]bool{
		`^\s+at .*(?:\(node:|^\s+at node:|/node_modules/)`: true,
		`^\s+at (?:node:|.*(?:\(node:|/node_modules/))`:    false,
		`(?:^a|^b)c`: false,
		`x*^a`:       false, // x* may read nothing
		`a\Ab`:       true,
		`(?m)a^b`:    false, // the start of any line
		`^a|b^`:      true,
	} {
		re, err := syntax.Parse(pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		if got := match.StartAfterText(re, false); got != want {
			t.Errorf("match.StartAfterText(%q) = %v, want %v", pattern, got, want)
		}
	}
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	read := 0
	check := func(p *Profile, pattern string) {
		if pattern == "" {
			return
		}
		read++
		re, err := match.ParsedOf(pattern)
		if err != nil {
			t.Errorf("%s: %q: %v", p.Name, pattern, err)
			return
		}
		if match.StartAfterText(re, false) {
			t.Errorf("%s: %q has a start of text after text: that alternative never matches", p.Name, pattern)
		}
	}
	var walk func(p *Profile, rs []Rule)
	walk = func(p *Profile, rs []Rule) {
		for _, r := range rs {
			check(p, r.Match)
			check(p, r.Until)
			walk(p, r.Block)
		}
	}
	for _, p := range set.All() {
		walk(p, p.Text.Rules)
		for _, s := range p.Detect.Text {
			check(p, s)
		}
	}
	if read < 300 {
		t.Fatalf("read %d patterns of the built-in profiles", read)
	}
}

// TestBuiltinsNeedNoAdvice: terse verify has nothing to say of a built-in
// profile's patterns (Profile.Advice), as the tests above hold each of
// them to what the matching layer reads.
func TestBuiltinsNeedNoAdvice(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range set.All() {
		for _, a := range p.Advice() {
			t.Errorf("%s: %s", p.Name, a)
		}
	}
}
