package render

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/terse-dev/terse/report"
)

// marginSafe keeps a line of a failure's body from reading as the header of
// a new block: a reader (internal/llmread, the fidelity tests, a model)
// takes "--- " at the margin for one, and a message that quotes a unified
// diff ("--- a/x.go") or a tool's own "--- FAIL" starts a line so. Such a
// line, and every such line of a multi-line text, is indented by two spaces.
func marginSafe(s string) string {
	if !strings.Contains(s, "--- ") {
		return s
	}
	if strings.HasPrefix(s, "--- ") {
		s = "  " + s
	}
	return strings.ReplaceAll(s, "\n--- ", "\n  --- ")
}

// saidInMessage reports whether the first line of f's message already
// states both sides of its expected/received pair (vitest's "expected 7 to
// be 11" above "expected: 11" and "received: 7"): the compact page says
// them once. Each value must stand whole in the message, as it is or in
// either kind of quotes, with no letter or digit against it.
func saidInMessage(f report.Failure) bool {
	msg, _, _ := strings.Cut(f.Message, "\n")
	if f.Expected == "" || f.Received == "" || !strings.Contains(strings.ToLower(msg), "expected") {
		return false
	}
	return statesValue(msg, f.Expected) && statesValue(msg, f.Received)
}

// statesValue reports whether msg holds v whole: v itself, or, for a value
// in double quotes, its text in single or double quotes.
func statesValue(msg, v string) bool {
	forms := []string{v}
	if inner, ok := unquoted(v); ok {
		forms = append(forms, "'"+inner+"'")
	}
	for _, form := range forms {
		if containsWhole(msg, form) {
			return true
		}
	}
	return false
}

// unquoted is v without the double quotes around it.
func unquoted(v string) (string, bool) {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		return v[1 : len(v)-1], true
	}
	return "", false
}

// containsWhole reports whether s holds sub with no letter, digit, dot or
// underscore on either side ("1" is not in "11", nor "1.5").
func containsWhole(s, sub string) bool {
	for from := 0; from <= len(s)-len(sub); {
		i := strings.Index(s[from:], sub)
		if i < 0 {
			return false
		}
		i += from
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+len(sub):])
		if (i == 0 || !wordRune(before)) && (i+len(sub) == len(s) || !wordRune(after)) {
			return true
		}
		from = i + 1
	}
	return false
}

func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '.'
}

var (
	// legendExpected and legendReceived are the two lines jest and vitest
	// open a diff with when "-" is the expected side and "+" the received:
	// terse's own reading of a diff, so the compact page leaves them out.
	// A diff whose legend says otherwise (mocha's "+ expected - actual")
	// keeps it.
	legendExpected = regexp.MustCompile(`^- (Expected|Snapshot)(\s+- \d+)?$`)
	legendReceived = regexp.MustCompile(`^\+ Received(\s+\+ \d+)?$`)
	// hunkHeader is a diff's "@@ -21,11 +21,11 @@": lines of the printed
	// value before it were left out, which the compact page marks "…".
	hunkHeader = regexp.MustCompile(`^@@ -\d+(,\d+)? \+\d+(,\d+)? @@$`)
)

// elided is the line a trimmed diff stands for the lines it leaves out with.
const elided = "  …"

// compactDiff is d without what the compact page does not need to read it:
// the standard legend and hunk headers (one "…" says lines were left out
// there, as the trimmed diff says it elsewhere).
func compactDiff(d []string) []string {
	if len(d) >= 2 && legendExpected.MatchString(d[0]) && legendReceived.MatchString(d[1]) {
		d = d[2:]
	}
	has := false
	for _, l := range d {
		if strings.HasPrefix(l, "@@") && hunkHeader.MatchString(l) {
			has = true
			break
		}
	}
	if !has {
		return d
	}
	out := make([]string, 0, len(d))
	for _, l := range d {
		if hunkHeader.MatchString(l) {
			l = elided
		}
		if l == elided && len(out) > 0 && out[len(out)-1] == elided {
			continue // a hunk header and the trimmed diff's own "…": one mark
		}
		out = append(out, l)
	}
	return out
}

// compactCounts is the omitted line's counts on the compact page: every
// count of lines (code-frame lines, timing lines, ...) added into one,
// where the first of them stood; tests, frames, blocks and the rest keep
// their own. --llm=verbose says each kind of line.
func compactCounts(om []report.Omission) []report.Omission {
	out := make([]report.Omission, 0, len(om))
	at := -1
	for _, o := range om {
		if !countsLines(o.What) {
			out = append(out, o)
			continue
		}
		if at < 0 {
			at = len(out)
			out = append(out, report.Omission{What: report.OmitLines.Plural()})
		}
		out[at].Count += o.Count
	}
	return out
}

// countsLines reports whether an omission key counts lines of output: its
// head noun, before any " of " ("output lines of other tests"), is lines
// ("bytes of 1 overlong line" counts bytes). Lines that say something
// failed ("unexplained failure lines") keep their own count: added into
// the others, a page would no longer say a failure signal was left out.
func countsLines(what string) bool {
	if strings.Contains(what, "fail") || strings.Contains(what, "error") {
		return false
	}
	head, _, _ := strings.Cut(what, " of ")
	last := head
	if i := strings.LastIndexByte(head, ' '); i >= 0 {
		last = head[i+1:]
	}
	return last == "lines" || last == "line"
}

// atHeader reports whether a detail line is a frame a profile keeps as text
// ("at ./src/lib.rs:33:17", cargo's backtrace) at the very place the
// block's header names (src/lib.rs:33): the header said it; the compact
// page keeps the frames that say more (the test's call site).
func atHeader(f report.Failure, d string) bool {
	loc, ok := strings.CutPrefix(d, "at ")
	if !ok || f.File == "" || f.Line <= 0 {
		return false
	}
	loc = strings.TrimPrefix(loc, "./")
	if i := strings.LastIndexByte(loc, ':'); i > 0 && allDigits(loc[i+1:]) && strings.Count(loc, ":") > 1 {
		loc = loc[:i] // the column
	}
	return loc == f.File+":"+strconv.Itoa(f.Line)
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
