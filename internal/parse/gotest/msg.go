package gotest

import (
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/parse"
)

// What a failed go test printed is of two kinds: its own "file.go:N: text"
// lines (t.Error, t.Log, and the assertion libraries built on them, with
// their indented continuation lines), and output the code under test wrote
// to stdout (a CLI library's usage text). The assertion is the message and
// locates the failure; printed output is detail, the first to be cut.

const (
	// goEntryLimit bounds the file:line entries held per test, and
	// goContLimit the continuation lines held per entry: enough for any
	// assertion a page shows, while a test that logs in a loop cannot
	// fill memory.
	goEntryLimit = 16
	goContLimit  = 128
	// goTailLimit bounds the last continuation lines held past
	// goContLimit: a long log's verdict is its last line (testscript's
	// "FAIL: x.txtar:15: ...", a golden diff's "update testdata/x").
	goTailLimit = 32
	// goDumpCut is where testify's expected:/actual: dumps are cut when a
	// diff follows them: the diff lines are the difference.
	goDumpCut = 160
	// goLineCut is where any other detail line is cut.
	goLineCut = 1000
)

// goEntry is one "file.go:N: text" line of a test and the lines indented
// under it.
type goEntry struct {
	file   string
	line   int
	text   string
	indent int      // of the file:line line
	cont   []string // continuation lines, as printed
	more   int      // continuation lines between cont and tail, not held
	// tail holds the last continuation lines past goContLimit, a ring
	// whose oldest line is at tailAt once it is full.
	tail   []string
	tailAt int
}

// goMessage is a failure's message and details as they will be shown.
type goMessage struct {
	file    string
	line    int
	msg     string
	details []string
	more    int // lines read and not kept
}

// addEntry starts an entry of t.
func (t *goTest) addEntry(file string, line int, text string, indent int) {
	if len(t.entries) >= goEntryLimit {
		// Keep the first entries (context) and the latest (the
		// assertion): the middle is counted.
		drop := t.entries[goEntryLimit/2]
		t.entryGap += 1 + len(drop.cont) + len(drop.tail) + drop.more
		t.entries = append(t.entries[:goEntryLimit/2], t.entries[goEntryLimit/2+1:]...)
	}
	t.entries = append(t.entries, goEntry{file: file, line: line, text: text, indent: indent})
}

// addCont adds a continuation line to t's last entry.
func (t *goTest) addCont(line string) {
	e := &t.entries[len(t.entries)-1]
	if len(e.cont) < goContLimit {
		e.cont = append(e.cont, line)
		return
	}
	if len(e.tail) < goTailLimit {
		e.tail = append(e.tail, line)
		return
	}
	e.tail[e.tailAt] = line
	e.tailAt = (e.tailAt + 1) % goTailLimit
	e.more++
}

// lines is every continuation line e holds, in order, and where the
// lines it did not hold were: before index gapAt of all.
func (e *goEntry) lines() (all []string, gapAt int) {
	if len(e.tail) == 0 {
		return e.cont, len(e.cont)
	}
	all = make([]string, 0, len(e.cont)+len(e.tail))
	all = append(all, e.cont...)
	all = append(all, e.tail[e.tailAt:]...)
	all = append(all, e.tail[:e.tailAt]...)
	return all, len(e.cont)
}

// addPrinted keeps a line the test printed outside its entries.
func (t *goTest) addPrinted(s string, limit int) {
	if len(t.printed) < limit {
		t.printed = append(t.printed, s)
		return
	}
	t.printedMore++
}

// lines is the number of lines t holds or counted.
func (t *goTest) lines() int {
	n := len(t.printed) + t.printedMore + t.more + t.entryGap
	for _, e := range t.entries {
		n += 1 + len(e.cont) + len(e.tail) + e.more
	}
	return n
}

// message builds the failure's message from what t printed: the last
// file:line entry is the assertion (t.Log lines come before it); with no
// entry, the first printed line. A testscript failure's verdict, its log's
// "FAIL: x.txtar:15: ..." line, is the message instead, at the script's
// line (see scriptMessage).
func (t *goTest) message(limit int, place func(string) string) goMessage {
	var m goMessage
	var own, others []string
	gap, gapAt, othersGapAt := 0, 0, 0
	if n := len(t.entries); n > 0 {
		last := &t.entries[n-1]
		if sm, ok := scriptMessage(last, limit); ok {
			m = sm
		} else {
			m.file, m.line = last.file, last.line
			m.msg, own, m.more = entryMessage(last, place)
			all, at := last.lines()
			// entryMessage took the lines of the message from the start.
			gap, gapAt = last.more, max(at-(len(all)-len(own)), 0)
		}
		for i := range t.entries[:n-1] {
			if i == goEntryLimit/2 {
				othersGapAt = len(others) // where addEntry dropped entries
			}
			e := &t.entries[i]
			others = append(others, e.file+":"+strconv.Itoa(e.line)+": "+e.text)
			all, _ := e.lines()
			for _, c := range all {
				others = append(others, "  "+contText(e, c))
			}
			m.more += e.more
		}
	}
	printed := t.printed
	if m.msg == "" && len(printed) > 0 && len(t.entries) == 0 {
		m.msg, printed = printed[0], printed[1:]
	}
	m.more += t.more + t.printedMore
	// Printed output comes last, so that the limit cuts it first.
	others = append(others, printed...)
	// A diff's changed lines are the reason: they do not count against
	// the limit, up to twice more. The message's own lines come first;
	// each part keeps its start and its end, the verdict of a long log.
	ownLimit := limit + min(diffLines(own), 2*limit)
	own, cut := cutMiddle(own, gap, gapAt, ownLimit, "  ", true)
	m.more += cut
	det := append(m.details, own...)
	others, cut = cutMiddle(others, t.entryGap, othersGapAt, max(ownLimit-len(det), 0), "", false)
	m.more += cut
	det = append(det, others...)
	for i, d := range det {
		det[i] = cutLine(d, goLineCut)
	}
	m.details = det
	return m
}

// cutMiddle keeps lines whole when they fit in limit; else limit of them:
// with diffs, the changed lines of a diff among them (the reason); their first
// and last lines, with a line in place of each run of lines cut saying
// how many, indented by indent. gap lines were never held: they were
// before lines[gapAt].
func cutMiddle(lines []string, gap, gapAt, limit int, indent string, diffs bool) (kept []string, cut int) {
	switch {
	case len(lines)+gap <= limit && gap == 0:
		return lines, 0
	case limit <= 0:
		// Nothing of them fits: counted, with no line to say so
		// among the message's.
		return nil, len(lines) + gap
	}
	c := lineCut{lines: lines, keep: keepMask(lines, limit, diffs), gap: gap, gapAt: gapAt, indent: indent}
	for i, l := range lines {
		if i == gapAt {
			c.run += gap
		}
		if !c.keep[i] {
			c.run++
			continue
		}
		c.flush(i)
		c.kept = append(c.kept, l)
	}
	if gapAt >= len(lines) {
		c.run += gap
	}
	c.flush(len(lines))
	return c.kept, c.cut
}

// keepMask marks the lines cutMiddle keeps: with diffs, a diff's changed
// lines and the labels of a message's parts ("--- want", "got:"), which
// say what the lines kept under them are; then the first and the last
// lines, limit in all.
func keepMask(lines []string, limit int, diffs bool) []bool {
	keep := make([]bool, len(lines))
	n := 0
	for i, l := range lines {
		if diffs && n < limit-2 && (isDiffLine(l) || isPartLabel(l)) {
			keep[i] = true
			n++
		}
	}
	head := (limit - n) / 2
	tail := limit - n - head
	for i := 0; i < head && i < len(lines); i++ {
		keep[i] = true
	}
	for i := max(len(lines)-tail, 0); i < len(lines); i++ {
		keep[i] = true
	}
	return keep
}

// lineCut is cutMiddle's work: the lines kept so far, and the run of lines
// cut since the last kept.
type lineCut struct {
	lines  []string
	keep   []bool
	gap    int
	gapAt  int
	indent string
	kept   []string
	run    int
	cut    int
}

// flush ends the run of lines cut before lines[i]: a line in its place
// that says how many; one line of its own is shown, not named.
func (c *lineCut) flush(i int) {
	switch {
	case c.run == 1 && i > 0 && !c.keep[i-1] && (c.gap == 0 || c.gapAt != i-1 && c.gapAt != i):
		c.kept = append(c.kept, c.lines[i-1])
	case c.run > 0:
		c.kept = append(c.kept, c.indent+"… "+strconv.Itoa(c.run)+" "+plural(c.run, "line", "lines")+" …")
		c.cut += c.run
	}
	c.run = 0
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// diffLines counts the changed lines of a unified diff in details.
func diffLines(details []string) int {
	n := 0
	for _, d := range details {
		if isDiffLine(d) {
			n++
		}
	}
	return n
}

// isPartLabel reports whether l names the part of a message under it:
// "--- got", "--- want" (and a diff's file headers), "want:".
func isPartLabel(l string) bool {
	t := strings.TrimSpace(l)
	return strings.HasPrefix(t, "--- ") || strings.HasPrefix(t, "+++ ") || isLabel(t)
}

// isDiffLine reports whether d is a changed line or a hunk header of a
// unified diff.
func isDiffLine(d string) bool {
	t := strings.TrimLeft(d, " ")
	return (strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") || strings.HasPrefix(t, "@@")) &&
		!strings.HasPrefix(t, "--- ") && !strings.HasPrefix(t, "+++ ")
}

// contText is a continuation line without the indentation it shares with
// its entry, tabs made spaces.
func contText(e *goEntry, c string) string {
	indent := len(c) - len(strings.TrimLeft(c, " "))
	c = c[min(indent, e.indent+4):]
	return strings.ReplaceAll(c, "\t", "  ")
}

// entryMessage reads an entry: its text is the message; when empty (a
// multi-line t.Errorf, testify, quicktest), the first continuation line
// is, with the label that introduces it ("error:").
func entryMessage(e *goEntry, place func(string) string) (msg string, details []string, dropped int) {
	cont, _ := e.lines()
	if isTestify(cont) {
		return testifyMessage(e, cont, place)
	}
	msg = e.text
	if msg == "" && len(cont) > 0 {
		msg, cont = strings.TrimSpace(cont[0]), cont[1:]
		if isLabel(msg) && len(cont) > 0 {
			msg, cont = msg+" "+strings.TrimSpace(cont[0]), cont[1:]
		}
	}
	for _, c := range cont {
		details = append(details, "  "+placeLine(contText(e, c), place))
	}
	return msg, details, 0
}

// placeLine rewrites a line that is an absolute file:line (quicktest's
// stack) relative to the module root.
func placeLine(s string, place func(string) string) string {
	t := strings.TrimLeft(s, " ")
	if !strings.HasPrefix(t, "/") || strings.ContainsAny(t, " \t") {
		return s
	}
	i := strings.LastIndexByte(t, ':')
	if i < 0 || !strings.HasSuffix(t[:i], ".go") {
		return s
	}
	return s[:len(s)-len(t)] + place(t[:i]) + t[i:]
}

// isLabel reports whether s is one word and a colon, as quicktest's
// "error:" and "got:".
func isLabel(s string) bool {
	w, ok := strings.CutSuffix(s, ":")
	return ok && w != "" && !strings.ContainsAny(w, " \t")
}

// testifyLine splits a line of a testify failure, "\tLabel:  \tcontent", or
// "\t        \tcontent" under a label: label is "" on a continuation.
func testifyLine(c string) (label, content string, ok bool) {
	rest := strings.TrimLeft(c, " ")
	rest, ok = strings.CutPrefix(rest, "\t")
	if !ok {
		return "", "", false
	}
	head, content, ok := strings.Cut(rest, "\t")
	if !ok {
		return "", "", false
	}
	return strings.TrimSpace(head), content, true
}

func isTestify(cont []string) bool {
	if len(cont) == 0 {
		return false
	}
	label, _, ok := testifyLine(cont[0])
	return ok && (label == "Error Trace:" || label == "Error:")
}

// testifyMessage reads a testify failure: "Error:" is the message; the
// lines under it (expected/actual, the diff) and "Messages:" are details.
// "Error Trace:" frames that repeat the entry's location and the "Test:"
// line that repeats the header are dropped, counted; the expected and
// actual dumps are cut when a diff shows the difference.
func testifyMessage(e *goEntry, cont []string, place func(string) string) (msg string, details []string, dropped int) {
	r := testifyReader{here: e.file + ":" + strconv.Itoa(e.line), place: place, hasDiff: testifyHasDiff(cont)}
	label := ""
	for _, c := range cont {
		l, content, ok := testifyLine(c)
		if !ok {
			r.details = append(r.details, "  "+strings.TrimSpace(c))
			continue
		}
		if l != "" {
			label = l
		}
		r.line(label, l != "", content)
	}
	return r.msg, append(r.details, r.dumps...), r.dropped
}

// testifyReader holds a testify failure as it is read.
type testifyReader struct {
	here    string // the entry's "file.go:N"
	place   func(string) string
	hasDiff bool
	msg     string
	details []string
	dumps   []string // expected/actual dumps, put after the diff
	dropped int
}

// testifyHasDiff reports whether the failure shows a diff ("Diff:" under
// "Error:"), which makes its expected and actual dumps repeat it.
func testifyHasDiff(cont []string) bool {
	for _, c := range cont {
		if l, content, ok := testifyLine(c); ok && l == "" && strings.TrimSpace(content) == "Diff:" {
			return true
		}
	}
	return false
}

// line reads a line under label; labelled when the line starts the label.
func (r *testifyReader) line(label string, labelled bool, content string) {
	switch label {
	case "Error Trace:":
		r.trace(content)
	case "Test:":
		r.dropped++
	case "Error:":
		if labelled {
			r.msg = strings.TrimSpace(content)
			return
		}
		r.errorLine(content)
	default: // "Messages:" and labels of later testify versions
		if labelled {
			r.details = append(r.details, label+" "+strings.TrimSpace(content))
		} else {
			r.details = append(r.details, "  "+strings.TrimSpace(content))
		}
	}
}

// trace reads a frame of "Error Trace:": the entry's own location is
// already the failure's, and is counted, not repeated.
func (r *testifyReader) trace(content string) {
	loc := strings.TrimSpace(content)
	if loc == "" || strings.HasSuffix(loc, "/"+r.here) || loc == r.here {
		r.dropped++
		return
	}
	if i := strings.LastIndexByte(loc, ':'); i > 0 {
		loc = r.place(loc[:i]) + loc[i:]
	}
	r.details = append(r.details, "trace: "+loc)
}

// errorLine reads a line under "Error:": the expected/actual dumps and the
// diff. The diff's file headers say nothing a reader of "-" and "+" lines
// needs.
func (r *testifyReader) errorLine(content string) {
	t := strings.TrimRight(content, " ")
	switch strings.TrimSpace(t) {
	case "", "--- Expected", "+++ Actual":
		// The diff's file headers: "-" is expected, "+" actual.
		r.dropped++
		return
	}
	if r.hasDiff && (strings.HasPrefix(t, "expected:") || strings.HasPrefix(t, "actual  :")) {
		// After the diff, which shows the difference.
		r.dumps = append(r.dumps, "  "+cutLine(t, goDumpCut))
		return
	}
	r.details = append(r.details, "  "+t)
}

// cutLine cuts s after n bytes (on a UTF-8 boundary), saying how much was cut.
func cutLine(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8Start(s[i]) {
		i--
	}
	return s[:i] + " …[" + strconv.Itoa(len(s)-i) + " bytes cut]"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// scriptMessage reads a testscript failure: the script's log, logged as
// one entry at a line of testscript's own (testscript.go:609), ends with
// its verdict, "FAIL: testdata/script/x.txtar:15: no match for ... found
// in stdout". The verdict is the message, at the script's line (relative
// to the package's directory, as testscript prints it); the command that
// failed ("> stdout ...") is the first detail, then what that command
// printed (a cmp's diff), then the block of the command before it, whose
// output the failed check read. The script's earlier lines are counted.
func scriptMessage(e *goEntry, limit int) (m goMessage, ok bool) {
	all, gapAt := e.lines()
	lines := make([]string, len(all))
	verdict := -1
	for i, c := range all {
		lines[i] = contText(e, c)
		if strings.HasPrefix(lines[i], "FAIL: ") {
			verdict = i
		}
	}
	if verdict < 0 {
		return m, false
	}
	file, line, msg, ok := scriptVerdict(lines[verdict])
	if !ok {
		return m, false
	}
	m.file, m.line, m.msg = file, line, msg
	// gapIn is the lines never held when they were among the lines after
	// index lo up to index hi (the gap is before lines[gapAt]).
	gapIn := func(lo, hi int) int {
		if lo < gapAt && gapAt <= hi {
			return e.more
		}
		return 0
	}
	// gapFrom is where the gap is in lines[from:].
	gapFrom := func(from int) int { return max(gapAt-from, 0) }
	cmd := lastCommand(lines[:verdict])
	var before, after []string
	var beforeGap, afterGap, beforeAt, afterAt int
	// skipped: the entry's text (the log's first line) and the lines
	// before the block shown.
	skipped := 1
	if cmd < 0 {
		// No command: the verdict of the script itself (a line it
		// cannot parse); the log before it is the context.
		before, beforeGap, beforeAt = lines[:verdict], gapIn(-1, verdict), gapAt
	} else {
		m.details = append(m.details, lines[cmd])
		after, afterGap, afterAt = lines[cmd+1:verdict], gapIn(cmd, verdict), gapFrom(cmd+1)
		if prev := outputCommand(lines[:cmd]); prev >= 0 {
			before, beforeGap, beforeAt = lines[prev:cmd], gapIn(prev, cmd), gapFrom(prev)
			skipped += prev + gapIn(-1, prev)
		} else {
			skipped += cmd + gapIn(-1, cmd)
		}
	}
	if rest := lines[verdict+1:]; len(rest) > 0 {
		if g := gapIn(verdict, len(lines)); g > 0 {
			afterGap, afterAt = g, len(after)+gapFrom(verdict+1)
		}
		after = append(after[:len(after):len(after)], rest...)
	}
	m.more += skipped
	budget := max(limit-len(m.details), 1)
	forBefore := min(len(before)+beforeGap, budget/2)
	after, cut := cutMiddle(after, afterGap, afterAt, budget-forBefore+min(diffLines(after), 2*limit), "  ", true)
	m.more += cut
	// The output a check read: its first lines are what the check
	// reads first (the summary line a regexp wants), a diff in it is
	// no reason of the failure.
	before, cut = cutMiddle(before, beforeGap, beforeAt, max(budget-len(after), forBefore), "  ", false)
	m.more += cut
	for _, l := range after {
		m.details = append(m.details, indentLine(l))
	}
	for _, l := range before {
		m.details = append(m.details, indentLine(l))
	}
	return m, true
}

// indentLine indents a line of a script's log under its command, but for
// the line cutMiddle put in, already indented.
func indentLine(l string) string {
	if strings.HasPrefix(l, "  … ") {
		return l
	}
	return "  " + l
}

// lastCommand is the index of the last "> command" line of a script's log
// in lines, or -1.
func lastCommand(lines []string) int {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "> ") {
			return i
		}
	}
	return -1
}

// outputCommand is the index of the last command of a script's log in
// lines that printed something ("[stdout]" and its lines), the one whose
// output a check such as "stdout 'regexp'" reads; the commands after it
// (other checks) follow it in lines. -1 for none.
func outputCommand(lines []string) int {
	end := len(lines)
	for {
		i := lastCommand(lines[:end])
		if i < 0 {
			return lastCommand(lines)
		}
		for _, l := range lines[i+1 : end] {
			if !strings.HasPrefix(l, "#") && strings.TrimSpace(l) != "" {
				return i
			}
		}
		end = i
	}
}

// scriptVerdict reads testscript's "FAIL: FILE:LINE: MESSAGE".
func scriptVerdict(s string) (file string, line int, msg string, ok bool) {
	rest, ok := strings.CutPrefix(s, "FAIL: ")
	if !ok {
		return "", 0, "", false
	}
	// The file's name may hold a colon (C:\...): the line number is
	// the first all-digit field followed by ": ".
	for i := 0; i < len(rest); i++ {
		if rest[i] != ':' || i == 0 {
			continue
		}
		n, after, ok := parse.LeadingInt(rest[i+1:])
		if ok && strings.HasPrefix(after, ": ") && !strings.ContainsAny(rest[:i], " \t") {
			return rest[:i], n, strings.TrimSpace(after[2:]), true
		}
	}
	return "", 0, "", false
}
