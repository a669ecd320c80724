package pytest

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/report"
)

// endRun gives the run's failures to the builder, in order, and resets the
// run state (a log may hold several runs).
func (p *parser) endRun(final bool) {
	p.endBlock()
	if !final && p.warnLines > 0 {
		p.b.OmitKey(report.OmitWarnings, p.warnLines)
	}
	root := p.rootdir
	if root == "" {
		root = p.guessRoot()
	}
	next := 0
	suites := p.suiteSeen
	for i := 0; i < p.nblocks; i++ {
		if next < len(p.keptAt) && p.keptAt[next] == i {
			p.b.AddFailure(p.failure(p.kept[next], root))
			next++
			continue
		}
		// Off the page: the builder only counts it.
		f := report.Failure{Kind: report.KindAssertion}
		if suites > 0 {
			f.Kind = report.KindSuite
			suites--
		}
		p.b.AddFailure(f)
	}
	p.runStart = p.b.FailuresSeen()
	p.nblocks, p.catSeen, p.sumSeen = 0, [2]int{}, [2]int{}
	p.kept, p.keptAt = nil, nil
	clear(p.byCat[0]) // cleared, not made anew: a log may hold thousands of runs
	clear(p.byCat[1])
	p.suiteSeen, p.collected, p.setupErrs, p.warnLines = 0, -1, 0, 0
	p.rootdir = ""
	p.section = pySecNone
}

// guessRoot finds the directory pytest ran in when no rootdir line was
// printed (-q): the prefix that turns an absolute frame path into a node
// id's file.
func (p *parser) guessRoot() string {
	for _, k := range p.kept {
		file, _, _ := strings.Cut(k.nodeid, "::")
		if file == "" {
			continue
		}
		var cands []pyFrame
		if k.lineLoc != nil {
			cands = append(cands, *k.lineLoc)
		}
		for _, s := range k.sections {
			cands = append(cands, s.frames...)
		}
		for _, f := range cands {
			if filepath.IsAbs(f.file) && strings.HasSuffix(f.file, "/"+file) {
				return strings.TrimSuffix(f.file, "/"+file)
			}
		}
	}
	return ""
}

func (p *parser) rel(root, path string) string {
	if root != "" && strings.HasPrefix(path, root+"/") {
		return strings.TrimPrefix(path, root+"/")
	}
	return p.opt.Rel(path)
}

// failure builds the report failure of a block. Each step reads one concern
// of the block; they run in this order because the builder lists omissions
// in the order they are first counted.
func (p *parser) failure(k *pyBlock, root string) report.Failure {
	p.b.OmitKey(report.OmitTracebackLines, k.code)
	p.b.OmitKey(report.OmitChainedExceptions, k.secCut)
	f := pyName(k)
	pyPlaceOrphans(k)
	last := k.last()
	if f.File == "" && last != nil && last.first != nil {
		// No node id: a test's traceback starts in the test's own file.
		f.File = p.rel(root, last.first.file)
	}
	msg, details, diff := p.message(k, last)
	pyClassify(&f, k, msg)
	if limit := p.opt.DetailLimit(); len(details) > limit {
		p.b.OmitKey(report.OmitMessageLines, len(details)-limit)
		details = details[:limit]
	}
	p.locate(&f, k, last, root)
	details = append(details, p.chain(k, root)...)
	f.Details = append(details, p.captured(k)...)
	p.keepDiff(&f, diff)
	return f
}

// last is the final exception of the block's chain, the one that failed
// the test; nil when the block holds none (--tb=line, --tb=no).
func (k *pyBlock) last() *pySection {
	if n := len(k.sections); n > 0 {
		return k.sections[n-1]
	}
	return nil
}

// pyName reads the failure's name and file from the summary's node id,
// which is exact, else from the block's heading. A collection error is the
// file's own failure; an error at setup or teardown is a fixture's (a hook).
func pyName(k *pyBlock) report.Failure {
	f := report.Failure{Kind: report.KindAssertion}
	switch {
	case k.phase == "collect":
		file := k.nodeid
		if file == "" {
			file = strings.TrimPrefix(k.heading, "ERROR collecting ")
		}
		f.File, f.Name = file, "ERROR collecting "+file
		f.Kind = report.KindSuite
	case k.nodeid != "":
		file, name, _ := strings.Cut(k.nodeid, "::")
		f.File, f.Name = file, name
	default:
		f.Name = pyHeadingName(k.heading)
		if i := strings.Index(k.heading, ".py::"); i >= 0 {
			f.File = k.heading[:i+len(".py")]
		}
	}
	if k.phase == "setup" || k.phase == "teardown" {
		f.Kind = report.KindHook
	}
	return f
}

// SummaryNoteHead opens SummaryNote: what pytest left out.
const SummaryNoteHead = "no traceback printed for some failures (--tb=no?)"

// SummaryNote is the run's note when a failure's message is the short test
// summary's, which pytest cuts to the terminal's width. terse run retells
// it when a JUnit report of the run gives those messages whole.
const SummaryNote = SummaryNoteHead + ": their messages come from the short test summary, cut to the terminal's width"

// message is the failure's message, details and diff: from the final
// exception when there is a traceback, else from the --tb=line line, else
// from the short summary (the last resort: pytest cuts it to the terminal's
// width, which the agent is told).
func (p *parser) message(k *pyBlock, last *pySection) (msg string, details, diff []string) {
	if last != nil {
		msg, details, diff = p.excParts(last)
	}
	if k.lineLoc != nil || (msg == "" && k.lineMsg != "") {
		msg = k.lineMsg
	}
	if msg == "" {
		msg = k.sumMsg
	}
	if k.fromSum {
		p.b.Note(SummaryNote)
	}
	return msg, details, diff
}

// pyClassify sets the failure's kind from its message and phase, and its
// message: an error outside the test's call says where it happened, since
// the test itself did not fail.
func pyClassify(f *report.Failure, k *pyBlock, msg string) {
	f.Message = msg
	f.Kind = pyKind(f.Kind, msg)
	switch {
	case k.phase == "setup" || k.phase == "teardown":
		f.Message = "ERROR at " + k.phase + ": " + msg
	case k.cat == 'E' && k.phase == "":
		// An error known only from the summary: setup or teardown.
		f.Kind = report.KindHook
		f.Message = strings.TrimSuffix("ERROR: "+msg, " ")
	}
}

// pyKind refines a failure's kind from its message: pytest-timeout's
// failure is a timeout, and a test that raised anything but an assertion
// (or pytest.fail) is an error rather than a failed assertion.
func pyKind(kind report.Kind, msg string) report.Kind {
	switch {
	case strings.HasPrefix(msg, "Failed: Timeout"):
		return report.KindTimeout
	case kind != report.KindAssertion:
	case strings.HasPrefix(msg, "assert "), strings.HasPrefix(msg, "AssertionError"),
		strings.HasPrefix(msg, "Failed: "), strings.HasPrefix(msg, "[XPASS(strict)]"):
	default:
		return report.KindError
	}
	return kind
}

// locate sets the failure's line from the deepest frame in the test's own
// file, and keeps the other frames in user code, innermost first.
func (p *parser) locate(f *report.Failure, k *pyBlock, last *pySection, root string) {
	var frames []pyFrame
	if last != nil {
		frames = append(frames, last.frames...)
		p.b.OmitKey(report.OmitStackFrames, last.nframes-len(frames))
	}
	if k.lineLoc != nil {
		frames = append(frames, *k.lineLoc)
		if f.File == "" {
			f.File = p.rel(root, k.lineLoc.file)
		}
	}
	at := -1
	for i := len(frames) - 1; i >= 0; i-- {
		if f.File != "" && p.rel(root, frames[i].file) == f.File {
			at = i
			break
		}
	}
	if at >= 0 {
		f.Line = frames[at].line
	}
	p.userFrames(f, frames, at, root)
}

// userFrames keeps, innermost first, the frames other than the location
// (at) that are in user code, up to the frame limit; the library and
// runtime frames and those past the limit are counted.
func (p *parser) userFrames(f *report.Failure, frames []pyFrame, at int, root string) {
	dropped := 0
	for i := len(frames) - 1; i >= 0; i-- {
		if i == at {
			continue
		}
		fr := report.Frame{Func: frames[i].fn, File: p.rel(root, frames[i].file), Line: frames[i].line}
		if filters.Classify(fr) != filters.User || len(f.Frames) >= p.opt.FrameLimit() {
			dropped++
			continue
		}
		if fr.Func == "<module>" {
			fr.Func = ""
		}
		if pySaysAlready(f, fr) {
			continue
		}
		f.Frames = append(f.Frames, fr)
	}
	p.b.OmitKey(report.OmitStackFrames, dropped)
}

// pySaysAlready reports whether the failure's location or its last kept
// frame already names the frame's line (recursion, a decorator).
func pySaysAlready(f *report.Failure, fr report.Frame) bool {
	if fr.File == f.File && fr.Line == f.Line {
		return true
	}
	n := len(f.Frames)
	return n > 0 && f.Frames[n-1].File == fr.File && f.Frames[n-1].Line == fr.Line
}

// chain gives the earlier exceptions of the chain, oldest first, as detail
// lines: each one's message, where it was raised and two of its lines, so
// the agent sees the cause without the whole traceback.
func (p *parser) chain(k *pyBlock, root string) []string {
	var details []string
	for i := 0; i < len(k.sections)-1; i++ {
		s := k.sections[i]
		m, d, _ := p.excParts(s)
		if m == "" {
			continue
		}
		word := "while handling: "
		if k.sections[i+1].relation == "cause" {
			word = "caused by: "
		}
		shown := 0
		if loc := p.crashSite(s, root); loc != "" {
			m += " (" + loc + ")"
			shown = 1
		}
		details = append(details, word+m)
		if len(d) > 2 {
			p.b.OmitKey(report.OmitMessageLines, len(d)-2)
			d = d[:2]
		}
		for _, l := range d {
			details = append(details, "  "+l)
		}
		p.b.OmitKey(report.OmitStackFrames, s.nframes-shown)
	}
	return details
}

// captured gives the last lines of each captured-output section as detail
// lines: a test's last prints are the ones nearest its failure.
func (p *parser) captured(k *pyBlock) []string {
	p.b.OmitKey(report.OmitCapturedOutputLines, k.capLost)
	var details []string
	for _, c := range k.captures {
		if c.total == 0 {
			continue
		}
		head := "captured " + c.title + ":"
		if c.total > len(c.tail) {
			head = fmt.Sprintf("captured %s (last %d of %d lines):", c.title, len(c.tail), c.total)
			p.b.OmitKey(report.OmitCapturedOutputLines, c.total-len(c.tail))
		}
		details = append(details, head)
		for _, l := range c.tail {
			details = append(details, "  "+l)
		}
	}
	return details
}

// keepDiff keeps the diff's changed lines with their context.
func (p *parser) keepDiff(f *report.Failure, diff []string) {
	if !hasChange(diff) {
		// pytest cut the diff before its first change (-v on a long
		// sequence): only unchanged lines are left.
		p.b.OmitKey(report.OmitUnchangedDiffLines, len(diff))
		return
	}
	kept, dropped := filters.TrimDiff(diff, p.opt.DiffContext())
	f.Diff = kept
	p.b.OmitKey(report.OmitUnchangedDiffLines, dropped)
}

// pyPlaceOrphans gives a line to a chained exception whose long traceback
// lost its location line (a hand-edited or cut log): when another exception
// of the chain shows the same function with a known line, the two failing
// lines are the same distance apart as in their source listings, which
// both start at the function's def line.
func pyPlaceOrphans(k *pyBlock) {
	for _, s := range k.sections {
		off := s.entryOff()
		if s.nframes > 0 || off < 0 || s.fn == "" {
			continue
		}
		for _, o := range k.sections {
			for _, fr := range o.frames {
				if fr.fn == s.fn && fr.off >= 0 {
					s.addFrame(pyFrame{file: fr.file, line: fr.line - fr.off + off, fn: s.fn, off: off})
					break
				}
			}
			if s.nframes > 0 {
				break
			}
		}
	}
}

func hasChange(diff []string) bool {
	for _, l := range diff {
		if strings.HasPrefix(l, "-") || strings.HasPrefix(l, "+") {
			return true
		}
	}
	return false
}

// crashSite is where an exception of a chain was raised, in user code.
func (p *parser) crashSite(s *pySection, root string) string {
	for i := len(s.frames) - 1; i >= 0; i-- {
		fr := report.Frame{File: p.rel(root, s.frames[i].file), Line: s.frames[i].line}
		if filters.Classify(fr) == filters.User {
			return fr.String()
		}
	}
	return ""
}

// excParts splits an exception's text into its first line (the message),
// the introspection and message lines worth keeping, and the diff. The
// hints pytest adds (use -v, omitting identical items) are counted.
func (p *parser) excParts(s *pySection) (msg string, details, diff []string) {
	base := pyIndent(s.exc)
	e := excText{seen: map[string]bool{}, keepRestated: p.opt.Verbose}
	for _, l := range s.exc {
		if strings.TrimSpace(l) != "" {
			e.add(l[base:])
		}
	}
	if len(s.exc) == 0 && len(s.plain) > 0 {
		e.msg, e.details = s.plain[0], append(e.details, s.plain[1:]...)
	} else {
		e.hints += len(s.plain)
	}
	p.b.OmitKey(report.OmitPytestHintLines, e.hints+s.plainCut)
	p.b.OmitKey(report.OmitRepeatedLines, e.repeats)
	p.b.OmitKey(report.OmitDetailLines, e.restated)
	p.b.OmitKey(report.OmitMessageLines, s.excCut)
	return e.msg, e.details, e.diff
}

// pyIndent is the smallest indentation of the non-blank lines: the E
// column's text is indented as a whole when pytest prints it under a frame.
func pyIndent(lines []string) int {
	base := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if n := len(l) - len(strings.TrimLeft(l, " ")); base < 0 || n < base {
			base = n
		}
	}
	return base
}

// excText sorts an exception's lines as they come: the message, the
// introspection lines ("where", "and") and the diff are kept; pytest's
// hints and repeated lines are only counted. Once a diff has started, the
// lines that follow are the diff's.
type excText struct {
	msg            string
	details, diff  []string
	hints, repeats int
	seen           map[string]bool
	inDiff         bool
	// keepRestated keeps (--llm=verbose) the nested "where" lines that
	// only restate the bound method of the line above; restated counts
	// those left out.
	keepRestated bool
	restated     int
}

// add takes one non-blank line, its common indentation removed.
func (e *excText) add(rel string) {
	if e.msg == "" {
		if rel[0] != ' ' { // a SyntaxError prints the bad code before its message
			e.msg = rel
		}
		return
	}
	t := strings.TrimSpace(rel)
	if pyHintRe.MatchString(t) {
		e.hints++
		if t == "Full diff:" {
			e.inDiff = true
		}
		return
	}
	d := strings.TrimPrefix(rel, "  ")
	if m := pyWhereRe.FindStringSubmatch(t); m != nil && !e.inDiff {
		// pytest nests "where" lines by indentation after the "+".
		depth := max(0, len(m[1])-2) / 2
		if depth > 0 && !e.keepRestated && pyRestatesMethod(strings.TrimSpace(t[1:])) {
			e.restated++
			return
		}
		t = strings.Repeat("  ", depth) + strings.TrimSpace(t[1:])
	} else if e.inDiff || pyIsDiffLine(d) {
		e.inDiff = true
		e.diff = append(e.diff, d)
		return
	}
	if e.seen[t] {
		e.repeats++
		return
	}
	e.seen[t] = true
	e.details = append(e.details, t)
}

// pyIsDiffLine reports whether a line is of the ndiff pytest prints to
// compare values: removed, added, or the "?" line that marks the change.
func pyIsDiffLine(d string) bool {
	return strings.HasPrefix(d, "- ") || strings.HasPrefix(d, "+ ") || strings.HasPrefix(d, "? ")
}

// pyRestatesMethod reports whether a nested introspection line only says
// where the bound method of the line above came from, "where <bound method
// Path.exists of PosixPath('/x')> = PosixPath('/x').exists": the line
// above named the method and its object already.
func pyRestatesMethod(t string) bool {
	rest, ok := strings.CutPrefix(t, "where <bound method ")
	if !ok {
		return false
	}
	method, rest, ok := strings.Cut(rest, " of ")
	if !ok {
		return false
	}
	obj, attr, ok := strings.Cut(rest, "> = ")
	if !ok {
		return false
	}
	name := method[strings.LastIndexByte(method, '.')+1:]
	return attr == obj+"."+name
}
