package profiles

import (
	"fmt"
	"slices"
	"strings"

	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// Severity classes, in the order the page shows them.
const (
	sevError   = "error"
	sevWarning = "warning"
	sevNote    = "note"
)

// check validates the severity map.
func (l *LintRules) check() error {
	switch l.FailsOn {
	case "", sevError, sevWarning, sevNote:
	default:
		return fmt.Errorf("text.lint.fails_on %q is not one of error, warning, note", l.FailsOn)
	}
	for k, v := range l.Severity {
		switch v {
		case sevError, sevWarning, sevNote:
		default:
			return fmt.Errorf("text.lint.severity %q: %q is not one of error, warning, note", k, v)
		}
	}
	return nil
}

// class is the severity class of what a severity group captured.
func (l *LintRules) class(sev string) string {
	if c, ok := l.Severity[sev]; ok {
		return c
	}
	s := strings.ToLower(sev)
	switch {
	case s == "" || strings.Contains(s, "error") || strings.Contains(s, "fatal"):
		return sevError
	case strings.Contains(s, "warn"):
		return sevWarning
	}
	return sevNote
}

// lintSink orders a lint profile's problems while the rules stream, as the
// eslint profile does: each file's problems once, its errors before its
// warnings before its notes; files with errors go to the report as they end
// (they lead the page), files with only warnings or only notes are held back
// until the end, no more of them than the page or report.MemFailures can
// show, the rest counted. Memory holds one file's problems and a bounded
// number held back, whatever the input. A tool
// that prints a file's problems in two runs shows it under one header when
// the later run has errors (see joinHeld), else under two.
type lintSink struct {
	b     *report.Builder
	rules *LintRules
	keep  int // how many held problems can fall on the page (0: all)
	file  string
	block []report.Failure // the current file's problems
	ranks []uint8          // the rank of each of block's classes
	// held are the problems held back and over the number past keep,
	// by the rank of their file's worst class (warnings, notes). Packed:
	// with no page every warning of a run is held (report.Packed).
	held [nRanks]report.Packed
	over [nRanks]int
	// heldAt lists, by file, where its held problems are in held (by
	// class), so that joinHeld takes a file's without looking through
	// them all: with no page (--limit 0, and the whole run `terse run`
	// records) every warning of a run is held, and a look through them
	// for each file with errors made 100 MB of gcc's output take 30 s.
	// joined marks those joinHeld took, and live counts the others.
	heldAt map[string]*[nRanks][]int
	joined [nRanks][]bool
	live   [nRanks]int
	// counts is what was counted from the lines; summary what the tool's
	// own tally said, which wins (a tool may print fewer lines than it
	// counts, or one line for several problems).
	counts report.Lint
	files  map[string]bool
	// recent are files of the last runs, all in files (nextRecent is
	// where the next goes).
	recent     [4]string
	nextRecent int
	summary    report.Lint
	hasSummary map[string]bool
	tallies    int // tally lines read (summaryLine)
	// atTally is counts as the last tally line was read: a tally counts
	// the problems above it, and those after it (another tool's run in
	// the same stream, `golangci-lint run; go build ./...`) add to it.
	// untallied counts the problems no tally counts wherever they are
	// (another tool's lines, Rule.Outside), and untalliedAt those above
	// the last tally.
	atTally, untallied, untalliedAt report.Lint
	filesAtTally                    int
	// classes remembers the class of each severity seen (up to
	// maxClasses of them), as a run repeats a handful: class lowers
	// the case of those its map does not name.
	classes map[string]string
	// lastSev and lastClass are the last severity classed and its class.
	lastSev, lastClass string
	// unsorted is set when a problem of block is more severe than the
	// one before it: order has work to do.
	unsorted bool
}

// countIn adds one problem of class c to l.
func countIn(l *report.Lint, c string) {
	switch c {
	case sevError:
		l.Errors++
	case sevWarning:
		l.Warnings++
	default:
		l.Notes++
	}
}

// maxClasses bounds lintSink.classes: a severity group may capture any
// word.
const maxClasses = 64

func newLintSink(b *report.Builder, rules *LintRules, opt parse.Options) *lintSink {
	keep := 0
	if opt.Window.Limit > 0 {
		// More than the page: a held problem may yet join its file's
		// errors (joinHeld), which come before the page ends; holding
		// as many as a report keeps in memory gives every page the order
		// of --limit 0 up to that many.
		keep = max(opt.Window.Offset+opt.Window.Limit, report.MemFailures)
	}
	return &lintSink{b: b, rules: rules, keep: keep, heldAt: map[string]*[nRanks][]int{}, files: map[string]bool{},
		hasSummary: map[string]bool{}, classes: map[string]string{}}
}

// add records one problem, its severity set to its class: p is copied
// once, into the file's problems.
func (s *lintSink) add(p *report.Failure, untallied bool) {
	c := s.class(p.Severity)
	if c == sevError || c == sevWarning && s.rules.FailsOn == sevWarning || s.rules.FailsOn == sevNote {
		// The run fails on it (its summary, should one say
		// otherwise, is the tool's own contradiction).
		s.b.MarkRed()
	}
	countIn(&s.counts, c)
	if untallied {
		countIn(&s.untallied, c)
	}
	if p.File != s.file || len(s.block) == 0 {
		s.endFile()
		s.file = p.File
		// Once a run of the file's problems: the same file again
		// finds itself there. A compiler's problems alternate between
		// a few files: those of the last runs are known to be there.
		if p.File != "" && !slices.Contains(s.recent[:], p.File) {
			s.files[p.File] = true
			s.recent[s.nextRecent%len(s.recent)] = p.File
			s.nextRecent++
		}
	}
	r := uint8(rank(c))
	if n := len(s.ranks); n > 0 && r < s.ranks[n-1] {
		s.unsorted = true
	}
	s.ranks = append(s.ranks, r)
	s.block = append(s.block, *p)
	f := &s.block[len(s.block)-1]
	f.Kind, f.Severity = report.KindLint, c
}

// class is the rules' class of sev, remembered.
func (s *lintSink) class(sev string) string {
	// A run of problems repeats a severity: compared, it costs less
	// than the map's look-up.
	if s.lastClass != "" && sev == s.lastSev {
		return s.lastClass
	}
	c := s.lookupClass(sev)
	s.lastSev, s.lastClass = sev, c
	return c
}

// lookupClass is class without the last one remembered.
func (s *lintSink) lookupClass(sev string) string {
	if c, ok := s.classes[sev]; ok {
		return c
	}
	c := s.rules.class(sev)
	if len(s.classes) < maxClasses {
		s.classes[sev] = c
	}
	return c
}

// endFile hands on the current file's problems, most severe first.
func (s *lintSink) endFile() {
	if len(s.block) == 0 {
		return
	}
	worst := s.ranks[0]
	if s.unsorted {
		worst = slices.Min(s.ranks)
	}
	if worst == 0 {
		s.inOrder(func(f *report.Failure) { s.b.AddFailure(*f) })
		s.joinHeld(s.file)
	} else {
		room := len(s.block)
		if s.keep > 0 {
			room = max(0, s.keep-s.live[worst])
		}
		s.inOrder(func(f *report.Failure) {
			if room == 0 {
				s.over[worst]++
				return
			}
			s.hold(worst, f)
			room--
		})
	}
	s.block, s.ranks, s.unsorted = s.block[:0], s.ranks[:0], false
}

// inOrder calls fn on the current file's problems most severe first, each
// class in the order it came: three passes over a few problems cost less
// than a stable sort moving them, and most files' come in order already.
// Problems are large structs: fn gets each where it is, not a copy.
func (s *lintSink) inOrder(fn func(*report.Failure)) {
	if !s.unsorted {
		for i := range s.block {
			fn(&s.block[i])
		}
		return
	}
	for r := range uint8(nRanks) {
		for i := range s.block {
			if s.ranks[i] == r {
				fn(&s.block[i])
			}
		}
	}
}

// joinHeld adds after a file's errors the warnings and notes held back
// from an earlier run of the same file (a C file's compile warnings before
// its link errors), so that the file shows under one header.
func (s *lintSink) joinHeld(file string) {
	// Nothing held (a compiler's errors): no look-up.
	if len(s.heldAt) == 0 {
		return
	}
	at := s.heldAt[file]
	if at == nil {
		return
	}
	delete(s.heldAt, file)
	for c := 1; c < nRanks; c++ {
		for _, i := range at[c] {
			s.b.AddFailure(s.held[c].Get(i))
			s.joined[c][i] = true
		}
		s.live[c] -= len(at[c])
		if s.held[c].Len() > 2*s.live[c]+64 {
			s.compact(c)
		}
	}
}

// compact drops the joined problems of class c from held, once they are
// most of it (a page's sink holds a bounded number, but files join theirs
// all through a run), and places the others again in heldAt.
func (s *lintSink) compact(c int) {
	s.held[c].Drop(s.joined[c])
	s.joined[c] = make([]bool, s.held[c].Len())
	for _, at := range s.heldAt {
		at[c] = at[c][:0]
	}
	for i := range s.held[c].Len() {
		f := s.held[c].File(i)
		at := s.heldAt[f]
		if at == nil { // never: a file joins all its held problems
			at = new([nRanks][]int)
			s.heldAt[f] = at
		}
		at[c] = append(at[c], i)
	}
}

// hold holds back problem f of class c (the rank of its file's worst).
func (s *lintSink) hold(c uint8, f *report.Failure) {
	at := s.heldAt[f.File]
	if at == nil {
		at = new([nRanks][]int)
		s.heldAt[f.File] = at
	}
	at[c] = append(at[c], s.held[c].Add(f))
	s.joined[c] = append(s.joined[c], false)
	s.live[c]++
}

// addHeld adds the problems of class c still held, by file, each file
// where its first problem was, so that a file whose warnings came in two
// runs with another file's between (rustc's lints, then clippy's) shows
// under one header. A file's held problems are those heldAt lists, in
// order: joinHeld takes a file's all at once.
func (s *lintSink) addHeld(c int) {
	if s.live[c] == 0 {
		return
	}
	var files [][]int
	for _, at := range s.heldAt {
		if len(at[c]) > 0 {
			files = append(files, at[c])
		}
	}
	slices.SortFunc(files, func(a, b []int) int { return a[0] - b[0] })
	for _, at := range files {
		for _, i := range at {
			s.b.AddFailure(s.held[c].Get(i))
		}
	}
}

// nRanks is the number of severity classes.
const nRanks = 3

// rank orders severity classes: errors, then warnings, then notes.
func rank(class string) int {
	switch class {
	case sevError:
		return 0
	case sevWarning:
		return 1
	}
	return 2
}

// summaryLine records a tally rule's groups. A tool prints one a run, and
// runs of it one after another (two golangci-lint runs, a make target's
// mypy runs) list the problems of all of them: their counts add up. Their
// files may be the same ones: the files of more than one tally are those
// listed, and the files checked the most one tally says (a lower bound).
//
// A tally counts the problems listed since the tally before it, unless
// they outnumber it: then runs that print no tally came between (tsc prints
// "Found 130 errors in 5 files." with --pretty only, so a plain run then a
// pretty one list 260 problems above one tally of 130), and the problems
// listed count. A tally of 0 after problems stays 0: the tool says it
// passed, which the report holds against it (red, said PASS).
func (s *lintSink) summaryLine(g *groups) {
	s.tallies++
	since := s.sinceTally()
	s.atTally, s.untalliedAt, s.filesAtTally = s.counts, s.untallied, len(s.files)
	each := func(name string, dst *int, listed int, combine func(a, b int) int) {
		if g.get(name) != "" {
			n := g.num(name)
			if n > 0 {
				n = max(n, listed)
			}
			*dst = combine(*dst, n)
			s.hasSummary[name] = true
		}
	}
	sum := func(a, b int) int { return a + b }
	most := func(a, b int) int { return max(a, b) }
	each("errors", &s.summary.Errors, since.Errors, sum)
	each("warnings", &s.summary.Warnings, since.Warnings, sum)
	each("notes", &s.summary.Notes, since.Notes, sum)
	each("files", &s.summary.FilesWithProblems, 0, sum)
	each("checked", &s.summary.Files, 0, most)
}

// sinceTally is what was counted since the last tally line, less the
// problems no tally counts.
func (s *lintSink) sinceTally() report.Lint {
	c, at, un, unAt := s.counts, s.atTally, s.untallied, s.untalliedAt
	return report.Lint{
		Errors:   c.Errors - at.Errors - (un.Errors - unAt.Errors),
		Warnings: c.Warnings - at.Warnings - (un.Warnings - unAt.Warnings),
		Notes:    c.Notes - at.Notes - (un.Notes - unAt.Notes),
	}
}

// finish adds the held problems after the errors, and the tally.
func (s *lintSink) finish() {
	s.endFile()
	for c, class := range []string{sevError, sevWarning, sevNote} {
		s.addHeld(c)
		// Beyond the page: counted by the builder as failures seen, never
		// kept (their index is past offset+limit, as the held ones filled
		// the page).
		for range s.over[c] {
			s.b.AddFailure(report.Failure{Kind: report.KindLint, Severity: class})
		}
	}
	// after is what was counted past the last tally and what no tally
	// counts above it, added to what it told.
	pick := func(name string, counted, told, after int) int {
		if s.hasSummary[name] {
			return told + after
		}
		return counted
	}
	if s.tallies > 1 || len(s.files) > s.filesAtTally {
		delete(s.hasSummary, "files") // see summaryLine
	}
	c, at, un := s.counts, s.atTally, s.untalliedAt
	l := report.Lint{
		Errors:            pick("errors", c.Errors, s.summary.Errors, c.Errors-at.Errors+un.Errors),
		Warnings:          pick("warnings", c.Warnings, s.summary.Warnings, c.Warnings-at.Warnings+un.Warnings),
		Notes:             pick("notes", c.Notes, s.summary.Notes, c.Notes-at.Notes+un.Notes),
		FilesWithProblems: pick("files", len(s.files), s.summary.FilesWithProblems, 0),
		Files:             pick("checked", 0, s.summary.Files, 0),
	}
	switch s.rules.FailsOn {
	case sevWarning:
		l.WarningsFail = l.Warnings > 0
	case sevNote:
		l.WarningsFail = l.Warnings+l.Notes > 0
	}
	s.b.AddLint(l)
}
