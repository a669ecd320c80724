package profiles

import (
	"strconv"

	"github.com/terse-dev/terse/internal/match"
)

// groups is a rule's named groups in a line its regexp matched, cut from
// the line when asked for: a match makes no string of each group, and a
// rule without named groups asks the regexp only whether it matches.
type groups struct {
	names []string // the regexp's SubexpNames
	slots *[nFields]int
	line  string
	idx   []int // FindStringSubmatchIndex of line
}

// get is the text of the named group, "" when the regexp has no such group
// or it took no part in the match. Its receiver is a pointer, as at's.
func (g *groups) get(name string) string {
	for i, n := range g.names {
		if n != name {
			continue
		}
		if g.idx[2*i] < 0 {
			return ""
		}
		return g.line[g.idx[2*i]:g.idx[2*i+1]]
	}
	return ""
}

// at is the text of group f, as get of its name. Its receiver is a
// pointer: a failure reads seven groups, and a copy of them for each
// call cost.
func (g *groups) at(f field) string {
	if g.slots == nil || g.idx == nil {
		return g.getField(f)
	}
	i := g.slots[f]
	if i < 0 || g.idx[2*i] < 0 {
		return ""
	}
	return g.line[g.idx[2*i]:g.idx[2*i+1]]
}

// getField is at for groups without slots.
func (g *groups) getField(f field) string { return g.get(fieldNames[f]) }

// numAt is group f as a number, as num of its name.
func (g *groups) numAt(f field) int {
	s := g.at(f)
	if s == "" {
		return 0
	}
	n, _ := strconv.Atoi(s)
	return n
}

// num is the named group as a number, 0 when it is not one.
func (g *groups) num(name string) int {
	s := g.get(name)
	if s == "" {
		// Atoi would say 0 too, making an error to say why.
		return 0
	}
	n, _ := strconv.Atoi(s)
	return n
}

// findTo runs the rule's regexp on line, and says whether it matched, with
// its groups in *g and their places in *buf (grown when short), so that the
// parser reading line after line allocates none: the groups are good until
// the next findTo with buf. *g is set only on a match. (The groups are
// written in place, field by field: a groups returned, nine words, went
// through the stack, and the copy of it waited on those stores; it was the
// hottest instruction of the reader, the matchers and the parser on
// mocha's short lines.)
func (r *compiledRule) findTo(line string, buf *[]int, g *groups) bool {
	if !r.named {
		if r.sure.Match(line) || r.re.MatchString(line) {
			g.plain(line)
			return true
		}
		return false
	}
	switch idx, o := r.sub.Decide(buf, line); o {
	case match.SubFits:
		g.of(r, line, idx)
		return true
	case match.SubFails:
		return false
	}
	return r.findRe(line, buf, g)
}

// plain makes g the groups of a rule without named groups that matched
// line.
func (g *groups) plain(line string) {
	g.names, g.slots, g.line, g.idx = nil, nil, line, nil
}

// of makes g rule r's groups in line, at idx.
func (g *groups) of(r *compiledRule, line string, idx []int) {
	g.names, g.slots, g.line, g.idx = r.re.SubexpNames(), &r.slots, line, idx
}

// take is lit.may, then findTo: a line the rule's sureSub knows (one it
// matches, or one it surely does not) skips the line filter too, which
// would only cost on the one and give the same answer on the other.
func (r *compiledRule) take(line string, buf *[]int, g *groups) bool {
	if r.named && r.sub != nil {
		switch idx, o := r.sub.Decide(buf, line); o {
		case match.SubFits:
			g.of(r, line, idx)
			return true
		case match.SubFails:
			return false
		}
		return r.lit.May(line) && r.findRe(line, buf, g)
	}
	return r.lit.May(line) && r.findTo(line, buf, g)
}

// findRe is findTo by the regexp alone.
func (r *compiledRule) findRe(line string, buf *[]int, g *groups) bool {
	if need := 2 * (r.re.NumSubexp() + 1); cap(*buf) < need {
		*buf = make([]int, need)
	}
	idx := r.re.FindStringSubmatchIndexTo(*buf, line)
	if idx == nil {
		return false
	}
	g.of(r, line, idx)
	return true
}

// fieldBits are the groups of a fieldSet by name.
var fieldBits = map[string]fieldSet{"file": hasFile, "message": hasMessage, "name": hasName, "kind": hasKind, "severity": hasSeverity}

const (
	idleNever  idleKind = iota
	idleCancel          // a cancel: once the failure has its message or file
	idleAppend          // a field that appends: once it has its message
	idleFilled          // a field without a kind: once its groups are filled
)

// idleOf is the idleKind of rule r.
func idleOf(r Rule) idleKind {
	switch {
	case r.Emit == EmitCancel:
		return idleCancel
	case r.Emit != EmitField:
		return idleNever
	case r.Append:
		return idleAppend
	case r.Kind != "":
		return idleNever
	}
	return idleFilled
}

// prepare works out, once the rule's regexps are compiled, what lets the
// parser pass a line by without running them: their line filters and the
// groups the rule can fill.
func (r *compiledRule) prepare() {
	r.idleAs = idleOf(r.Rule)
	r.lit, r.untilLit = match.FilterOf(r.Match), match.FilterOf(r.Until)
	r.indent = indentOf(r.Match)
	r.sure = match.SureOf(r.Match)
	for f, name := range fieldNames {
		r.slots[f] = r.re.SubexpIndex(name)
	}
	for _, n := range r.re.SubexpNames() {
		r.named = r.named || n != ""
		r.has |= fieldBits[n]
	}
	if r.named {
		r.sub = match.SubOf(r.Match)
	}
}

// startsFailure reports whether the first of p's top-level rules that
// takes line, as its parser reads it outside a block, starts a failure
// (p's rules compiled: patterns).
func (p *Profile) startsFailure(line string) bool {
	var buf []int
	for i := range p.rules {
		r := &p.rules[i]
		var g groups
		if r.take(line, &buf, &g) {
			return r.Emit == EmitFailure
		}
	}
	return false
}
