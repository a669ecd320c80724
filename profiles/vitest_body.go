package profiles

import (
	"strings"
	"unicode/utf8"

	"github.com/terse-dev/terse/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// vitestCodeRe matches the lines of a code frame: vitest's "  10|   expect(x)"
// and "    |   ^", and vite's "  1  |  import ..." in a load error.
var vitestCodeRe = filters.Lazy(`^\s*\d*\s*\|`)

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
	b.Omit("serialized error bytes", len(t)-cut)
	return t[:cut] + " …"
}

// analyzeVitestBody fills f from the body of one error block, or from the
// error stack vitest's JSON document records: the message, Expected/Received
// or the diff, details, and the frames in user code. Both frame forms are
// read: the text reporter's " ❯ fn file:line:col" and V8's "at fn (...)".
func analyzeVitestBody(f *report.Failure, lines []string, b *report.Builder, opt parse.Options) {
	var (
		frames  []report.Frame
		diff    []string
		inDiff  bool
		details []string
		code    int
		hints   int
		origin  string // "This error originated in "file" test file."
	)
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if inDiff {
			if t == "" {
				if len(diff) > 0 && !isDiffHeader(diff[len(diff)-1]) {
					inDiff = false
				}
				continue
			}
			diff = append(diff, strings.TrimRight(l, " "))
			continue
		}
		if fr, ok := parseVitestFrame(t); ok {
			frames = append(frames, fr)
			continue
		}
		if t != "" && vitestCodeRe.MatchString(l) {
			code++
			continue
		}
		if t == "" {
			continue
		}
		if ok, starts := matcherLine(l, t, f, &diff); ok {
			inDiff = inDiff || starts
			continue
		}
		switch {
		case strings.HasPrefix(t, "If this is a long-running "),
			strings.HasPrefix(t, "This might cause false positive tests."):
			hints++
			continue
		case strings.HasPrefix(t, "This error originated in "):
			if q := strings.Split(t, `"`); len(q) >= 3 {
				origin = q[1]
			}
			hints++
			continue
		}
		if f.Message == "" {
			f.Message = vitestMessage(t, f)
			continue
		}
		if strings.HasPrefix(t, "Serialized Error: ") {
			t = cutSerialized(t, b, opt)
		}
		if strings.HasPrefix(t, "File: ") {
			// vite's position of a load error, relative like the rest.
			t = "File: " + vitestRelLoc(strings.TrimPrefix(t, "File: "), opt)
		}
		details = append(details, t)
	}
	if code > 0 {
		b.Omit("code-frame lines", code)
	}
	if hints > 0 {
		b.Omit("vitest hint lines", hints)
	}
	if limit := opt.DetailLimit(); len(details) > limit {
		b.Omit("message lines", len(details)-limit)
		details = details[:limit]
	}
	f.Details = append(f.Details, details...)
	if f.File == "" && origin != "" {
		f.File = origin
	}
	if len(diff) > 0 {
		vitestDiff(f, diff, b, opt)
	}
	placeVitestFailure(f, frames, b, opt)
}

// vitestDiff keeps a diff's changed lines; a diff of one value against
// another (toBe on numbers) reads better as expected/received.
func vitestDiff(f *report.Failure, diff []string, b *report.Builder, opt parse.Options) {
	if len(diff) == 4 && isDiffHeader(diff[0]) && isDiffHeader(diff[1]) &&
		strings.HasPrefix(diff[2], "- ") && strings.HasPrefix(diff[3], "+ ") && f.Expected == "" && f.Received == "" {
		f.Expected, f.Received = diff[2][2:], diff[3][2:]
		return
	}
	kept, dropped := filters.TrimDiff(diff, opt.DiffContext())
	f.Diff = kept
	b.Omit("unchanged diff lines", dropped)
	if strings.HasPrefix(diff[0], "- Snapshot") && f.Kind == report.KindAssertion {
		f.Kind = report.KindSnapshot
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
	if fn != "" {
		fn = " " + fn
	}
	fr, ok := filters.ParseJSFrame("at" + fn + " (" + loc + ")")
	if !ok || fr.Line == 0 {
		return report.Frame{}, false
	}
	return fr, true
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
