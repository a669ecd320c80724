package profiles

import "strings"

// The matchers reading ahead (ruleahead.go) find each line's top-level rule;
// a line inside a failure's block goes to the block's rules instead, whose
// regexps then ran on the parser's goroutine. Which of them the parser
// tries depends on what it has read (a field rule is idle once its fields
// are filled, an earlier rule may take the line), so the matchers cannot
// know the answer, only guess the block a line is in and the rules the
// parser will try: they run those rules' filters and regexps on the line
// and file what they found, which rules they know about (known) and which
// of those matched (hit), with the groups of each hit. The parser uses what
// is known for the block it has open and runs any other rule itself: a
// wrong guess costs the matcher's time, never a different answer.

// blockGuess is what a matcher guesses of the parser's block while it goes
// through a batch: the rule whose block is open (-1: none) and the fields
// the failure has (idle reads them).
type blockGuess struct {
	open   int32
	filled fieldSet
	// seen is set once a failure started in the batch: the guess is
	// then the matcher's own, not the batch's first.
	seen bool
	// where is set once a context rule named a file in the batch: a
	// failure without a file of its own then has that one (emit), so a
	// block rule that reads "no location yet" (node's spec reporter's
	// cancel) is idle in it. Without it, the guess closed every such
	// block at its first line, and the parser ran the block's rules on
	// the rest itself, while the matchers ran the top-level ones for
	// nothing.
	where bool
}

// inBlock says whether the guess is that a block the matcher saw start is
// open: its lines then need only the failure rules run (matchStarts).
func (guess *blockGuess) inBlock() bool {
	return guess.seen && guess.open >= 0
}

// allFields is every field of a fieldSet.
const allFields = hasFile | hasMessage | hasName | hasKind | hasSeverity

// firstGuess is the guess at the start of a batch, where the lines before
// are another matcher's: the profile's first block, with every field
// filled, so that only the rules never idle are run.
func (p *Profile) firstGuess() blockGuess {
	for i := range p.rules {
		if r := &p.rules[i]; r.Emit == EmitFailure && r.dispatch != nil {
			return blockGuess{open: int32(i), filled: allFields}
		}
	}
	return blockGuess{open: -1}
}

// matchBlock runs, on a line whose top-level rule match has found, the
// rules of the block the guess says is open, and moves the guess on.
func (a *lineAhead) matchBlock(l *aheadLine, b *lineBatch, guess *blockGuess, scratch *[]int) {
	l.open, l.may, l.known, l.hit = -1, 0, 0, 0
	if l.rule >= 0 && a.p.rules[l.rule].Emit == EmitFailure {
		// A failure starts: its block (if any) opens after this line.
		r := &a.p.rules[l.rule]
		guess.open, guess.seen = -1, true
		if r.dispatch != nil {
			guess.open = int32(l.rule)
			var g groups
			l.groups(r, b, &g)
			guess.filled = hasKind | filledBy(&g, r.has)
			if guess.where {
				guess.filled |= hasFile
			}
		}
		return
	}
	if len(a.p.wheres) > 0 && a.namesWhere(l, b, scratch) {
		guess.where = true
	}
	if guess.open < 0 {
		return
	}
	r := &a.p.rules[guess.open]
	l.open, l.boff = int16(guess.open), int32(len(b.caps))
	n, wsb := int(l.indent), l.wsBits
	may := r.dispatch.rules(l.line, n, wsb)
	l.may = may
	for i := nextRule(may, 0, len(r.block)); i < len(r.block); i = nextRule(may, i+1, len(r.block)) {
		br := &r.block[i]
		if idleIn(br, guess.filled) {
			continue // the parser likely passes it by: left to it
		}
		bit := uint64(1) << i
		l.known |= bit
		if !br.blockMay(l.line, n, wsb) {
			continue
		}
		var g groups
		if !br.blockFind(l.line, scratch, &g) {
			continue
		}
		l.hit |= bit
		b.caps = append(b.caps, len(g.idx))
		b.caps = append(b.caps, g.idx...)
		guess.took(br, &g)
		return
	}
}

// namesWhere says whether l's line is a context rule's that names a file:
// as the top-level rules found it, or, where the matcher ran only the
// starts on it (in a block it guessed open, which the line may end), by
// the context rules themselves.
func (a *lineAhead) namesWhere(l *aheadLine, b *lineBatch, scratch *[]int) bool {
	if l.rule >= 0 {
		r := &a.p.rules[l.rule]
		if r.Emit != EmitContext {
			return false
		}
		var g groups
		l.groups(r, b, &g)
		return g.get("file") != ""
	}
	if !l.starts {
		return false
	}
	for _, r := range a.p.wheres {
		var g groups
		if r.lit.May(l.line) && r.findTo(l.line, scratch, &g) && g.get("file") != "" {
			return true
		}
	}
	return false
}

// took moves the guess past a block rule that matched a line: the parser
// likely applied it.
func (guess *blockGuess) took(r *compiledRule, g *groups) {
	switch r.Emit {
	case EmitEnd, EmitCancel:
		guess.open = -1
	case EmitField, EmitMessage:
		guess.filled |= filledBy(g, r.has)
	case EmitChain:
		// The place and message are filled anew from the next
		// exception; kind, name and severity stay.
		guess.filled &^= hasFile | hasMessage
	}
}

// filledBy is the fields whose groups in g hold more than white space, of
// has, the groups g's rule has.
func filledBy(g *groups, has fieldSet) fieldSet {
	var s fieldSet
	for _, f := range [...]struct {
		f   field
		bit fieldSet
	}{{fFile, hasFile}, {fMessage, hasMessage}, {fName, hasName}, {fKind, hasKind}, {fSeverity, hasSeverity}} {
		if has&f.bit != 0 && strings.TrimSpace(g.at(f.f)) != "" {
			s |= f.bit
		}
	}
	return s
}

// idleIn is rulesParser.idle for a failure whose filled fields are filled.
func idleIn(r *compiledRule, filled fieldSet) bool {
	switch {
	case r.idleAs == idleNever:
		return false
	case r.idleAs == idleCancel:
		return filled&(hasMessage|hasFile) != 0
	case r.idleAs == idleAppend:
		return filled&hasMessage != 0
	}
	return r.has&^filled == 0
}

// hitGroups sets *g to the groups of block rule i, which the matchers
// found matches l's line. (Written in place: a returned groups, nine
// words, went through the stack, and its copy waited on those stores.)
func (l *aheadLine) hitGroups(r *compiledRule, i int, b *lineBatch, g *groups) {
	off := int(l.boff)
	for before := l.hit & (uint64(1)<<i - 1); before != 0; before &= before - 1 {
		off += 1 + b.caps[off]
	}
	n := b.caps[off]
	if n == 0 {
		g.plain(l.line)
		return
	}
	g.of(r, l.line, b.caps[off+1:off+1+n])
}
