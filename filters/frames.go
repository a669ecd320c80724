package filters

import (
	"regexp"
	"strconv"
	"strings"
)

// Frame is one parsed stack frame.
type Frame struct {
	Func string `json:"fn,omitempty"`
	File string `json:"file"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"-"`
}

// String renders a frame the way the llm format prints it: "fn (file:line)".
func (f Frame) String() string {
	loc := f.File
	if f.Line > 0 {
		loc += ":" + strconv.Itoa(f.Line)
	}
	if f.Func == "" {
		return loc
	}
	return f.Func + " (" + loc + ")"
}

// Origin says whose code a frame runs in.
type Origin int

const (
	// User is the project's own code: the frames worth showing.
	User Origin = iota
	// Dependency is third-party code (node_modules, site-packages, the module cache).
	Dependency
	// Runtime is the language runtime or the test framework's machinery.
	Runtime
)

var jsFrameRe = regexp.MustCompile(`^\s*at (?:(.*?) \()?(.+?):(\d+)(?::(\d+))?\)?\s*$`)

// ParseJSFrame parses a V8 stack line ("at fn (file:line:col)" or
// "at file:line:col"). ok is false for anything else.
func ParseJSFrame(line string) (Frame, bool) {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "at ") {
		return Frame{}, false
	}
	m := jsFrameRe.FindStringSubmatch(t)
	if m == nil {
		// "at new Promise (<anonymous>)" and friends: a frame without a file.
		rest := strings.TrimPrefix(t, "at ")
		fn, file := rest, ""
		if i := strings.LastIndex(rest, " ("); i >= 0 && strings.HasSuffix(rest, ")") {
			fn, file = rest[:i], rest[i+2:len(rest)-1]
		}
		return Frame{Func: fn, File: file}, true
	}
	ln, _ := strconv.Atoi(m[3])
	col, _ := strconv.Atoi(m[4])
	return Frame{Func: m[1], File: m[2], Line: ln, Col: col}, true
}

// runtimePrefixes and runtimeParts mark the frames of the runtime and of the
// test framework's machinery, which never help locate a bug in user code.
var runtimePrefixes = []string{"node:", "internal/", "<anonymous>", "native", "/usr/local/go/src/", "/usr/lib/go",
	"<frozen "} // Python's frozen modules: <frozen importlib._bootstrap>

var runtimeParts = []string{"/jest-circus/", "/jest-jasmine2/", "/jest-runner/", "/jest-runtime/", "/expect/build/"}

var depMarks = []string{
	"node_modules/", "site-packages/", "dist-packages/", "/pkg/mod/", "/vendor/",
	"/lib/python3", "/usr/lib/python",
}

// Classify tells whether a frame is in user code, a dependency or the runtime.
func Classify(f Frame) Origin {
	p := f.File
	if p == "" {
		return Runtime
	}
	for _, m := range runtimePrefixes {
		if strings.HasPrefix(p, m) {
			return Runtime
		}
	}
	for _, m := range runtimeParts {
		if strings.Contains(p, m) {
			return Runtime
		}
	}
	for _, m := range depMarks {
		if strings.Contains(p, m) || strings.HasPrefix(p, strings.TrimPrefix(m, "/")) {
			return Dependency
		}
	}
	return User
}
