package jest

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/internal/parse/jsblock"
	"github.com/terse-dev/terse/report"
)

// syntax is how jest lays out a "●" block: its stack can follow a diff
// without a blank line, and its advice is counted as jest's.
var syntax = jsblock.Syntax{HintKey: "jest hint lines"}

// analyzeBlock fills f from the lines of one "●" block: the message,
// Expected/Received, the diff, details, and the frames in user code.
func analyzeBlock(f *report.Failure, lines []string, b *report.Builder, opt parse.Options) {
	var start jsblock.Start
	if loc, rest, hint, src, ok := jestDetails(lines, opt); ok {
		// The cause's location comes first: the frames below it are the
		// require chain that reached the file.
		start = jsblock.Start{Frames: []report.Frame{loc}, Code: src, Hints: hint}
		lines = rest
	}
	frames := syntax.Analyze(f, lines, b, opt, &block{opt: opt, seen: map[string]bool{}}, start)
	parse.PlaceFailure(f, frames, b, opt, true)
}

// block is jest's side of one block's analysis.
type block struct {
	opt parse.Options
	// call is the last test or hook call seen in the code window being
	// read: a window whose marked line follows a hook call (and no test
	// call after it) shows a failing hook.
	call string
	hook bool
	// seen holds the lines of the message kept so far: the "Cause:"
	// section repeats them.
	seen map[string]bool
}

// Code counts the lines of jest's code windows and follows the calls they
// show, so that a failure in a beforeAll or afterEach is told from one in
// the test.
func (k *block) Code(l, t string) bool {
	if !isCodeFrameLine(t) {
		k.call = ""
		return false
	}
	// Cheap substring tests first: code lines are many.
	if strings.Contains(l, "All(") || strings.Contains(l, "Each(") {
		if jestHookRe.MatchString(l) {
			k.call = "hook"
		}
	}
	// A test call after a hook call means the marked line is in the
	// test, not the hook; only worth checking after a hook.
	if k.call == "hook" && (strings.Contains(l, "test") || strings.Contains(l, "it(") || strings.Contains(l, "it.")) &&
		jestTestCallRe.MatchString(l) {
		k.call = "test"
	}
	if strings.HasPrefix(t, ">") && k.call == "hook" {
		k.hook = true
	}
	return true
}

// Frame reads V8's "at fn (file:line:col)".
func (k *block) Frame(t string) (report.Frame, bool) { return filters.ParseJSFrame(t) }

// Aside drops the "Cause:" heading and counts jest's advice: a timeout's,
// an unexpected token's, a failed require's.
func (k *block) Aside(t string) jsblock.Aside {
	switch {
	case t == "Cause:":
		return jsblock.Marker
	case strings.HasPrefix(t, "Add a timeout value to this test"),
		strings.HasPrefix(t, "Jest encountered an unexpected token"),
		strings.HasPrefix(t, "Require stack:"):
		return jsblock.Hint
	}
	return jsblock.Text
}

// Message normalises the error's first line (see jestMessage).
func (k *block) Message(t string, f *report.Failure) string {
	k.seen[t] = true
	return jestMessage(t, f, k.opt)
}

// Detail keeps a line once: the Cause: section repeats the message.
func (k *block) Detail(t string, f *report.Failure) (string, bool) {
	if k.seen[t] || jestMessage(t, &report.Failure{}, k.opt) == f.Message {
		return "", false
	}
	k.seen[t] = true
	return t, true
}

// Finish makes a failure whose marked line is in a hook a hook failure.
func (k *block) Finish(f *report.Failure) {
	if k.hook {
		f.Kind = report.KindHook
	}
}

// jestDetails reads the "Jest encountered an unexpected token" form of a
// suite that failed to run: nine or more lines of advice, then "Details:"
// with the location of the cause ("/abs/src/util.ts:11"), the source line
// and a caret, and the error. It returns the location as a frame, the lines
// from the error on, and the number of advice and source lines it dropped.
func jestDetails(lines []string, opt parse.Options) (loc report.Frame, rest []string, hint, src int, ok bool) {
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i == len(lines) || strings.TrimSpace(lines[i]) != "Jest encountered an unexpected token" {
		return loc, nil, 0, 0, false
	}
	for ; i < len(lines) && strings.TrimSpace(lines[i]) != "Details:"; i++ {
		if strings.TrimSpace(lines[i]) != "" {
			hint++
		}
	}
	if i == len(lines) {
		return loc, nil, 0, 0, false
	}
	for i++; i < len(lines) && strings.TrimSpace(lines[i]) == ""; i++ {
	}
	if i < len(lines) {
		if m := jestDetailsLocRe.FindStringSubmatch(strings.TrimSpace(lines[i])); m != nil {
			n, _ := strconv.Atoi(m[2])
			loc = report.Frame{File: opt.Rel(m[1]), Line: n}
			// The source line and its caret, up to the blank line
			// before the error.
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != ""; i++ {
				src++
			}
		}
	}
	return loc, lines[i:], hint, src, loc.File != ""
}

// jestMessage normalises the first line of a failure: the matcher comment
// (// deep equality) and a timeout's quoting are noise.
func jestMessage(t string, f *report.Failure, opt parse.Options) string {
	if strings.HasPrefix(t, "expect(") {
		if i := strings.Index(t, " // "); i > 0 {
			t = t[:i]
		}
		if strings.Contains(t, "Snapshot") && f.Kind == report.KindAssertion {
			f.Kind = report.KindSnapshot
		}
		return t
	}
	if strings.HasPrefix(t, `thrown: "Exceeded timeout`) {
		f.Kind = report.KindTimeout
		return strings.TrimPrefix(t, `thrown: "`)
	}
	if m := jestSyntaxRe.FindStringSubmatch(t); m != nil {
		if f.Kind != report.KindSuite {
			f.Kind = report.KindError
		}
		file := opt.Rel(m[2])
		if f.File != "" && strings.HasSuffix(m[2], "/"+f.File) {
			file = f.File
		}
		if f.File == "" || file == f.File {
			f.File = file
			f.Line, _ = strconv.Atoi(m[4])
		}
		return fmt.Sprintf("%s: %s (%s:%s)", m[1], m[3], m[4], m[5])
	}
	if f.Kind == report.KindAssertion {
		f.Kind = report.KindError
	}
	return t
}
