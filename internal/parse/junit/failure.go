package junit

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/report"
)

var (
	// "tests/test_ringbuf.c:28: check failed": a C test's own report of
	// where it failed, the only place CTest's XML has.
	placeRe = filters.Lazy(`^([\w./-]+\.\w+):(\d+):`)
	// "at com.example.CartTest.total(CartTest.java:42)"
	javaFrameRe = filters.Lazy(`^\s*at ([\w$.<>/]+)\(([\w$.-]+):(\d+)\)\s*$`)
	// `File "tests/test_cart.py", line 26, in test_total`
	pyFrameRe = filters.Lazy(`^\s*File "([^"]+)", line (\d+), in (\S+)`)
)

// failure makes the report's failure of a testcase with a <failure> or
// <error>: its name, where it is (the testcase's file and line attributes
// where the runner writes them, else the first frame in user code, else
// the suite's file), the message attribute's first line as the reason,
// and of the text the lines that are not frames, as details.
func (rd *reader) failure(tc *testCase) report.Failure {
	p := tc.problem
	f := report.Failure{Kind: report.KindAssertion, Name: caseName(tc)}
	if p.elem == "error" {
		f.Kind = report.KindError
	}
	msg := strings.TrimSpace(p.message)
	text := jsonStack(p.body.String())
	if strings.TrimSpace(text) == "" {
		// CTest leaves <failure> empty: the test's output says why.
		text = tc.output.String()
	}
	body := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var detail []string
	if msg != "" {
		first, rest, _ := strings.Cut(msg, "\n")
		f.Message = filters.CleanLine(strings.TrimSpace(first))
		if strings.TrimSpace(rest) != "" {
			detail = strings.Split(strings.Trim(rest, "\n"), "\n")
		}
	}
	frames, lines := rd.frames(body)
	if f.Message == "" {
		f.Message, lines = firstLine(lines)
	}
	if f.Message == "" {
		f.Message = strings.TrimSpace(p.typ)
	}
	if f.Message == "" {
		f.Message = p.elem
	}
	switch {
	case msg == "":
		detail = append(detail, lines...)
	case len(detail) == 0:
		// A one-line message: the text may say more (pytest's "E "
		// lines, a diff). A message of several lines said it already.
		detail = errorLines(lines, f.Message)
	}
	f.Details = rd.details(detail)
	f.File, f.Line = rd.opt.Rel(tc.file), tc.line
	f.Frames = rd.place(&f, frames)
	if f.File == "" {
		f.File, f.Line = tracePlace(lines)
		f.File = rd.opt.Rel(f.File)
	}
	if f.File == "" {
		var n int
		f.File, f.Line, n = messagePlace(f.Message)
		if f.File != "" {
			f.File, f.Message = rd.opt.Rel(f.File), strings.TrimSpace(f.Message[n:])
		}
	}
	if f.File == "" {
		f.File = rd.opt.Rel(rd.suiteFile())
	}
	return f
}

// caseName is the testcase's name, after its class where the name does
// not already hold it (Surefire's "CartTest.total"; jest-junit repeats
// the describe title in the name).
func caseName(tc *testCase) string {
	// jest-junit starts a test outside any describe with a space.
	name, class := strings.TrimSpace(filters.CleanLine(tc.name)), strings.TrimSpace(filters.CleanLine(tc.classname))
	switch {
	case class == "" || strings.Contains(name, class):
		return name
	case name == "":
		return class
	}
	if tc.file != "" {
		// pytest's classname is the module's dotted path (and class),
		// which the file attribute already says: keep the class.
		if i := strings.LastIndexByte(class, '.'); i >= 0 {
			class = class[i+1:]
		}
		if class == strings.TrimSuffix(filepath.Base(tc.file), filepath.Ext(tc.file)) {
			return name
		}
	}
	return class + "." + name
}

// firstLine splits off the first non-blank line of lines.
func firstLine(lines []string) (string, []string) {
	for i, l := range lines {
		if t := strings.TrimSpace(l); t != "" {
			return filters.CleanLine(t), lines[i+1:]
		}
	}
	return "", nil
}

// errorLines keeps, of a failure text whose reason the message attribute
// already gave, the lines that explain it: pytest's "E " lines when there
// are any (the rest is the test's source), else every line but the one
// that repeats the message.
func errorLines(text []string, msg string) []string {
	var e []string
	for _, l := range text {
		if strings.HasPrefix(l, "E ") {
			e = append(e, strings.TrimPrefix(l, "E "))
		}
	}
	if len(e) > 0 {
		if strings.Contains(msg, strings.TrimSpace(e[0])) {
			e = e[1:] // the message again
		}
		return e
	}
	out := make([]string, 0, len(text))
	for _, l := range text {
		if !strings.Contains(l, msg) {
			out = append(out, l)
		}
	}
	return out
}

// details cleans the detail lines and keeps the page's share, counting the rest.
func (rd *reader) details(lines []string) []string {
	var out []string
	dropped := 0
	for _, l := range lines {
		l = strings.TrimRight(filters.CleanLine(l), " \t")
		if strings.TrimSpace(l) == "" {
			continue
		}
		if len(out) >= rd.opt.DetailLimit() {
			dropped++
			continue
		}
		out = append(out, l)
	}
	rd.b.OmitKey(report.OmitDetailLines, dropped)
	return out
}

// frames takes the stack frames (JavaScript, Java, Python) out of a
// failure's text: the first in user code are kept, the others counted.
// text is the lines that are not frames.
func (rd *reader) frames(lines []string) (kept []report.Frame, text []string) {
	dropped := 0
	for _, l := range lines {
		fr, java, ok := parseFrame(l)
		if !ok {
			text = append(text, l)
			continue
		}
		origin := rd.opt.Frames.Classify(fr)
		if java {
			origin = filters.JavaOrigin(fr.Func)
		}
		if origin != filters.User || len(kept) >= rd.opt.FrameLimit() {
			dropped++
			continue
		}
		fr.File = rd.opt.Rel(fr.File)
		kept = append(kept, fr)
	}
	rd.b.OmitKey(report.OmitStackFrames, dropped)
	return kept, text
}

// parseFrame reads one stack frame line of JavaScript, Java or Python;
// java says which was Java's.
func parseFrame(l string) (fr report.Frame, java, ok bool) {
	// node prints an error's own fields after its last frame: "at f (x:1:2) {".
	l = strings.TrimSuffix(strings.TrimRight(l, " \t"), " {")
	if m := javaFrameRe.FindStringSubmatch(l); m != nil {
		n, _ := strconv.Atoi(m[3])
		return report.Frame{Func: m[1], File: m[2], Line: n}, true, true
	}
	if m := pyFrameRe.FindStringSubmatch(l); m != nil {
		n, _ := strconv.Atoi(m[2])
		return report.Frame{Func: m[3], File: m[1], Line: n}, false, true
	}
	fr, ok = filters.ParseJSFrame(l)
	return fr, false, ok
}

// messagePlace is the "file:line:" a message starts with, if it does, and
// its length.
func messagePlace(msg string) (file string, line, n int) {
	m := placeRe.FindStringSubmatch(msg)
	if m == nil {
		return "", 0, 0
	}
	line, _ = strconv.Atoi(m[2])
	return m[1], line, len(m[0])
}

// place puts f where the first user frame is when the testcase says no
// place, or names only its file (jest-junit): the header says it, the
// frames that follow say how it got there. It returns the frames to show.
func (rd *reader) place(f *report.Failure, frames []report.Frame) []report.Frame {
	if len(frames) == 0 || f.Line > 0 {
		return frames
	}
	fr := frames[0]
	if f.File != "" && !strings.HasSuffix(fr.File, "/"+f.File) && fr.File != f.File {
		return frames
	}
	if f.File == "" {
		f.File = fr.File
	}
	f.Line = fr.Line
	return frames[1:]
}

// tracePlace is the first "file:line: Error" line of a pytest traceback
// (the test's own entry), for the xunit2 reports with no file attribute.
func tracePlace(lines []string) (string, int) {
	for _, l := range lines {
		if file, line, _ := messagePlace(l); file != "" {
			return file, line
		}
	}
	return "", 0
}

// jsonStack is the stack of an error jest-junit wrote as a JSON object (a
// failure in an afterAll hook: {"message":"","stack":"Error: ..."}), else
// text as it is.
func jsonStack(text string) string {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "{") || !strings.HasSuffix(t, "}") {
		return text
	}
	var e struct {
		Stack string `json:"stack"`
	}
	if json.Unmarshal([]byte(t), &e) != nil || e.Stack == "" {
		return text
	}
	return e.Stack
}
