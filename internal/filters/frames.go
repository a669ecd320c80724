package filters

import (
	"strconv"
	"strings"

	"github.com/terse-dev/terse/report"
)

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

// ParseJSFrame parses a V8 stack line ("at fn (file:line:col)" or
// "at file:line:col"). ok is false for anything else. It is hand-written
// because it runs on every line of a failure block.
func ParseJSFrame(line string) (report.Frame, bool) {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "at ") {
		return report.Frame{}, false
	}
	rest := t[3:]
	fn, loc := "", rest
	if strings.HasSuffix(rest, ")") {
		if i := strings.LastIndex(rest, " ("); i >= 0 {
			fn, loc = rest[:i], rest[i+2:len(rest)-1]
		} else if strings.HasPrefix(rest, "(") {
			loc = rest[1 : len(rest)-1]
		}
	}
	file, ln, col, ok := splitLoc(loc)
	if !ok {
		// "at new Promise (<anonymous>)": a frame without a line.
		if fn == "" && strings.ContainsAny(rest, " ") && !strings.HasSuffix(rest, ")") {
			return report.Frame{}, false // prose that starts with "at "
		}
		return report.Frame{Func: fn, File: loc}, true
	}
	return report.Frame{Func: fn, File: file, Line: ln, Col: col}, true
}

// SplitJSLoc splits a V8 frame's location, "file:line:col" or
// "file:line", as ParseJSFrame does: for runners that print the location
// in a form of their own (vitest's "❯ fn file:line:col").
func SplitJSLoc(loc string) (file string, line, col int, ok bool) { return splitLoc(loc) }

// splitLoc splits "file:line:col" or "file:line".
func splitLoc(loc string) (file string, line, col int, ok bool) {
	i := strings.LastIndexByte(loc, ':')
	if i <= 0 {
		return "", 0, 0, false
	}
	last, err := strconv.Atoi(loc[i+1:])
	if err != nil {
		return "", 0, 0, false
	}
	j := strings.LastIndexByte(loc[:i], ':')
	if j > 0 {
		if n, err := strconv.Atoi(loc[j+1 : i]); err == nil {
			return loc[:j], n, last, true
		}
	}
	return loc[:i], last, 0, true
}

// runtimePrefixes mark the frames of a language runtime, which never help
// locate a bug in user code. A test runner's own machinery is the runner's
// profile's to name (its frames: section; see Markers).
var runtimePrefixes = []string{"node:", "internal/", "<anonymous>", "native", "/usr/local/go/src/", "/usr/lib/go",
	"<frozen "} // Python's frozen modules: <frozen importlib._bootstrap>

// depMarks mark the frames of third-party code: a path holds one, or
// starts with one less its leading slash. hasDepMark reads them.
var depMarks = []string{
	"node_modules/", "site-packages/", "dist-packages/", "/pkg/mod/", "/vendor/",
	"/lib/python3", "/usr/lib/python",
}

// depDirs are the marks of depMarks that end with a slash and do not start
// with one: a path holds one where a directory of that name ends.
var depDirs = []string{"node_modules", "site-packages", "dist-packages"}

// depRooted are the marks of depMarks that start with a slash.
var depRooted = []string{"/pkg/mod/", "/vendor/", "/lib/python3", "/usr/lib/python"}

// depDirLast and depRootedSecond hold the last bytes of depDirs and the
// bytes after the slash of depRooted.
var depDirLast, depRootedSecond = func() (last, second [256]bool) {
	for _, d := range depDirs {
		last[d[len(d)-1]] = true
	}
	for _, r := range depRooted {
		second[r[1]] = true
	}
	return last, second
}()

// hasDepMark reports whether p holds one of depMarks, or starts with one
// less its leading slash. Every mark has a slash at one end, so one pass
// over p's slashes finds them all, where a search per mark looked at
// every slash of the path four times (a '/' leads four of them).
func hasDepMark(p string) bool {
	for _, r := range depRooted {
		if strings.HasPrefix(p, r[1:]) {
			return true
		}
	}
	for i := strings.IndexByte(p, '/'); i >= 0; {
		// Most slashes are next to bytes no mark has there: the tables
		// spare them the comparisons.
		if i > 0 && depDirLast[p[i-1]] {
			for _, d := range depDirs {
				if strings.HasSuffix(p[:i], d) {
					return true
				}
			}
		}
		if i+1 < len(p) && depRootedSecond[p[i+1]] {
			for _, r := range depRooted {
				if strings.HasPrefix(p[i:], r) {
					return true
				}
			}
		}
		next := strings.IndexByte(p[i+1:], '/')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return false
}

// Markers are a tool's own path fragments for frames, beside the
// language-generic rules of Classify: a test runner knows which of its
// packages run the tests (jest-circus), which no generic rule can know.
// The zero value is the generic rules alone.
type Markers struct {
	// Runtime holds fragments of the paths of the tool's own machinery.
	Runtime []string `yaml:"runtime"`
	// Dependency holds fragments of the paths of third-party code the
	// generic rules do not recognise.
	Dependency []string `yaml:"dependency"`
}

// Classify tells whether a frame is in user code, a dependency or the runtime.
func Classify(f report.Frame) Origin { return Markers{}.Classify(f) }

// Classify tells whether a frame is in user code, a dependency or the
// runtime, by the generic rules and m's markers. The runtime's rules come
// first: a runner's own package is its machinery even where it sits in
// node_modules.
func (m Markers) Classify(f report.Frame) Origin {
	p := f.File
	if p == "" || (f.Line == 0 && !strings.ContainsAny(p, "/.")) {
		return Runtime // "<anonymous>", "index 0": no place in any file
	}
	for _, mark := range runtimePrefixes {
		if strings.HasPrefix(p, mark) {
			return Runtime
		}
	}
	if containsAny(p, m.Runtime) {
		return Runtime
	}
	if hasDepMark(p) || containsAny(p, m.Dependency) {
		return Dependency
	}
	return User
}

// containsAny reports whether s contains one of parts.
func containsAny(s string, parts []string) bool {
	for _, part := range parts {
		if strings.Contains(s, part) {
			return true
		}
	}
	return false
}
