package profiles

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/terse-dev/terse/internal/match"

	"github.com/terse-dev/terse/internal/fastre"
	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// rulesParser is the text parser of profiles written as data: each line goes
// to the first rule whose pattern matches it.
//
// The line it reads is a view of the reader's buffer (lineView, in
// segment.go), good until the next line: every string it keeps (a
// failure's fields, a detail, a kept line, a note) is copied first
// (strings.Clone), so that only what is kept costs an allocation, not
// every line.
type rulesParser struct {
	// sig holds the lines rules emit as signals.
	sig *signals
	// ride is a pipe's scan riding on the parser's reader (nil: none).
	ride *scanRide
	p    *Profile
	b    *report.Builder
	opt  parse.Options
	lint *lintSink // set for text.lint profiles
	// all, beside lint, is the list of every problem terse run records
	// (nil: not asked).
	all  *lintAll
	caps []int // the groups' places of the line apply reads
	last int   // the rule that took the last line apply matched
	cur  *report.Failure
	// curBuf holds the failure cur points to: the report takes a copy of
	// each (flush), so one buffer serves them all without an allocation.
	curBuf report.Failure
	// curOutside is set when an outside rule (Rule.Outside) started cur:
	// another tool's problem, which no tally of this one counts.
	curOutside bool
	block      *fastre.Regexp // the open block's end (see Rule.Until)
	// blockLit is block's literal filter (rulelit.go), the rule's own:
	// a copy of it, for every failure, waited on the stores of the copy.
	blockLit *match.LineFilter
	// blockRules read the open block's lines (see Rule.Block);
	// nextMessage is set when one said the next line is the message.
	blockRules  []compiledRule
	nextMessage bool
	// blockDispatch picks the blockRules a line may match (blockdispatch.go).
	blockDispatch *blockDispatch
	// blockOf is the rule whose block is open, in the profile's rules.
	blockOf int32
	// shown holds the lines a repeat block rule has shown; repeatIndent
	// is set while the more-indented lines under a repeated one go.
	shown        map[string]bool
	repeatIndent int
	// chained is the number of details at the start of the failure that
	// name the earlier exceptions of its chain (see chain).
	chained int
	// where is what the last context rule said: the file and line of
	// the failures that follow, when their own lines do not say.
	whereFile string
	whereLine int
	// flakyList is set after a flaky rule's tally line (Rule.Emit flaky)
	// until a line another rule takes: the lines a flaky rule takes
	// meanwhile name the flaky tests.
	flakyList bool
	// lastKept is set when the line before was unmatched and kept: an
	// excerpt rule takes it back (it is the code a caret line marks).
	lastKept bool
	// afterExcerpt is set on the line after an excerpt rule's: an
	// indented line there that no rule matches is the fix the compiler
	// suggests under its caret (clang's fix-it), a detail of the problem.
	afterExcerpt bool
	kept         []string
	keepAll      bool
	// pre is what the line being read was found to be ahead (ruleahead.go),
	// in preBatch; nil when it was not.
	pre      *aheadLine
	preBatch *lineBatch
}

// parseRules reads the input with the profile's rules.
// With all, a linter's run also gives all every problem (lintwhole.go).
func parseRules(p *Profile, lr *filters.LineReader, b *report.Builder, opt parse.Options, sig *signals, ride *scanRide, all *lintAll) error {
	if err := p.patterns(); err != nil {
		return fmt.Errorf("profile %s: %w", p.Name, err)
	}
	rp := &rulesParser{p: p, b: b, opt: opt, keepAll: p.Text.Unmatched != "drop", sig: sig, ride: ride}
	if p.Text.Lint != nil {
		rp.lint, rp.all = newLintSink(b, p.Text.Lint, opt), all
	}
	next := rp.lines(lr)
	for {
		line, err := next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return err
		}
		// Its indentation, measured once: the block's dispatch reads it.
		n, bits := rp.indentOf(line)
		if rp.block != nil && rp.inBlock(line, n, bits) {
			rp.lastKept = false
			continue
		}
		after := rp.afterExcerpt
		rp.afterExcerpt = false
		switch {
		case rp.apply(line):
			rp.lastKept = false
		case after && rp.cur != nil && strings.HasPrefix(line, " "):
			rp.detail("fix: "+strings.TrimSpace(line), "")
			rp.lastKept = false
		default:
			rp.unmatched(line)
		}
	}
	rp.flush()
	if rp.lint != nil {
		rp.lint.finish()
	}
	if len(rp.kept) > 0 {
		b.SetLines(rp.kept)
	}
	return nil
}

// flush hands the failure being read to the report.
func (rp *rulesParser) flush() {
	if rp.cur == nil {
		return
	}
	if rp.lint != nil {
		rp.lint.add(rp.cur, rp.curOutside)
		rp.all.add(rp.cur)
	} else {
		rp.b.AddFailure(*rp.cur)
	}
	rp.cur = nil
}

// apply runs the first rule that matches line, and says whether one did.
func (rp *rulesParser) apply(line string) bool {
	if pre := rp.pre; pre != nil {
		if pre.starts && rp.applyBefore(line, int32(pre.rule)) {
			return true
		}
		if pre.rule < 0 {
			return false
		}
		r := &rp.p.rules[pre.rule]
		rp.last = int(pre.rule)
		var g groups
		pre.groups(r, rp.preBatch, &g)
		rp.emit(r, line, &g)
		return true
	}
	rules := rp.p.rules
	may := rp.p.lead.Rules(line)
	var g groups
	for i := nextRule(may, 0, len(rules)); i < len(rules); i = nextRule(may, i+1, len(rules)) {
		r := &rules[i]
		// The rule that took the last line likely takes this one (a
		// linter's problems come in runs): its filter would only cost.
		if i != rp.last && !r.lit.May(line) {
			continue
		}
		// emit reads the groups and keeps none of rp.caps.
		if r.findTo(line, &rp.caps, &g) {
			rp.last = i
			rp.emit(r, line, &g)
			return true
		}
	}
	return false
}

// applyBefore runs, on a line the matchers ran only the failure rules on
// that end a block (aheadLine.starts, Profile.starts), the other rules
// before until (the first of those that matches it, -1 for none), an
// outside failure rule among them, and says whether one took the line.
func (rp *rulesParser) applyBefore(line string, until int32) bool {
	rules := rp.p.rules
	if until >= 0 {
		rules = rules[:until]
	}
	var g groups
	for i := range rules {
		r := &rules[i]
		if r.Emit == EmitFailure && !r.Outside || !r.lit.May(line) {
			continue // the matchers found it does not match
		}
		if r.findTo(line, &rp.caps, &g) {
			rp.last = i
			rp.emit(r, line, &g)
			return true
		}
	}
	return false
}

// emit applies a rule that matched line.
func (rp *rulesParser) emit(r *compiledRule, line string, g *groups) {
	b := rp.b
	rp.flakyList = rp.flakyList && r.Emit == EmitFlaky
	switch r.Emit {
	case EmitFailure:
		rp.flush()
		// The failure's fields are cut from one copy of the line (the
		// worker that read it ahead may have made it).
		if rp.pre == nil || !rp.pre.owned {
			g.line = strings.Clone(g.line)
		}
		kind := report.Kind(g.at(fKind))
		if kind == "" {
			kind = report.Kind(r.Kind)
		}
		if kind == "" {
			kind = report.KindError
		}
		file, line := g.at(fFile), g.numAt(fLine)
		if file == "" {
			file, line = rp.whereFile, max(line, rp.whereLine)
		}
		// Set in place, as the reader's lines are (lineAhead.read).
		f := &rp.curBuf
		*f = report.Failure{}
		f.Kind, f.File, f.Line, f.Column = kind, rp.opt.Rel(file), line, g.numAt(fColumn)
		f.Severity, f.Name, f.Message = g.at(fSeverity), g.at(fName), strings.TrimSpace(g.at(fMessage))
		rp.cur, rp.curOutside = f, r.Outside
		rp.block, rp.blockLit, rp.blockRules, rp.nextMessage = r.until, &r.untilLit, r.block, false
		rp.blockDispatch, rp.blockOf = r.dispatch, int32(rp.last)
		rp.repeatIndent, rp.chained = 0, 0
	case EmitDetail:
		rp.detail(line, g.get("message"))
	case EmitContext:
		rp.whereFile, rp.whereLine = strings.Clone(g.get("file")), g.num("line")
	case EmitCounts:
		if c, untold := countsOf(g); untold {
			b.AddTestsPassedUntold(c)
		} else {
			b.AddTests(c)
		}
	case EmitSummary:
		// Its figures are the status line's: nothing is lost. The
		// problem above it is one it counts.
		rp.flush()
		rp.lint.summaryLine(g)
	case EmitNote:
		b.Note(strings.Clone(strings.TrimSpace(line)))
	case EmitDrop:
		b.OmitKey(report.OmitLines, 1)
	case EmitSignal:
		// Dropped as a drop rule's line, and kept as evidence: a
		// report that ends with no failure fails on it (reconcile),
		// which lists it, and it is no longer counted as dropped
		// (shapeTextWatched).
		b.OmitKey(report.OmitLines, 1)
		rp.sig.add(line)
	case EmitFlaky:
		rp.flaky(g)
	case EmitExcerpt:
		// A caret line: it and the line of code above it go.
		if rp.lastKept {
			rp.kept = rp.kept[:len(rp.kept)-1]
			b.OmitKey(report.OmitLines, 1)
		}
		b.OmitKey(report.OmitLines, 1)
		rp.afterExcerpt = true
	}
}

// flaky reads a flaky rule's line: with a total group, the tally of the
// tests that failed, then passed on a retry, counted as a counts rule's,
// which opens the list of their names; in that list, one of them, whose
// failure the tool listed with the others (Builder.MarkFlaky); elsewhere
// (the same form in the list of failed tests), a line dropped.
func (rp *rulesParser) flaky(g *groups) {
	if g.get("total") != "" {
		c, _ := countsOf(g)
		rp.b.AddTests(c)
		rp.flakyList = true
		return
	}
	rp.b.OmitKey(report.OmitLines, 1)
	if !rp.flakyList {
		return
	}
	// The failure may still be the one being read (the tool names the
	// flaky tests after the failures).
	rp.flush()
	file, line, name := rp.opt.Rel(g.get("file")), g.num("line"), strings.TrimSpace(g.get("name"))
	rp.b.MarkFlaky(file, line, name) // it copies what it keeps
	// Its failed attempt's own line (the list reporter's ✘) is no sign
	// of a failure left unexplained: the flaky failure accounts for it.
	rp.sig.forget(fmt.Sprintf("%s:%d:", file, line), " "+name)
}

// countsOf is a counts rule's tally, and whether its rule gave a total
// with no passed figure.
func countsOf(g *groups) (c report.Counts, passedUntold bool) {
	c = report.Counts{Total: g.num("total"), Passed: g.num("passed"), Failed: g.num("failed"),
		Skipped: g.num("skipped"), Todo: g.num("todo"), Errors: g.num("errors"), Flaky: g.num("flaky")}
	return c, g.get("passed") == "" && g.get("total") != ""
}

// inBlock reads a line of an open block (see Rule.Until), and says whether
// it was one: a line that starts another failure ends the block unread.
func (rp *rulesParser) inBlock(line string, n int, bits uint8) bool {
	if rp.startsHere(line) {
		rp.block = nil
		return false
	}
	var m []int
	if rp.blockLit.May(line) {
		m = rp.block.FindStringSubmatchIndex(line)
	}
	if m == nil {
		return rp.blockRule(line, n, bits)
	}
	end := rp.block
	rp.block = nil
	rp.blockLine(line[:m[0]])
	fill := func(name string, dst *string) {
		if i := end.SubexpIndex(name); i > 0 && *dst == "" && m[2*i] >= 0 {
			*dst = strings.Clone(line[m[2*i]:m[2*i+1]])
		}
	}
	fill("name", &rp.cur.Name)
	fill("message", &rp.cur.Message)
	fill("severity", &rp.cur.Severity)
	return true
}

// blockLine adds a line of a block to the failure, its indentation kept
// (the block may be code).
func (rp *rulesParser) blockLine(line string) {
	line = trimEnd(line)
	if blank(line) {
		return
	}
	rp.addBlockLine(line)
}

// addBlockLine is blockLine for a line that is not blank and ends in
// neither a space nor a tab.
func (rp *rulesParser) addBlockLine(line string) {
	if len(rp.cur.Details) >= rp.opt.DetailLimit() {
		rp.b.OmitKey(report.OmitDetailLines, 1)
		return
	}
	rp.cur.Details = append(rp.cur.Details, strings.Clone(line))
}

// detail adds a line to the failure being read: its message group when the
// rule has one, else the whole line. A lint problem keeps as many as
// Options.DetailLimit allows, the rest counted.
func (rp *rulesParser) detail(line, msg string) {
	text := strings.TrimSpace(line)
	if msg != "" {
		text = strings.TrimSpace(msg)
	}
	text = strings.Clone(text)
	switch {
	case rp.cur == nil:
		rp.b.Note(text)
	case rp.lint != nil && len(rp.cur.Details) >= rp.opt.DetailLimit():
		rp.b.OmitKey(report.OmitDetailLines, 1)
	default:
		rp.cur.Details = append(rp.cur.Details, text)
	}
}

// unmatched keeps (the last 200) or drops a line no rule matched.
func (rp *rulesParser) unmatched(line string) {
	if !rp.keepAll {
		rp.b.OmitKey(report.OmitLines, 1)
		return
	}
	rp.kept = append(rp.kept, strings.Clone(line))
	rp.lastKept = true
	if len(rp.kept) > 200 {
		rp.kept = rp.kept[1:]
		rp.b.OmitKey(report.OmitUnmatchedLines, 1)
	}
}

// blockRule reads a line of an open block with the failure rule's block
// rules, and says whether the block took it: a line an end rule matches
// closes the block and is left to the profile's rules.
func (rp *rulesParser) blockRule(line string, n int, bits uint8) bool {
	if rp.nextMessage {
		rp.nextMessage = false
		if rp.cur.Message == "" {
			rp.cur.Message = strings.Clone(strings.TrimSpace(line))
			return true
		}
	}
	if rp.underRepeat(line) {
		return true
	}
	pre := rp.blockAheadFor()
	var may uint64
	if pre != nil {
		// The dispatch the matcher ran, less the rules it found do
		// not match.
		may = pre.may &^ (pre.known &^ pre.hit)
	} else {
		may = rp.blockDispatch.rules(line, n, bits)
	}
	var g groups
	for i := nextRule(may, 0, len(rp.blockRules)); i < len(rp.blockRules); i = nextRule(may, i+1, len(rp.blockRules)) {
		r := &rp.blockRules[i]
		if rp.idle(r) {
			continue
		}
		if !rp.blockMatch(r, i, pre, line, n, bits, &g) {
			continue
		}
		if taken, open := rp.blockEmit(r, line, &g); taken {
			return open
		}
	}
	// Not blank (parseRules passed it by), nor once its end is
	// trimmed.
	rp.addBlockLine(trimEnd(line))
	return true
}

// blockMatch says whether block rule i matches line, with its groups: as
// the matchers found it when pre says they did (blockahead.go), else by its
// filters and regexp.
func (rp *rulesParser) blockMatch(r *compiledRule, i int, pre *aheadLine, line string, n int, bits uint8, g *groups) bool {
	if pre != nil && i < 64 && pre.known&(1<<i) != 0 {
		if pre.hit&(1<<i) == 0 {
			return false
		}
		pre.hitGroups(r, i, rp.preBatch, g)
		return true
	}
	if !r.blockMay(line, n, bits) {
		return false
	}
	// The groups are read before the next line is.
	return r.blockFind(line, &rp.caps, g)
}

// blockEmit applies a block rule that matched line. taken is false when the
// rule does not apply (a field with nothing left to fill, a cancel after
// the message): the next rule gets the line. open is false when the block
// ends before line, which the profile's rules then read.
func (rp *rulesParser) blockEmit(r *compiledRule, line string, g *groups) (taken, open bool) {
	switch r.Emit {
	case EmitEnd:
		rp.block = nil
		return true, false
	case EmitCancel:
		if rp.cur.Message != "" || rp.cur.File != "" {
			return false, true
		}
		// The start line was not a failure's (mocha's tree prints a
		// failing test outside any suite as its list does): it goes,
		// counted, and this line is read by the profile's rules.
		rp.cur, rp.block = nil, nil
		rp.b.OmitKey(report.OmitLines, 1)
		return true, false
	case EmitDrop:
		rp.b.OmitKey(report.OmitLines, 1)
	case EmitRepeat:
		rp.repeat(line)
	case EmitChain:
		rp.chain(g.get("message"))
	case EmitSupersede:
		// A second form of what the details above said (mocha's
		// diff after node's dump of both values): they go, counted,
		// and this line is the first detail.
		if n := len(rp.cur.Details) - rp.chained; n > 0 {
			rp.b.OmitKey(report.OmitLines, n)
			rp.cur.Details = rp.cur.Details[:rp.chained]
		}
		rp.blockLine(line)
	case EmitField:
		return rp.blockField(r, g), true
	case EmitMessage:
		// Its other groups fill the location too (libtest's
		// "panicked at FILE:LINE:COL:" above the message).
		rp.fill(g)
		if strings.TrimSpace(g.get("message")) == "" {
			rp.nextMessage = true
		}
	default:
		// A detail rule's message group is the part worth keeping.
		if msg := g.get("message"); msg != "" {
			line = msg
		}
		rp.blockLine(line)
	}
	return true, true
}

// blockField applies a block field rule, and says whether it took the line.
func (rp *rulesParser) blockField(r *compiledRule, g *groups) bool {
	if r.Append {
		if !rp.appendName(g.get("name")) {
			return false
		}
	} else if !rp.fill(g) && r.Kind == "" {
		// Nothing left to fill (a traceback's later frames): the line
		// goes on to the next rule, or is a detail.
		return false
	}
	if r.Kind != "" {
		// What the block says the failure is (an assertion, a timeout,
		// a hook) wins over the start line's default.
		rp.cur.Kind = report.Kind(r.Kind)
	}
	return true
}

// chain reads the line between two exceptions of a chain (Python's "During
// handling of the above exception, another exception occurred:"): what the
// block read so far is not the exception raised, only its context. Its
// message and place stay as one detail line, after label (the rule's
// message group: how the two are linked), the lines under them go
// (counted), and the lines after fill the failure anew: the last exception
// of a chain is the failure's reason and place.
func (rp *rulesParser) chain(label string) {
	f := rp.cur
	if f.Message == "" && f.File == "" {
		rp.b.OmitKey(report.OmitLines, 1)
		return
	}
	if label = strings.TrimSpace(label); label == "" {
		label = "chained from"
	}
	ctx := label + ": " + f.Message
	if f.File != "" {
		ctx += fmt.Sprintf(" (%s:%d)", f.File, f.Line)
	}
	if n := len(f.Details) - rp.chained; n > 0 {
		rp.b.OmitKey(report.OmitChainedTracebackLines, n)
	}
	f.Details = append(f.Details[:rp.chained], ctx)
	rp.chained++
	f.Message, f.File, f.Line, f.Column = "", "", 0, 0
	rp.nextMessage, rp.repeatIndent = false, 0
}

// repeat shows a line (a helper's stack frame) the first time a failure has
// it; in later failures it and the lines under it that are indented more
// deeply (the code it quotes) are counted, not shown.
func (rp *rulesParser) repeat(line string) {
	key := strings.TrimSpace(line)
	if rp.shown[key] {
		rp.repeatIndent = indent(line) + 1
		rp.b.OmitKey(report.OmitRepeatedFrameLines, 1)
		return
	}
	if len(rp.cur.Details) < rp.opt.DetailLimit() {
		if rp.shown == nil {
			rp.shown = map[string]bool{}
		}
		rp.shown[strings.Clone(key)] = true
	}
	rp.blockLine(line)
}

// underRepeat drops a line under a repeated one (see repeat), and says
// whether it did.
func (rp *rulesParser) underRepeat(line string) bool {
	if rp.repeatIndent > 0 && indent(line) >= rp.repeatIndent {
		rp.b.OmitKey(report.OmitRepeatedFrameLines, 1)
		return true
	}
	rp.repeatIndent = 0
	return false
}

// indent is the number of spaces a line starts with.
func indent(line string) int {
	return len(line) - len(strings.TrimLeft(line, " "))
}

// fill sets what the failure being read still lacks from a block line's
// named groups, and says whether it set anything.
func (rp *rulesParser) fill(g *groups) bool {
	f := rp.cur
	filled := false
	set := func(dst *string, v string) {
		if *dst == "" && strings.TrimSpace(v) != "" {
			*dst = strings.Clone(strings.TrimSpace(v))
			filled = true
		}
	}
	if file := g.get("file"); file != "" && f.File == "" {
		f.File = strings.Clone(rp.opt.Rel(file))
		f.Line, f.Column = g.num("line"), g.num("column")
		filled = true
	}
	set(&f.Message, g.get("message"))
	set(&f.Name, g.get("name"))
	if k := strings.TrimSpace(g.get("kind")); k != "" && f.Kind == "" {
		f.Kind, filled = report.Kind(strings.Clone(k)), true
	}
	set(&f.Severity, g.get("severity"))
	return filled
}

// appendName adds a title line to the failure's name (Rule.Append), and
// says whether it did: not once the failure has its message.
func (rp *rulesParser) appendName(part string) bool {
	part = strings.TrimSpace(part)
	if rp.cur.Message != "" || part == "" {
		return false
	}
	// The sum is a new string (" " and part are not empty): it owns its
	// bytes.
	rp.cur.Name = strings.TrimSpace(rp.cur.Name + " " + part)
	return true
}

// idle says whether block rule r would pass the line on to the next rule
// whatever its regexp says (see blockEmit), so that the regexp need not
// run: a cancel once the failure has its message or file, an append once
// it has its message, a field rule with no kind once every field its
// groups could fill is filled (a traceback's later frames).
func (rp *rulesParser) idle(r *compiledRule) bool {
	f := rp.cur
	switch {
	case r.idleAs == idleNever:
		return false
	case r.idleAs == idleCancel:
		return f.Message != "" || f.File != ""
	case r.idleAs == idleAppend:
		return f.Message != ""
	}
	filled := func(bit fieldSet, v string) bool { return r.has&bit == 0 || v != "" }
	return filled(hasFile, f.File) && filled(hasMessage, f.Message) && filled(hasName, f.Name) &&
		filled(hasKind, string(f.Kind)) && filled(hasSeverity, f.Severity)
}

// blockAheadFor is the line being read as the matchers found it, when they
// ran rules of the open block on it; nil when they did not.
func (rp *rulesParser) blockAheadFor() *aheadLine {
	if pre := rp.pre; pre != nil && !rp.p.plain.blockAhead && int32(pre.open) == rp.blockOf {
		return pre
	}
	return nil
}

// lines returns the reader of the parser's lines: cleaned, blank ones
// skipped, each with what was found ahead of it in rp.pre when ruleAhead is
// on.
func (rp *rulesParser) lines(lr *filters.LineReader) func() (string, error) {
	if rp.p.plain.ruleAhead {
		// Each line is a view of the reader's buffer (lineView), good
		// until the next: what the parser keeps, it copies.
		return func() (string, error) {
			for {
				raw, _, err := lr.Next()
				if err != nil {
					return "", err
				}
				line := lineView(raw)
				if rp.p.plain.viewLines {
					line = filters.CleanLine(string(raw))
				}
				if !blank(line) {
					return line, nil
				}
			}
		}
	}
	a := newLineAhead(rp.p, lr, rp.ride)
	return func() (string, error) {
		l, b, err := a.next()
		if err != nil {
			a.stop()
			rp.pre, rp.preBatch = nil, nil
			return "", err
		}
		rp.pre, rp.preBatch = l, b
		return l.line, nil
	}
}

// indentOf is lineIndent(line) for the line being read: found ahead when it
// was.
func (rp *rulesParser) indentOf(line string) (int, uint8) {
	if pre := rp.pre; pre != nil {
		return int(pre.indent), pre.wsBits
	}
	return lineIndent(line)
}

// startsHere reports whether a failure rule matches line, which ends an
// open block. What was found ahead answers for the starts before the first
// rule that took the line, and for that rule; those after it are run.
func (rp *rulesParser) startsHere(line string) bool {
	if pre := rp.pre; pre != nil && pre.rule < 0 {
		// The matchers found no start matches the line (whether they
		// ran every rule or only the starts: aheadLine.starts).
		return false
	}
	starts, startAt := rp.p.starts, rp.p.startAt
	// A start the dispatch turns away cannot match: not the one found
	// ahead either.
	may := rp.p.startLead.Rules(line)
	for i := nextRule(may, 0, len(starts)); i < len(starts); i = nextRule(may, i+1, len(starts)) {
		if pre := rp.pre; pre != nil {
			if pre.rule < 0 || startAt[i] < int32(pre.rule) {
				continue
			}
			if startAt[i] == int32(pre.rule) {
				return true
			}
		}
		if r := starts[i]; r.lit.May(line) && (r.sure.Match(line) || r.re.MatchString(line)) {
			return true
		}
	}
	return false
}
