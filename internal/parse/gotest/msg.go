package gotest

import (
	"strconv"
	"strings"
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
	more   int      // continuation lines past goContLimit
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
		t.more += 1 + len(drop.cont) + drop.more
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
	e.more++
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
	n := len(t.printed) + t.printedMore + t.more
	for _, e := range t.entries {
		n += 1 + len(e.cont) + e.more
	}
	return n
}

// message builds the failure's message from what t printed: the last
// file:line entry is the assertion (t.Log lines come before it); with no
// entry, the first printed line.
func (t *goTest) message(limit int, place func(string) string) goMessage {
	var m goMessage
	var det []string
	if n := len(t.entries); n > 0 {
		last := &t.entries[n-1]
		m.file, m.line = last.file, last.line
		msg, cont, dropped := entryMessage(last, place)
		m.msg, m.more = msg, dropped
		// A diff's changed lines are the reason: they do not count
		// against the limit, up to twice more.
		limit += min(diffLines(cont), 2*limit)
		det = append(det, cont...)
		for i := range t.entries[:n-1] {
			e := &t.entries[i]
			det = append(det, e.file+":"+strconv.Itoa(e.line)+": "+e.text)
			for _, c := range e.cont {
				det = append(det, "  "+contText(e, c))
			}
			m.more += e.more
		}
		m.more += last.more
	}
	printed := t.printed
	if m.msg == "" && len(printed) > 0 && len(t.entries) == 0 {
		m.msg, printed = printed[0], printed[1:]
	}
	m.more += t.more + t.printedMore
	// Printed output comes last, so that the limit cuts it first.
	det = append(det, printed...)
	if len(det) > limit {
		m.more += len(det) - limit
		det = det[:limit]
	}
	for i, d := range det {
		det[i] = cutLine(d, goLineCut)
	}
	m.details = det
	return m
}

// diffLines counts the changed lines of a unified diff in details.
func diffLines(details []string) int {
	n := 0
	for _, d := range details {
		t := strings.TrimLeft(d, " ")
		if (strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") || strings.HasPrefix(t, "@@")) &&
			!strings.HasPrefix(t, "--- ") && !strings.HasPrefix(t, "+++ ") {
			n++
		}
	}
	return n
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
	if isTestify(e.cont) {
		return testifyMessage(e, place)
	}
	msg = e.text
	cont := e.cont
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
func testifyMessage(e *goEntry, place func(string) string) (msg string, details []string, dropped int) {
	r := testifyReader{here: e.file + ":" + strconv.Itoa(e.line), place: place, hasDiff: testifyHasDiff(e.cont)}
	label := ""
	for _, c := range e.cont {
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
