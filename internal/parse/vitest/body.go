package vitest

import (
	"strings"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/internal/parse/jsblock"
	"github.com/terse-dev/terse/report"
)

// isCodeLine recognises the lines of a code frame: vitest's "  10|   expect(x)"
// and "    |   ^", and vite's "  1  |  import ..." in a load error.
//
// It reads as the pattern `^\s*\d*\s*\|` (vitestCodeRe, kept for the test
// that checks the two agree) and is written by hand because it runs on
// every line of every error block, where the regexp was the hottest cost
// of shaping vitest's output.
func isCodeLine(l string) bool {
	i := skipSpace(l, 0)
	for i < len(l) && l[i] >= '0' && l[i] <= '9' {
		i++
	}
	i = skipSpace(l, i)
	return i < len(l) && l[i] == '|'
}

// skipSpace skips what \s matches in Go's regexps: ASCII space, tab,
// newline, form feed, carriage return.
func skipSpace(l string, i int) int {
	for i < len(l) && (l[i] == ' ' || l[i] == '\t' || l[i] == '\n' || l[i] == '\f' || l[i] == '\r') {
		i++
	}
	return i
}

// serializedWidth is how much of a "Serialized Error: {...}" line is kept
// outside verbose mode: the error's own properties (a response, a request
// with its headers) run to kilobytes on one line, and their start says
// what they are.
const serializedWidth = 240

// cutSerialized cuts a serialized error to serializedWidth bytes, on a
// character boundary, and counts what it cut.
func cutSerialized(t string, b *report.Builder, opt parse.Options) string {
	if opt.Verbose || len(t) <= serializedWidth {
		return t
	}
	cut := serializedWidth
	for cut > 0 && !utf8.RuneStart(t[cut]) {
		cut--
	}
	b.OmitKey(report.OmitSerializedErrorBytes, len(t)-cut)
	return t[:cut] + " …"
}

// syntax is how vitest lays out an error block: a diff always ends with a
// blank line, and a four-line diff of two values reads better as
// Expected/Received.
var syntax = jsblock.Syntax{HintKey: "vitest hint lines", DiffFirst: true, ValueDiff: true}

// analyzeBody fills f from the body of one error block, or from the
// error stack vitest's JSON document records: the message, Expected/Received
// or the diff, details, and the frames in user code. Both frame forms are
// read: the text reporter's " ❯ fn file:line:col" and V8's "at fn (...)".
// trimmed, when not nil, holds each line trimmed (filters.TrimSpace).
func analyzeBody(f *report.Failure, lines, trimmed []string, b *report.Builder, opt parse.Options) {
	frames := syntax.Analyze(f, lines, b, opt, &block{b: b, opt: opt}, jsblock.Start{Trimmed: trimmed})
	placeVitestFailure(f, frames, b, opt)
}

// block is vitest's side of one block's analysis.
type block struct {
	b      *report.Builder
	opt    parse.Options
	origin string // "This error originated in "file" test file."
}

// Code counts the lines of vitest's and vite's code frames.
func (k *block) Code(l, t string) bool { return t != "" && isCodeLine(l) }

// Frame reads either of vitest's frame forms (see parseVitestFrame). Its
// first-byte test spares the call on most lines of a block, which start
// with neither "at " nor "❯ ".
func (k *block) Frame(t string) (report.Frame, bool) {
	if t == "" || (t[0] != 'a' && t[0] != "❯"[0]) {
		return report.Frame{}, false
	}
	return parseVitestFrame(t)
}

// Aside counts vitest's advice, and reads from one piece of it the test
// file an unhandled error came from.
func (k *block) Aside(t string) jsblock.Aside {
	switch {
	case strings.HasPrefix(t, "If this is a long-running "),
		strings.HasPrefix(t, "This might cause false positive tests."):
		return jsblock.Hint
	case strings.HasPrefix(t, "This error originated in "):
		if q := strings.Split(t, `"`); len(q) >= 3 {
			k.origin = q[1]
		}
		return jsblock.Hint
	}
	return jsblock.Text
}

// Message normalises the error's first line (see vitestMessage).
func (k *block) Message(t string, f *report.Failure) string { return vitestMessage(t, f) }

// Detail cuts a serialized error to a readable width and makes vite's
// "File: " location relative like the rest.
func (k *block) Detail(t string, _ *report.Failure) (string, bool) {
	if strings.HasPrefix(t, "Serialized Error: ") {
		t = cutSerialized(t, k.b, k.opt)
	}
	if strings.HasPrefix(t, "File: ") {
		t = "File: " + vitestRelLoc(strings.TrimPrefix(t, "File: "), k.opt)
	}
	return t, true
}

// Finish places an error with no test file of its own in the file it
// says it originated in.
func (k *block) Finish(f *report.Failure) {
	if f.File == "" && k.origin != "" {
		f.File = k.origin
	}
}

// vitestMessage normalises the first line of an error and sets the kind
// it implies. The matcher's "// Object.is equality" comment is noise.
func vitestMessage(t string, f *report.Failure) string {
	switch {
	case strings.HasPrefix(t, "AssertionError: "):
		if i := strings.Index(t, " // "); i > 0 {
			t = t[:i]
		}
	case strings.HasPrefix(t, "Error: Test timed out in "), strings.HasPrefix(t, "Error: Hook timed out in "):
		if f.Kind != report.KindSuite {
			f.Kind = report.KindTimeout
		}
	case t == "Error: STACK_TRACE_ERROR":
		// vitest 4's JSON keeps the placeholder message of the stack it
		// records for a timeout instead of the timeout's own message.
		f.Kind = report.KindTimeout
		f.Details = append(f.Details, "vitest's JSON records a test or hook timeout with this placeholder")
	case strings.HasPrefix(t, "Error: Snapshot "):
		if f.Kind == report.KindAssertion {
			f.Kind = report.KindSnapshot
		}
	default:
		if f.Kind == report.KindAssertion {
			f.Kind = report.KindError
		}
	}
	return t
}

// parseVitestFrame reads a frame in either of vitest's forms: the text
// reporter's "❯ fn file:line:col" / "❯ file:line:col", or V8's "at ...".
func parseVitestFrame(t string) (report.Frame, bool) {
	if strings.HasPrefix(t, "at ") {
		return filters.ParseJSFrame(t)
	}
	rest, ok := strings.CutPrefix(t, "❯ ")
	if !ok {
		return report.Frame{}, false
	}
	fn, loc := "", rest
	if i := strings.LastIndexByte(rest, ' '); i >= 0 {
		fn, loc = rest[:i], rest[i+1:]
	}
	// This reads as V8's "at fn (loc)" would (loc holds no space, so its
	// " (" is the last), without building that line for every frame.
	file, line, col, ok := filters.SplitJSLoc(loc)
	if !ok || line == 0 {
		return report.Frame{}, false
	}
	return report.Frame{Func: fn, File: file, Line: line, Col: col}, true
}

// vitestRelLoc shortens "/abs/file:1:0" under the working directory.
func vitestRelLoc(loc string, opt parse.Options) string {
	return opt.Rel(strings.TrimPrefix(loc, "file://"))
}

// placeVitestFailure places a failure as jest's are (placeFailure), with
// vitest's file:// frames made plain paths. A file that failed to load is
// placed by its file alone: vitest's JSON names no line for it, and its
// frames say where the load broke.
func placeVitestFailure(f *report.Failure, frames []report.Frame, b *report.Builder, opt parse.Options) {
	for i := range frames {
		frames[i].File = strings.TrimPrefix(frames[i].File, "file://")
	}
	parse.PlaceFailure(f, frames, b, opt, f.Kind != report.KindSuite)
}
