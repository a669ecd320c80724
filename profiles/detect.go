package profiles

import (
	"bytes"
	"errors"
	"fmt"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/filters"
)

// DetectHeadSize is how much of the input detection looks at.
const DetectHeadSize = 16 << 10

// Generic is the name of the fallback profile.
const Generic = "generic"

// DetectText picks the profile whose signatures best match the head of a
// text input. It returns nil when no profile claims it.
func (s *Set) DetectText(head []byte) *Profile {
	text, lines := detectLines(head)
	var best *Profile
	bestScore := 0
	for _, p := range s.All() {
		score := p.detectScore(text, lines)
		if score < p.Detect.Min {
			continue
		}
		if score > bestScore || score == bestScore && p.leadsOver(best, lines) {
			best, bestScore = p, score
		}
	}
	return best
}

// leadsOver reports whether a signature of p's that goes before q's
// (Detect.Over) matches one of lines: a tie with q is then p's.
func (p *Profile) leadsOver(q *Profile, lines []string) bool {
	for _, o := range p.Detect.Over {
		i := slices.Index(p.Detect.Text, o.Text)
		if q == nil || o.Profile != q.Name || i < 0 {
			continue
		}
		re, err := p.signature(i)
		if err != nil {
			continue
		}
		for _, l := range lines {
			if re.MatchString(l) {
				return true
			}
		}
	}
	return false
}

// detectLines is head cleaned, whole and by line, as DetectText reads it.
func detectLines(head []byte) (string, []string) {
	lines := strings.Split(string(head), "\n")
	for i, l := range lines {
		lines[i] = filters.CleanLine(l)
	}
	return strings.Join(lines, "\n"), lines
}

// detectScore is how many of p's signatures a line of lines matches
// (text is lines joined).
func (p *Profile) detectScore(text string, lines []string) int {
	score := 0
	var cws []int
	for i, pattern := range p.Detect.Text {
		if i < len(p.Detect.Needs) && !containsAny(text, p.Detect.Needs[i]) {
			continue // no line holds what every match holds
		}
		if !speedUps.gatedDetect {
			if re, err := p.signature(i); err == nil && slices.ContainsFunc(lines, re.MatchString) {
				score++
			}
			continue
		}
		if cws == nil {
			cws = firstNonWSOf(lines)
		}
		if p.anyLineMatches(i, pattern, lines, cws) {
			score++
		}
	}
	return score
}

// anyLineMatches reports whether signature i of p (pattern) matches a line
// of lines, cws their first bytes other than whitespace. It is compiled
// and run only on the lines its gate lets through, as the claim index
// runs it: a small pipe's detection compiled most built-in signatures,
// whose literals a test run's head holds somewhere, for lines none of
// them could match (the gates of the built-in profiles are read from
// their table, claimtable.go).
func (p *Profile) anyLineMatches(i int, pattern string, lines []string, cws []int) bool {
	t := p.tableGate(i)
	g, least := gateFor(pattern, t), minBytesFor(pattern, t)
	for j, l := range lines {
		if len(l) < least || !g.pass(l, cws[j]) {
			continue
		}
		re, err := p.signature(i)
		if err != nil {
			return false
		}
		if re.MatchString(l) {
			return true
		}
	}
	return false
}

// firstNonWSOf is, for each line, the place of its first byte other than
// whitespace as a gate reads it (the line's length: none).
func firstNonWSOf(lines []string) []int {
	cws := make([]int, len(lines))
	for j, l := range lines {
		n := 0
		for n < len(l) && isWS[l[n]] {
			n++
		}
		cws[j] = n
	}
	return cws
}

// detectJSON picks the profile whose JSON test accepts the decoded document,
// with a note for each profile whose jq went over its budget on doc: such a
// profile does not claim it.
func (s *Set) detectJSON(doc any) (*Profile, []string) {
	var notes []string
	for _, p := range s.All() {
		if p.programs() != nil {
			continue
		}
		if p.jsonDetect == nil {
			// A document profile is detected by its commands' shapes.
			if p.Document == nil {
				continue
			}
			shape, err := p.Document.match(doc)
			if err != nil {
				notes = append(notes, budgetNote(p, "document shape "+shape.Name+" when", err, notUsed))
				continue
			}
			if shape != nil {
				return p, notes
			}
			continue
		}
		v, err := firstJQ(p.jsonDetect, doc)
		if err != nil && IsJQBudget(err) {
			notes = append(notes, budgetNote(p, "detect.json", err, notUsed))
			continue
		}
		if err == nil && v == true {
			return p, notes
		}
	}
	return nil, notes
}

// budgetNote is the note that says a profile's jq program (what) went over
// its budget, and what was done instead.
func budgetNote(p *Profile, what string, err error, instead string) string {
	var b *jqBudgetError
	if errors.As(err, &b) {
		err = b
	}
	return fmt.Sprintf("profile %s: its jq %s was %v; %s", p.Name, what, err, instead)
}

// notUsed says a profile was left out of detection.
const notUsed = "the profile is not used for this input"

// requiredLiterals works out literals of which every match of pattern holds
// at least one: the alternatives of the longest part every match needs
// ("FAIL: " or "ERROR: " for ^(FAIL|ERROR): \w+). Nil when there are none
// worth checking (a case-folded or optional part, a character class).
func requiredLiterals(pattern string) []string {
	re, err := simplifiedOf(pattern)
	if err != nil {
		return nil
	}
	alts := mustHave(re).alts
	if slices.Contains(alts, "") {
		// An empty literal is in every line: nothing to look for.
		return nil
	}
	return alts
}

// claimLiterals is, of the literal sets every match of pattern holds one
// of, the one that rules a line out cheapest: by the rarest byte all its
// literals share (one cached byte search), then by requiredLiterals' rank.
// pytest's -v line needs " PASSED" or five others, which share only a
// space, and also ".py::", which a line without a 'y' cannot hold.
// Detection only: rule filters keep requiredLiterals.
func claimLiterals(pattern string) []string {
	sets := claimSets(pattern)
	if len(sets) == 0 {
		return nil
	}
	return sets[0]
}

// claimSets is the literal sets every match of pattern holds one of, none
// of them holding "", best first by claimScore (ties in requiredSets'
// order): claimLiterals' and claimMore's candidates, from one parse.
func claimSets(pattern string) [][]string {
	re, err := simplifiedOf(pattern)
	if err != nil {
		return nil
	}
	type ranked struct {
		alts  []string
		score int
	}
	var sets []ranked
	for _, c := range requiredSets(re) {
		if len(c.alts) == 0 || slices.Contains(c.alts, "") {
			continue
		}
		sets = append(sets, ranked{c.alts, claimScore(c)})
	}
	slices.SortStableFunc(sets, func(a, b ranked) int { return b.score - a.score })
	out := make([][]string, len(sets))
	for i, r := range sets {
		out[i] = r.alts
	}
	return out
}

// claimMore is, of sets (claimSets'), the best that the lines holding one
// of lits or of also need not hold: checked after them, it spares the
// pattern the lines that hold only those. shellcheck's
// '^[^\s:]+:\d+:\d+: (error|warning|note): .* \[SC\d+\]$' is claimed by
// ": warning: ", which every gcc warning holds, and " [SC" turns those
// away. nil when there is none.
func claimMore(sets [][]string, lits, also []string) []string {
	if lits == nil {
		return nil
	}
	for _, alts := range sets {
		if slices.ContainsFunc(alts, func(a string) bool { return len(a) < minMoreLen }) ||
			implied(lits, alts) || also != nil && implied(also, alts) {
			continue
		}
		return alts
	}
	return nil
}

// minMoreLen is the length of claimMore's shortest literal: a shorter one
// (": ", "(") is in nearly every line that holds the others.
const minMoreLen = 3

// claimScore ranks a literal set for claimLiterals: its key byte's rarity
// first, then requiredLiterals' own score.
func claimScore(n needed) int {
	bonus := 0
	if k, ok := keyByte(n.alts); ok {
		bonus = byteRank(k)
	}
	return n.score() + bonus
}

// requiredSets is every literal set a match of re needs one of: each part
// of a top-level sequence and each run of exact neighbours, as
// concatenation weighs them, or what mustHave finds.
func requiredSets(re *syntax.Regexp) []needed {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	if re.Op != syntax.OpConcat {
		return []needed{mustHave(re)}
	}
	out := []needed{mustHave(re)}
	var run needed
	for _, sub := range re.Sub {
		m := mustHave(sub)
		switch {
		case m.exact && len(run.alts) > 0 && len(run.alts)*len(m.alts) <= maxAlts:
			run = needed{alts: cross(run.alts, m.alts), exact: true}
		case m.exact:
			run = m
		default:
			run = needed{}
		}
		out = append(out, m, run)
	}
	return out
}

// maxAlts bounds the alternatives a part can have: beyond, checking them
// costs more than the pattern.
const maxAlts = 8

// needed is what every match of a part holds: one of alts. exact says the
// part matches exactly those strings, so that it can join its neighbours'.
type needed struct {
	alts  []string
	exact bool
}

// score ranks what a part needs: the shortest alternative's length, since
// a short literal is in most lines; more alternatives cost more checks.
func (n needed) score() int {
	if len(n.alts) == 0 {
		return 0
	}
	m := len(n.alts[0])
	for _, a := range n.alts[1:] {
		m = min(m, len(a))
	}
	return m*maxAlts*2 - len(n.alts)
}

func mustHave(re *syntax.Regexp) needed {
	switch re.Op {
	case syntax.OpLiteral:
		// Not a folded literal, nor U+FFFD, which also matches an invalid
		// byte that a substring search would not find.
		if re.Flags&syntax.FoldCase != 0 || slices.Contains(re.Rune, utf8.RuneError) {
			return needed{}
		}
		return needed{alts: []string{string(re.Rune)}, exact: true}
	case syntax.OpCapture:
		return mustHave(re.Sub[0])
	case syntax.OpPlus:
		return needed{alts: mustHave(re.Sub[0]).alts}
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return needed{alts: mustHave(re.Sub[0]).alts}
		}
	case syntax.OpCharClass:
		return charClass(re.Rune)
	case syntax.OpAlternate:
		return alternatives(re.Sub)
	case syntax.OpConcat:
		return concatenation(re.Sub)
	}
	return needed{}
}

// charClass is what a small class needs: one of its characters ("a|b"
// parses as the class [ab]).
func charClass(ranges []rune) needed {
	var out needed
	for i := 0; i+1 < len(ranges); i += 2 {
		if len(out.alts)+int(ranges[i+1]-ranges[i])+1 > maxAlts {
			return needed{}
		}
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			if r == utf8.RuneError {
				return needed{}
			}
			out.alts = append(out.alts, string(r))
		}
	}
	out.exact = len(out.alts) > 0
	return out
}

// alternatives is what an alternation needs: one of what each branch needs,
// nothing when a branch needs nothing.
func alternatives(subs []*syntax.Regexp) needed {
	out := needed{exact: true}
	for _, sub := range subs {
		m := mustHave(sub)
		if len(m.alts) == 0 || len(out.alts)+len(m.alts) > maxAlts {
			return needed{}
		}
		out.alts = append(out.alts, m.alts...)
		out.exact = out.exact && m.exact
	}
	return out
}

// concatenation is what a sequence needs: the best of its parts, where
// neighbouring exact parts join into longer strings ("FAIL" or "ERROR",
// then ": ", is "FAIL: " or "ERROR: ").
func concatenation(subs []*syntax.Regexp) needed {
	var best, run needed
	whole := true // every part so far exact, all in one run
	for i, sub := range subs {
		m := mustHave(sub)
		switch {
		case m.exact && len(run.alts) > 0 && len(run.alts)*len(m.alts) <= maxAlts:
			run = needed{alts: cross(run.alts, m.alts), exact: true}
		case m.exact:
			whole = whole && i == 0
			run = m
		default:
			whole = false
			run = needed{}
		}
		for _, c := range []needed{m, run} {
			if c.score() > best.score() {
				best = needed{alts: c.alts}
			}
		}
	}
	if whole && len(run.alts) > 0 {
		return run
	}
	return best
}

// cross is every a followed by every b.
func cross(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return out
}

// containsAny reports whether s holds one of alts (true when alts is empty:
// nothing is required).
func containsAny(s string, alts []string) bool {
	if len(alts) == 0 {
		return true
	}
	for _, a := range alts {
		if strings.Contains(s, a) {
			return true
		}
	}
	return false
}

// ForCommand returns the profile that claims the program name.
func (s *Set) ForCommand(prog string) *Profile {
	for _, p := range s.All() {
		for _, c := range p.Commands {
			if c == prog {
				return p
			}
		}
	}
	return nil
}

// LooksLikeJSON reports whether the input starts like a JSON document. A
// bracket before a word ("[INFO] Scanning for projects...", Maven's log
// without colour, and many a logger's) starts no JSON array: in JSON, a
// value or "]" follows it.
func LooksLikeJSON(head []byte) bool {
	t := bytes.TrimLeft(head, " \t\r\n\ufeff")
	if len(t) == 0 || (t[0] != '{' && t[0] != '[') {
		return false
	}
	if t[0] == '[' {
		if v := bytes.TrimLeft(t[1:], " \t\r\n"); len(v) > 0 {
			return bytes.IndexByte([]byte("{[]\"-0123456789tfn"), v[0]) >= 0
		}
	}
	return true
}

// simplifiedParses caches simplifiedOf by pattern, and parses parsedOf.
var simplifiedParses, parses sync.Map // pattern -> simplifiedParse

// simplifiedParse is a pattern's simplified parse tree, or why it does not
// parse.
type simplifiedParse struct {
	re  *syntax.Regexp
	err error
}

// simplifiedOf is the simplified parse of pattern (Perl syntax), made once:
// the claim index reads each detection signature's three times (gateOf,
// headGateOf, claimSets), and every pipe builds one, so parsing it once
// saves a start a millisecond. The tree is shared: read it, never change
// it.
func simplifiedOf(pattern string) (*syntax.Regexp, error) {
	if v, ok := simplifiedParses.Load(pattern); ok {
		sp := v.(simplifiedParse)
		return sp.re, sp.err
	}
	var sp simplifiedParse
	if sp.re, sp.err = parsedOf(pattern); sp.err == nil {
		sp.re = sp.re.Simplify() // a tree of its own where it simplifies: the parse is left as it is
	}
	simplifiedParses.Store(pattern, sp)
	return sp.re, sp.err
}

// parsedOf is the parse of pattern (Perl syntax), made once: a rule's
// pattern is read for its literals, prefix, indent, sure match and sure
// groups, each of which parsed it again, and the parses were a sixth of
// what compiling a profile's rules cost in front of every small run. The
// tree is shared: read it, never change it.
func parsedOf(pattern string) (*syntax.Regexp, error) {
	if v, ok := parses.Load(pattern); ok {
		sp := v.(simplifiedParse)
		return sp.re, sp.err
	}
	var sp simplifiedParse
	sp.re, sp.err = syntax.Parse(pattern, syntax.Perl)
	parses.Store(pattern, sp)
	return sp.re, sp.err
}
