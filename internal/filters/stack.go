package filters

import (
	"strconv"
	"strings"

	"github.com/terse-dev/terse/report"
)

// StackFilter compresses the stack traces in a stream of lines of any tool:
// JavaScript ("at fn (file:line:col)"), Python ("File "x.py", line N, in
// fn" and its source lines), Go (a function line and its tab-indented
// file:line) and Java ("at pkg.Class.method(File.java:N)"). In each run of
// frames it keeps up to Limit frames in user code (the innermost ones) and
// drops the rest, counting them; every other line passes through unchanged.
// Memory holds the kept frames of one run.
type StackFilter struct {
	// Limit is the number of user frames kept per trace.
	Limit int
	// Dropped counts the frames dropped; SourceLines the source and caret
	// lines under Python frames that went with them or were cut.
	Dropped     int
	SourceLines int

	run       []string // kept frame lines of the current run, in order
	runLang   string
	runUser   int  // user frames seen in the current run
	inPyFrame bool // the last line was a Python frame: its source lines follow
	pyIndent  int
	pending   string // a line that may be a Go function line
	hasPend   bool
}

// Feed processes one line, calling emit for each line to keep.
func (s *StackFilter) Feed(line string, emit func(string)) {
	if s.hasPend && s.goFrame(line, emit) {
		return
	}
	if s.inPyFrame {
		if ind := len(line) - len(strings.TrimLeft(line, " ")); ind > s.pyIndent && strings.TrimSpace(line) != "" {
			s.SourceLines++ // the source line (and carets) under a frame
			return
		}
		s.inPyFrame = false
	}
	if s.frameLine(line, emit) {
		return
	}
	s.endRun(emit)
	emit(line)
}

// goFrame takes the pending Go function line: with line, its file:line,
// it is a frame; else it is emitted as text and goFrame reports false.
func (s *StackFilter) goFrame(line string, emit func(string)) bool {
	prev := s.pending
	s.hasPend = false
	// The file line starts with a tab and names a .go file; the literal
	// test spares the regexp nearly every line.
	if strings.HasPrefix(line, "\t") && strings.Contains(line, ".go:") {
		if file, lineNo, ok := goFileLine(line); ok {
			ln, _ := strconv.Atoi(lineNo)
			s.frame("go", prev+"\n"+line, Classify(report.Frame{Func: prev, File: file, Line: ln}), emit)
			return true
		}
	}
	s.endRun(emit)
	emit(prev)
	return false
}

// frameLine takes a line that is a frame of a JavaScript, Java or Python
// trace, or the function line of a Go one, and reports whether it did.
func (s *StackFilter) frameLine(line string, emit func(string)) bool {
	t := line[blankPrefix(line):]
	switch {
	case strings.HasPrefix(t, "at "):
		return s.atFrame(line, t != line, emit)
	case strings.HasPrefix(t, "File \""):
		if indent, file, lineNo, fn, ok := pyFrame(line); ok {
			ln, _ := strconv.Atoi(lineNo)
			s.frame("py", line, Classify(report.Frame{Func: fn, File: file, Line: ln}), emit)
			s.inPyFrame, s.pyIndent = true, len(indent)
			return true
		}
	case goFuncCandidate(line):
		if goFuncLine(line) {
			s.pending, s.hasPend = line, true
			return true
		}
	}
	return false
}

// blankPrefix is the length of l's run of leading spaces and tabs: what
// strings.TrimLeft(l, " \t") drops, without the set that call builds for
// every line.
func blankPrefix(l string) int {
	i := 0
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	return i
}

// atFrame takes a line that starts, after indentation, with "at ": a Java
// frame (indented, ending in ')') or a JavaScript one.
func (s *StackFilter) atFrame(line string, indented bool, emit func(string)) bool {
	if indented && strings.HasSuffix(line, ")") {
		if fn, args, ok := javaFrame(line); ok && !strings.Contains(args, " ") {
			s.frame("java", line, javaOrigin(fn), emit)
			return true
		}
	}
	if f, ok := ParseJSFrame(line); ok && (f.Line > 0 || strings.HasPrefix(f.File, "<") || f.File == "native") {
		s.frame("js", line, Classify(f), emit)
		return true
	}
	return false
}

// goFuncCandidate is the literal test before goFuncLine: an unindented line
// ending in ')', or one that names its goroutine, whose function name (after
// an optional "created by ") starts with a name byte and reaches a '('
// before any space.
func goFuncCandidate(line string) bool {
	if !(line != "" && line[0] != ' ' && line[0] != '\t' && strings.HasSuffix(line, ")") || strings.Contains(line, ") in goroutine ")) {
		return false
	}
	name := strings.TrimPrefix(line, "created by ")
	if name == "" || !goNameByte[name[0]] {
		return false
	}
	if sp := strings.IndexByte(name, ' '); sp >= 0 {
		name = name[:sp]
	}
	return strings.IndexByte(name[1:], '(') >= 0
}

// goNameByte holds the bytes of goFuncLine's name class [\w./*()\-\[\]].
var goNameByte = func() (t [256]bool) {
	for _, c := range []byte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./*()-[]") {
		t[c] = true
	}
	return t
}()

// Flush ends the input: a trace at the very end is written out.
func (s *StackFilter) Flush(emit func(string)) {
	if s.hasPend {
		s.hasPend = false
		s.endRun(emit)
		emit(s.pending)
	}
	s.endRun(emit)
}

func (s *StackFilter) frame(lang, text string, origin Origin, emit func(string)) {
	if s.runLang != "" && s.runLang != lang {
		s.endRun(emit)
	}
	s.runLang = lang
	if origin != User {
		s.Dropped++
		return
	}
	s.runUser++
	limit := max(s.Limit, 1)
	if lang == "py" {
		// Python prints the innermost frame last: keep the last ones.
		s.run = append(s.run, text)
		if len(s.run) > limit {
			s.run = s.run[1:]
			s.Dropped++
		}
		return
	}
	if len(s.run) < limit {
		s.run = append(s.run, text)
		return
	}
	s.Dropped++
}

func (s *StackFilter) endRun(emit func(string)) {
	for _, l := range s.run {
		// A Go frame is its two lines joined: emitted one by one, without
		// the slice strings.Split would allocate for every frame.
		for {
			i := strings.IndexByte(l, '\n')
			if i < 0 {
				break
			}
			emit(l[:i])
			l = l[i+1:]
		}
		emit(l)
	}
	s.run, s.runLang, s.runUser, s.inPyFrame = s.run[:0], "", 0, false
}

// javaOrigin classifies a Java frame by its class: the JDK (and the other
// JVM languages' runtimes) is the runtime, common frameworks are
// dependencies, the rest is user code.
func javaOrigin(fn string) Origin {
	if strings.Contains(fn, "/") { // "java.base/java.lang.Integer.parseInt": a JDK module
		return Runtime
	}
	for _, p := range []string{"java.", "javax.", "jdk.", "sun.", "com.sun.", "kotlin.", "scala."} {
		if strings.HasPrefix(fn, p) {
			return Runtime
		}
	}
	for _, p := range []string{"org.junit.", "org.apache.", "org.springframework.", "org.gradle.", "org.testng."} {
		if strings.HasPrefix(fn, p) {
			return Dependency
		}
	}
	return User
}

// JavaOrigin classifies a Java frame by its function (class and method),
// as the stack filter does: for readers of Java traces outside it.
func JavaOrigin(fn string) Origin { return javaOrigin(fn) }
