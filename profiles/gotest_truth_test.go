package profiles_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/profiles"
)

// goCaptureOptions sets, for a go test capture, the module the capture
// ran in: its path from <case>.module beside it, its directory the fixed
// fixture root the capture script ran it at.
func goCaptureOptions(path string, opt profiles.Options) profiles.Options {
	mod, ok := goCaptureModule(path)
	if ok && opt.GoModule.Path == "" {
		opt.GoModule = mod
	}
	return opt
}

func goCaptureModule(path string) (parse.GoModule, bool) {
	base := filepath.Base(path)
	stem := base[:strings.Index(base, ".")]
	data, err := os.ReadFile(filepath.Join(filepath.Dir(path), stem+".module"))
	if err != nil {
		return parse.GoModule{}, false
	}
	return parse.GoModule{Path: strings.TrimSpace(string(data)), Dir: "/tmp/terse-fixtures/gotest/" + stem}, true
}

var (
	goTruthEntry = regexp.MustCompile(`^(\s+)([^\s:]+\.go):(\d+): ?(.*)$`)
	// testscript's verdict, the last line of a script's log.
	goTruthScriptFail = regexp.MustCompile(`^FAIL: (\S+?):(\d+): (.*)$`)
	goTruthBuild      = regexp.MustCompile(`^([^\s:]+\.go):(\d+):\d+: `)
	goTruthFrame      = regexp.MustCompile(`^\s+(/tmp/terse-fixtures/gotest/\S+\.go):(\d+)(?: \+0x[0-9a-f]+)?$`)
)

// goTestTruth reads go test -json events (the ground truth of a go test
// capture) and lists what must be shown, with paths relative to the module
// root:
//   - each failed build, named by its package, at its first compiler or vet
//     error, which is the message;
//   - each failed test that has no failed subtest (or printed a message of
//     its own), at its last t.Error/t.Log line (the assertion: t.Log lines
//     come before it), whose text is the message; when that text is empty
//     (a multi-line message), the first line under it, testify's "Error:"
//     line, or quicktest's line under "error:"; an example's first output
//     line, at the package;
//   - a panic at the first frame in the project's files, under the last
//     failed test that is not a parent; a timeout at the first project frame
//     of a goroutine not waiting in t.Run, under the innermost running test;
//     a data race at the first project frame of its first stack.
func goTestTruth(t *testing.T, path string) []truth {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mod, _ := goCaptureModule(path)
	pkgDir := func(ip string) string {
		switch {
		case mod.Path == "":
			return ip
		case ip == mod.Path:
			return "."
		case strings.HasPrefix(ip, mod.Path+"/"):
			return ip[len(mod.Path)+1:]
		}
		return ip
	}
	inPkg := func(ip, file string) string {
		if d := pkgDir(ip); d != "." {
			return d + "/" + file
		}
		return file
	}
	type pkgState struct {
		out    map[string][]string // test -> output lines
		failed []string
		all    []string // every line of the package's output, in order
	}
	pkgs := map[string]*pkgState{}
	var order []string
	builds := map[string][]string{}
	var buildOrder []string
	partial := map[string]string{} // a line's start, by package and test
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var ev struct{ Action, Package, Test, Output, ImportPath string }
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		switch ev.Action {
		case "build-output":
			if _, ok := builds[ev.ImportPath]; !ok {
				buildOrder = append(buildOrder, ev.ImportPath)
			}
			builds[ev.ImportPath] = append(builds[ev.ImportPath], strings.TrimSuffix(ev.Output, "\n"))
			continue
		case "build-fail":
			continue
		}
		ps, ok := pkgs[ev.Package]
		if !ok {
			ps = &pkgState{out: map[string][]string{}}
			pkgs[ev.Package] = ps
			order = append(order, ev.Package)
		}
		switch ev.Action {
		case "output":
			// test2json splits a long line into events: only the
			// last ends with a newline.
			key := ev.Package + "\x00" + ev.Test
			if !strings.HasSuffix(ev.Output, "\n") {
				partial[key] += ev.Output
				continue
			}
			l := strings.TrimSuffix(partial[key]+ev.Output, "\n")
			delete(partial, key)
			ps.all = append(ps.all, l)
			if ev.Test != "" && !strings.HasPrefix(strings.TrimSpace(l), "=== ") && !strings.HasPrefix(strings.TrimSpace(l), "--- ") {
				ps.out[ev.Test] = append(ps.out[ev.Test], l)
			}
		case "fail":
			if ev.Test != "" {
				ps.failed = append(ps.failed, ev.Test)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	var out []truth
	for _, ip := range buildOrder {
		lines := builds[ip]
		w := truth{Name: strings.Fields(strings.TrimPrefix(lines[0], "# "))[0]}
		for _, l := range lines[1:] {
			if m := goTruthBuild.FindStringSubmatch(l); m != nil {
				w.File, w.Message = m[1], l
				w.Line, _ = strconv.Atoi(m[2])
				break
			}
			if !strings.HasPrefix(l, "# ") && w.Message == "" {
				w.File, w.Message = pkgDir(w.Name), l
			}
		}
		out = append(out, w)
	}
	firstFrame := func(lines []string, skipWaiting bool) (string, int) {
		waiting, first := false, false
		for i, l := range lines {
			if strings.HasPrefix(l, "goroutine ") {
				waiting, first = false, true
				continue
			}
			if first && l != "" {
				first = false
				waiting = skipWaiting && strings.HasPrefix(l, "testing.(*T).Run(")
			}
			if m := goTruthFrame.FindStringSubmatch(l); m != nil && !waiting && i > 0 {
				n, _ := strconv.Atoi(m[2])
				if mod.Dir != "" {
					return strings.TrimPrefix(m[1], mod.Dir+"/"), n
				}
				return m[1], n
			}
		}
		return "", 0
	}
	for _, ip := range order {
		ps := pkgs[ip]
		start := len(out) // this package's failures are out[start:]
		parent := map[string]bool{}
		for _, name := range ps.failed {
			for i := range name {
				if name[i] == '/' {
					parent[name[:i]] = true
				}
			}
		}
		for _, name := range ps.failed {
			lines := ps.out[name]
			w := truth{Name: name, File: pkgDir(ip)}
			own := false
			indent := -1 // of the test's entries; a deeper one is text it logged
			for i, l := range lines {
				m := goTruthEntry.FindStringSubmatch(l)
				if m == nil || m[1] == "testing.go" || indent >= 0 && len(m[1]) != indent {
					continue
				}
				indent = len(m[1])
				w.File, w.Message, own = inPkg(ip, m[2]), goTruthReason(lines[i+1:], m[4]), true
				w.Line, _ = strconv.Atoi(m[3])
				if file, line, msg, ok := goTruthScript(lines[i+1:], indent+4); ok {
					w.File, w.Line, w.Message = inPkg(ip, file), line, msg
				}
			}
			if parent[name] && !own {
				continue
			}
			for i, l := range lines {
				if l == "WARNING: DATA RACE" {
					w.Message = l
					w.File, w.Line = firstFrame(lines[i:], false)
					break
				}
			}
			if w.Message == "" {
				for _, l := range lines {
					if strings.TrimSpace(l) != "" {
						w.Message = strings.TrimSpace(l)
						break
					}
				}
			}
			out = append(out, w)
		}
		// A panic or a timeout, anywhere in the package's output.
		for i, l := range ps.all {
			if !strings.HasPrefix(l, "panic: ") {
				continue
			}
			msg := strings.TrimSuffix(strings.TrimSuffix(l, " [recovered, repanicked]"), " [recovered]")
			if strings.HasPrefix(l, "panic: test timed out after ") {
				var running []string
				for _, r := range ps.all[i+1:] {
					if !strings.HasPrefix(r, "\t\t") {
						if strings.TrimSpace(r) == "running tests:" {
							continue
						}
						break
					}
					running = append(running, strings.Fields(r)[0])
				}
				for _, n := range running {
					leaf := true
					for _, o := range running {
						if strings.HasPrefix(o, n+"/") {
							leaf = false
						}
					}
					if leaf {
						file, line := firstFrame(ps.all[i:], true)
						out = append(out, truth{Name: n, File: file, Line: line, Message: msg})
						break
					}
				}
				break
			}
			target := ""
			for j := len(ps.failed) - 1; j >= 0; j-- {
				if !parent[ps.failed[j]] {
					target = ps.failed[j]
					break
				}
			}
			file, line := firstFrame(ps.all[i:], false)
			replaced := false
			for k := range out[start:] {
				k += start
				if out[k].Name == target {
					out[k] = truth{Name: target, File: file, Line: line, Message: msg}
					replaced = true
				}
			}
			if !replaced {
				out = append(out, truth{Name: target, File: file, Line: line, Message: msg})
			}
			break
		}
	}
	return out
}

// goTruthScript finds a testscript verdict in the lines logged under an
// entry (indented by indent): the last "FAIL: file:line: message" line of
// the log, which ends at the next line indented less.
func goTruthScript(after []string, indent int) (file string, line int, msg string, ok bool) {
	pad := strings.Repeat(" ", indent)
	for _, l := range after {
		if strings.TrimSpace(l) != "" && !strings.HasPrefix(l, pad) {
			break
		}
		if m := goTruthScriptFail.FindStringSubmatch(strings.TrimPrefix(l, pad)); m != nil {
			file, msg, ok = m[1], m[3], true
			line, _ = strconv.Atoi(m[2])
		}
	}
	return file, line, msg, ok
}

// goTruthReason is the reason of a t.Error line whose text is text, with the
// lines after it: its text, or when empty, the first line under it,
// testify's "Error:" content, or the line under a label such as
// quicktest's "error:".
func goTruthReason(after []string, text string) string {
	if strings.TrimSpace(text) != "" {
		return strings.TrimSpace(text)
	}
	var under []string
	for _, l := range after {
		if goTruthEntry.MatchString(l) {
			break
		}
		if s := strings.TrimSpace(l); s != "" {
			under = append(under, s)
		}
	}
	if len(under) == 0 {
		return ""
	}
	if strings.HasPrefix(under[0], "Error Trace:") || strings.HasPrefix(under[0], "Error:") {
		for _, s := range under {
			if rest, ok := strings.CutPrefix(s, "Error:"); ok {
				return strings.TrimSpace(rest)
			}
		}
	}
	if w, ok := strings.CutSuffix(under[0], ":"); ok && !strings.Contains(w, " ") && len(under) > 1 {
		return under[1]
	}
	return under[0]
}
