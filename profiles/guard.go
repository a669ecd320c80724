package profiles

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// maxUnexplained is how many unexplained failure lines a report keeps; the
// rest are counted.
const maxUnexplained = 20

// signals collects the lines of an input that say something failed,
// whatever tool printed them: the evidence a PASS must account for.
type signals struct {
	lines []string
	n     int
	// console is set inside a block of a test's own output (vitest's
	// "stderr | file > test" up to a blank line): what a passing test
	// logs is no failure.
	inConsole bool
	// whole makes watch look at every line, the report sure to fail or
	// not: a run shaped again because the scan did not look at all of it
	// (settleOne, shapePart), whose report may yet pass.
	whole bool
}

func (s *signals) feed(l string) {
	if !s.console(l) && failureSignal(l) {
		s.add(l)
	}
}

// watch is feed for a clean line as a LineReader's reader reads it
// (LineReader.Watch), until red says the report is sure to fail (it then
// accounts for every signal), unless whole.
func (s *signals) watch(l string, red *atomic.Bool) {
	if s.whole || !red.Load() {
		s.feed(trimEnd(l))
	}
}

// feedKnown is feed for a line whose failureSignal is known: fail.
func (s *signals) feedKnown(l string, fail bool) {
	if !s.console(l) && fail {
		s.add(l)
	}
}

// console follows the blocks of a test's own output, and reports whether
// l is in one (or starts or ends one).
func (s *signals) console(l string) bool {
	switch {
	case strings.HasPrefix(l, "stderr | ") || strings.HasPrefix(l, "stdout | "):
		s.inConsole = true
		return true
	case s.inConsole && l == "":
		s.inConsole = false
		return true
	}
	return s.inConsole
}

// add counts failure line l, and keeps a copy of the first few.
func (s *signals) add(l string) {
	s.n++
	if len(s.lines) < maxUnexplained {
		// A copy: the scan's l may be a view of a buffer it reuses.
		s.lines = append(s.lines, strings.Clone(strings.TrimSpace(l)))
	}
}

// failureSignal reports whether a cleaned line says a test, a suite or a
// command failed, in one of the forms every runner or build tool shares: a
// FAIL/FAILED word or "not ok" at the start, a non-zero failed count, an
// error at the start of the line, a panic, a traceback, make giving up.
// Lines that report a pass never count, whatever their test is called.
//
// It runs on every line of a pipe: the forms are checked first, and the
// pass forms only on the few lines that have one.
func failureSignal(l string) bool {
	t := trimIndent(l)
	if t == "" || !failureForm(l, t) && !failedCount(t) {
		return false
	}
	return !parse.PassingLine(t)
}

// failureForm reports whether line l (t: without its indent) starts in
// one of the shared forms of a failure. Every form but an error's name
// starts with a byte of its own, so the line's first byte picks the one or
// two forms to compare instead of all of them; the forms of l's start hold
// only for a line without indent (t == l).
func failureForm(l, t string) bool {
	return indentedForm(t) || len(t) == len(l) && topForm(l)
}

// indentedForm reports whether t starts in one of the forms of a failure
// that may be indented.
func indentedForm(t string) bool {
	switch t[0] {
	case 'F':
		return parse.HasWordPrefix(t, "FAIL") || parse.HasWordPrefix(t, "FAILED")
	case '-':
		return strings.HasPrefix(t, "--- FAIL:")
	case 'n':
		return strings.HasPrefix(t, "not ok ") && !parse.TAPDirective(t)
	case "×"[0]:
		return strings.HasPrefix(t, "× ")
	case "✕"[0]: // the first byte of ✗, ✖ and ℹ too
		return strings.HasPrefix(t, "✕ ") || strings.HasPrefix(t, "✗ ") || nodeSpecForm(t)
	}
	return false
}

// nodeSpecForm reports whether t is a line of node --test's spec reporter
// that says a test failed: "✖ name (0.25ms)", the "✖ failing tests:"
// heading, or "ℹ fail N" with N > 0. Its failures have no other mark: a
// spec run behind a long build log had no failure signal, so the log was
// not split off it (splitLead) and the run went to the generic cleaner.
// A failed TODO test ("✖ name (0.2ms) # TODO") fails nothing, nor does
// eslint's "✖ 4 problems (0 errors, 4 warnings)".
func nodeSpecForm(t string) bool {
	switch {
	case strings.HasPrefix(t, "✖ "):
		return t == "✖ failing tests:" || endsInMillis(t)
	case strings.HasPrefix(t, "ℹ fail "):
		n := t[len("ℹ fail "):]
		return n != "" && strings.Trim(n, "0123456789") == "" && strings.TrimLeft(n, "0") != ""
	}
	return false
}

// endsInMillis reports whether t ends in a duration as node's spec
// reporter prints it: " (0.252794ms)".
func endsInMillis(t string) bool {
	t, ok := strings.CutSuffix(t, "ms)")
	if !ok {
		return false
	}
	i := len(t)
	for i > 0 && (t[i-1] >= '0' && t[i-1] <= '9' || t[i-1] == '.') {
		i--
	}
	return i < len(t) && strings.HasSuffix(t[:i], " (")
}

// topForm reports whether l, a line without indent, starts in one of the
// forms of a failure at a line's start.
func topForm(l string) bool {
	switch l[0] {
	case 'E':
		if strings.HasPrefix(l, "Error: ") {
			return true
		}
	case 'p':
		if strings.HasPrefix(l, "panic: ") {
			return true
		}
	case 'T':
		if strings.HasPrefix(l, "Traceback (most recent call last)") {
			return true
		}
	case 'm':
		if strings.HasPrefix(l, "make: *** ") || strings.HasPrefix(l, "make[") && strings.Contains(l, "]: *** ") {
			return true
		}
	case 'n':
		if strings.HasPrefix(l, "npm error ") || strings.HasPrefix(l, "npm ERR! ") {
			return true
		}
	}
	return errorNamePrefix(l)
}

// failureFormPlain is failureForm comparing every form in turn.
func failureFormPlain(l, t string) bool {
	switch {
	case parse.HasWordPrefix(t, "FAIL"), parse.HasWordPrefix(t, "FAILED"), strings.HasPrefix(t, "--- FAIL:"),
		strings.HasPrefix(t, "not ok ") && !parse.TAPDirective(t),
		strings.HasPrefix(t, "× "), strings.HasPrefix(t, "✕ "), strings.HasPrefix(t, "✗ "), nodeSpecForm(t),
		t == l && (strings.HasPrefix(l, "Error: ") || errorNamePrefix(l)),
		strings.HasPrefix(l, "panic: "), strings.HasPrefix(l, "Traceback (most recent call last)"),
		strings.HasPrefix(l, "make: *** ") || strings.HasPrefix(l, "make[") && strings.Contains(l, "]: *** "),
		strings.HasPrefix(l, "npm error ") || strings.HasPrefix(l, "npm ERR! "):
		return true
	}
	return false
}

// trimIndent is l without its leading spaces and tabs (strings.TrimLeft
// builds its cutset's table on every call).
func trimIndent(l string) string {
	i := 0
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	return l[i:]
}

// errorNamePrefix: "TypeError: ...", "AssertionError: ..." at a line start.
// The name is word bytes and dots, so the first other byte must be the
// colon after "Error": one short walk, not a search of the whole line.
func errorNamePrefix(l string) bool {
	j := 0
	for j < len(l) && (parse.IsWordByte(l[j]) || l[j] == '.') {
		j++
	}
	return j > 5 && strings.HasPrefix(l[j-5:], "Error: ")
}

// failedCount finds "N failed", "N failing", "N errors" with N > 0: the
// tallies test runners close with. Each word starts " f" or " e" after a
// digit: one walk over the bytes looking for a digit, then a space, costs
// less than a search call for every space of a code line.
//
// failedCountFrom(t, 0) is the plain walk a byte at a time, which tests
// compare this with.
func failedCount(t string) bool {
	i := 0
	// Eight bytes at a time: the digits of one word that a space
	// follows, found with a few operations on the word and the
	// word a byte on, then each of them checked as below.
	for ; i+9 <= len(t); i += 8 {
		// One cut of the 9 bytes read, checked once: the two
		// words are then loaded with no bounds check each.
		w := t[i : i+9]
		m := digitBytes(load64(w[:8])) & spaceBytes(load64(w[1:]))
		for m != 0 {
			j := i + bits.TrailingZeros64(m)/8
			m &= m - 1
			if j+2 == len(t) {
				break
			}
			if c := t[j+2]; (c == 'f' || c == 'e') && tallyAt(t, j+1) {
				return true
			}
		}
	}
	return failedCountFrom(t, i)
}

// failedCountFrom is failedCount walking t a byte at a time from i on.
func failedCountFrom(t string, i int) bool {
	for ; i < len(t)-2; i++ {
		if c := t[i]; c < '0' || c > '9' || t[i+1] != ' ' {
			continue
		}
		if c := t[i+2]; (c == 'f' || c == 'e') && tallyAt(t, i+1) {
			return true
		}
	}
	return false
}

// load64 is the eight bytes of w, the first the lowest (the compiler
// makes one load of them).
func load64(w string) uint64 {
	_ = w[7]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// The masks below set the top bit of each byte of w that is in their
// set, and no other bit: exact, as no sum carries from one byte to the
// next (each adds to a byte's low seven bits at most 0x7f).
const (
	lows7 = 0x7f7f7f7f7f7f7f7f
	tops  = 0x8080808080808080
	ones  = 0x0101010101010101
)

// digitBytes marks the bytes of w that are ASCII digits.
func digitBytes(w uint64) uint64 {
	y := w & lows7
	atLeast0 := y + (0x80-'0')*ones // top bit set where y >= '0'
	past9 := y + (0x80-'9'-1)*ones  // top bit set where y > '9'
	return atLeast0 &^ past9 &^ w & tops
}

// spaceBytes marks the bytes of w that are spaces.
func spaceBytes(w uint64) uint64 {
	x := w ^ ' '*ones
	return ^((x&lows7 + lows7) | x) & tops
}

// tallyAt reports whether a tally word starts at t[i], after a count.
func tallyAt(t string, i int) bool {
	for _, w := range tallyWords {
		end := i + len(w)
		if strings.HasPrefix(t[i:], w) && (end == len(t) || !parse.IsWordByte(t[end])) && positiveNumberBefore(t, i) {
			return true
		}
	}
	return false
}

// tallyWords are the words of a failure tally, each after its count.
var tallyWords = []string{" failed", " failing", " failures", " error", " errors"}

func positiveNumberBefore(t string, i int) bool {
	j := i
	for j > 0 && t[j-1] >= '0' && t[j-1] <= '9' {
		j--
	}
	if j == i || j > 0 && parse.IsWordByte(t[j-1]) {
		return false
	}
	return strings.TrimLeft(t[j:i], "0") != ""
}

// reconcile is the guard before a status line: a report may say PASS, or
// that nothing ran (NONE, from a tool's profile: the generic cleaner's
// report is the lines themselves), only when nothing in its input says
// otherwise. When lines signal a failure the report does not account for,
// its status becomes FAIL and it keeps them. (vitest's "× test" lines with
// the run cut before its summary gave NONE and no line at all.)
func reconcile(r *report.Report, s *signals) {
	if s == nil || s.n == 0 || !reconcilable(r) {
		return
	}
	markUnexplained(r, s.n, s.lines)
}

// reconcilable reports whether r says what a failure signal would change:
// PASS, or NONE from a tool's profile.
func reconcilable(r *report.Report) bool {
	return r != nil && (r.Status == report.StatusPass || r.Status == report.StatusNone && r.Tool != Generic)
}

// ReconcileExit is the guard for `terse run`: a command that exited
// non-zero did not pass, whatever its output says.
func ReconcileExit(r *report.Report, code int) {
	if r == nil || code == 0 || r.Status != report.StatusPass {
		return
	}
	markUnexplained(r, 1, []string{fmt.Sprintf("the command exited with code %d", code)})
}

// unexplainedLines is the omission of the failure signals past those
// listed.
const unexplainedLines = "unexplained failure lines"

func markUnexplained(r *report.Report, n int, lines []string) {
	if r.Said == "" {
		r.Said = r.Status
	}
	r.Status = report.StatusFail
	r.Unexplained += n
	// The lines past the copies kept are counted; of the copies, a line
	// the report shows already (a profile's kept lines) is not shown
	// twice.
	if n > len(lines) {
		r.Omitted = append(r.Omitted, report.Omission{What: unexplainedLines, Count: n - len(lines)})
	}
	lines = notShown(r, lines)
	if len(lines) == 0 {
		return
	}
	r.Notes = append(r.Notes, fmt.Sprintf("%d %s the report does not account for:", n, parse.PluralS(n, "failure signal")))
	for _, l := range lines {
		r.Notes = append(r.Notes, "  "+l)
	}
	r.GuardNotes += 1 + len(lines)
}

// Unguarded is r as its profile shaped it, before failure signals it does
// not account for made it fail (reconcile): a copy, r unchanged. `terse
// run` reads it to tell a profile that found nothing it knows in the
// output, which then gives way to the generic cleaner.
func Unguarded(r *report.Report) *report.Report {
	if r.Said == "" {
		return r
	}
	u := *r
	u.Status, u.Said, u.Unexplained = r.Said, "", 0
	u.Notes = r.Notes[:len(r.Notes)-r.GuardNotes]
	u.GuardNotes = 0
	u.Omitted = slices.DeleteFunc(slices.Clone(r.Omitted), func(o report.Omission) bool { return o.What == unexplainedLines })
	return &u
}

// notShown is lines (trimmed) less those r's kept lines show.
func notShown(r *report.Report, lines []string) []string {
	if len(r.Lines) == 0 {
		return lines
	}
	shown := make(map[string]bool, len(r.Lines))
	for _, l := range r.Lines {
		shown[strings.TrimSpace(l)] = true
	}
	var out []string
	for _, l := range lines {
		if !shown[l] {
			out = append(out, l)
		}
	}
	return out
}

// forget takes back the signals kept whose line holds every one of parts
// (a flaky test's failed attempt, which passed on its retry after all).
func (s *signals) forget(parts ...string) {
	if s == nil {
		return
	}
	kept := s.lines[:0]
	for _, l := range s.lines {
		if !containsAll(l, parts) {
			kept = append(kept, l)
		}
	}
	s.n -= len(s.lines) - len(kept)
	s.lines = kept
}

// containsAll reports whether l holds every one of parts.
func containsAll(l string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(l, p) {
			return false
		}
	}
	return true
}

func (s *signals) merge(o signals) {
	s.n += o.n
	for _, l := range o.lines {
		if len(s.lines) < maxUnexplained {
			s.lines = append(s.lines, l)
		}
	}
}
