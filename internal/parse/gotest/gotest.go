// Package gotest reads the output of go test: the default form, -v, and
// -json (test2json's events, which carry the same text). Its result lines,
// stack traces, race reports and testify's failures are not something a
// profile's rules can describe, so the parser is Go.
package gotest

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

var (
	// A compiler or vet error: "calc/calc.go:8:3: undefined: tax".
	goBuildErrRe  = filters.Lazy(`^([^\s:]+\.go):(\d+)(?::\d+)?: `)
	goRunningRe   = filters.Lazy(`^\s+(\S+) \(\S+\)$`)
	goRaceAccess  = filters.Lazy(`^((?:Previous )?(?:[Aa]tomic )?(?:[Rr]ead|[Ww]rite)) at 0x[0-9a-f]+ by (.+):$`)
	goRaceCreated = filters.Lazy(`^Goroutine \d+ \(.*\) created at:$`)
)

var goEventPrefix = filters.Lazy(`^\{"(Time|Action|ImportPath)":`)

// The line readers below return the line and its parts, and whether the
// line is of their kind. They read by hand, without a regular expression:
// trying every pattern on every line was half of the parsing time, and
// backtracking through the result and stack line patterns a tenth more.
// The parts are an array, not a slice, so that reading a line allocates
// nothing.

// goPkgLine reads a package result line: [line, verdict, import path, rest].
// It reads what goPkgLineRe (in the tests) matches.
func goPkgLine(line string) (m [4]string, ok bool) {
	verdict := goPkgVerdict(line)
	if verdict == "" {
		return m, false
	}
	rest, ok := cutSpace(line[len(verdict):])
	if !ok {
		return m, false
	}
	end := 0
	for end < len(rest) && !isSpace(rest[end]) {
		end++
	}
	name := rest[:end]
	tail, ok := cutSpace(rest[end:])
	if !ok || name == "" || !goPkgResult(tail) || strings.IndexByte(tail, '\n') >= 0 {
		return m, false
	}
	return [4]string{line, verdict, name, tail}, true
}

// goPkgVerdict is the verdict a package result line starts with, or "".
// It is asked of every line of the text form: the first byte settles most.
func goPkgVerdict(line string) string {
	if line == "" {
		return ""
	}
	switch line[0] {
	case 'o':
		if strings.HasPrefix(line, "ok") {
			return "ok"
		}
	case 'F':
		if strings.HasPrefix(line, "FAIL") {
			return "FAIL"
		}
	case '?':
		return "?"
	}
	return ""
}

// goGoroutineLine reports whether line heads a goroutine's stack:
// "goroutine 7 [running]:", as goGoroutineRe (in the tests) matches. Every
// line of a panic's report is tested, so it is read by hand.
func goGoroutineLine(line string) bool {
	rest, ok := strings.CutPrefix(line, "goroutine ")
	if !ok {
		return false
	}
	n, rest := leadingDigits(rest)
	if n == 0 {
		return false
	}
	state, ok := strings.CutPrefix(rest, " [")
	return ok && strings.HasSuffix(state, "]:") && strings.IndexByte(state, '\n') < 0
}

// isSpace reports whether c is white space as a regular expression's \s is.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// cutSpace cuts the white space s starts with; false when there is none.
func cutSpace(s string) (string, bool) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return s[i:], i > 0
}

// goPkgResult reports whether s starts as a package result's third field
// does: a duration ("0.01s"), "(cached)", or a bracketed note ("[no test
// files]").
func goPkgResult(s string) bool {
	switch {
	case strings.HasPrefix(s, "(cached)"):
		return true
	case strings.HasPrefix(s, "["):
		i := 1
		for i < len(s) && (s[i] == ' ' || 'a' <= s[i] && s[i] <= 'z') {
			i++
		}
		return i > 1 && i < len(s) && s[i] == ']'
	}
	n, rest := leadingDigits(s)
	if n == 0 {
		return false
	}
	if frac, ok := strings.CutPrefix(rest, "."); ok {
		if n, rest = leadingDigits(frac); n == 0 {
			return false
		}
	}
	return strings.HasPrefix(rest, "s")
}

// leadingDigits is the number of decimal digits s starts with, and the rest.
func leadingDigits(s string) (int, string) {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i, s[i:]
}

// isPkgLine, isRunLine and isResultLine tell the lines that end a block
// of compiler output or a panic's report.
func isPkgLine(line string) bool    { _, ok := goPkgLine(line); return ok }
func isRunLine(line string) bool    { _, ok := goRunLine(line); return ok }
func isResultLine(line string) bool { _, ok := goResultLine(line); return ok }

// goRunLine reads "=== RUN   name" (and CONT, NAME, PAUSE): [line, verb, name].
func goRunLine(line string) (m [3]string, ok bool) {
	rest, ok := strings.CutPrefix(line, "=== ")
	if !ok {
		return m, false
	}
	verb, name, ok := strings.Cut(rest, " ")
	name = strings.TrimSpace(name)
	if !ok || name == "" || (verb != "RUN" && verb != "CONT" && verb != "NAME" && verb != "PAUSE") {
		return m, false
	}
	return [3]string{line, verb, name}, true
}

// goResultLine reads "--- FAIL: name (0.00s)" and its PASS and SKIP forms:
// [line, indent, verdict, name, duration].
func goResultLine(line string) (m [5]string, ok bool) {
	t := strings.TrimLeft(line, " ")
	rest, ok := strings.CutPrefix(t, "--- ")
	if !ok || len(rest) < 6 || rest[4] != ':' || rest[5] != ' ' {
		return m, false
	}
	verdict := rest[:4]
	if verdict != "FAIL" && verdict != "PASS" && verdict != "SKIP" {
		return m, false
	}
	rest = rest[6:]
	i := strings.LastIndex(rest, " (")
	if i <= 0 || !strings.HasSuffix(rest, "s)") {
		return m, false
	}
	dur := rest[i+2 : len(rest)-1]
	if !goDurationNumber(strings.TrimSuffix(dur, "s")) {
		return m, false
	}
	return [5]string{line, line[:len(line)-len(t)], verdict, rest[:i], dur}, true
}

// goDurationNumber reports whether strconv.ParseFloat reads s without
// error. Digits with an optional fraction, the form go test prints, are
// settled by hand: ParseFloat on every result line was a twentieth of the
// -v form's time. ParseFloat is asked the rest.
func goDurationNumber(s string) bool {
	n, rest := leadingDigits(s)
	if frac, ok := strings.CutPrefix(rest, "."); ok {
		m, r := leadingDigits(frac)
		n, rest = n+m, r
	}
	if rest == "" && n > 0 && n <= 15 { // 15 digits: never out of range
		return true
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// goEntryLine reads a line a test printed with t.Log or t.Error,
// "    file.go:12: message": [line, indent, file, the line number's digits,
// message].
func goEntryLine(line string) (m [5]string, ok bool) {
	rest := strings.TrimLeft(line, " \t")
	if len(rest) == len(line) {
		return m, false
	}
	i := strings.Index(rest, ".go:")
	if i <= 0 || strings.ContainsAny(rest[:i], " \t:") {
		return m, false
	}
	file := rest[:i+3]
	num := rest[i+4:]
	_, after, ok := parse.LeadingInt(num)
	if !ok || !strings.HasPrefix(after, ":") {
		return m, false
	}
	// The digits as printed, not the number formatted again: entryLine
	// reads the same number from them, and formatting allocated.
	num = num[:len(num)-len(after)]
	return [5]string{line, line[:len(line)-len(rest)], file, num, strings.TrimPrefix(after[1:], " ")}, true
}

// goFileLine reads the file line under a stack frame's function line,
// "\t/path/file.go:12 +0x1d": [line, path, line number]. It reads what
// goFileLineRe (in the tests) matches.
func goFileLine(line string) (m [3]string, ok bool) {
	body, ok := cutSpace(line)
	if !ok {
		return m, false
	}
	if i := strings.IndexAny(body, " \t\n\f\r"); i >= 0 {
		// Only the program counter's offset may follow, after one space.
		hex, ok := strings.CutPrefix(body[i:], " +0x")
		if !ok || hex == "" || strings.Trim(hex, "0123456789abcdef") != "" {
			return m, false
		}
		body = body[:i]
	}
	colon := strings.LastIndexByte(body, ':')
	if colon < 0 {
		return m, false
	}
	path, num := body[:colon], body[colon+1:]
	if n, rest := leadingDigits(num); n == 0 || rest != "" {
		return m, false
	}
	if !(len(path) > 3 && strings.HasSuffix(path, ".go")) && !(len(path) > 2 && strings.HasSuffix(path, ".s")) {
		return m, false
	}
	return [3]string{line, path, num}, true
}

const goRaceRule = "=================="

// goPartialLimit bounds a -json line held while its end is awaited.
const goPartialLimit = 1 << 20

// goEvent is one line of go test -json (test2json) output.
type goEvent struct {
	Action     string
	Package    string
	Test       string
	Output     string
	ImportPath string
}

// goTestParser reads go test output: the default form, -v, and -json (whose
// events carry the same text, with the package and test named). Failures are
// held per package until the package's result line, since without -json the
// import path their files live in comes last; only the failures that can
// reach the page keep their text, so memory holds a page, the names of one
// package's failed tests, and the output of tests still running.
type goTestParser struct {
	b   *report.Builder
	opt parse.Options
	// inline makes the lines ready on the parser's goroutine (parseLines).
	inline bool

	pkgs    map[string]*goPkg // open packages; "" in text form until its result line
	build   *goBuild          // compiler or vet output being read
	counted bool              // -v or -json: passing tests are listed
	tests   report.Counts
	suites  report.Counts
	notes   int
	mod     parse.GoModule
	modRead bool
	noTests int      // packages that passed with "[no tests to run]"
	covers  []string // "pkg 81.2%" of -cover, in the order read
	// text is the package of the text form, "" in pkgs, when it is open.
	text *goPkg
	// spare holds the records of tests that passed, for the next tests
	// to reuse: a long -v run starts millions of tests and keeps none.
	spare spareTests
}

// spareTests is a free list of goTest records, bounded, and a spare
// package record.
type spareTests struct {
	list []*goTest
	off  bool   // -json: an event's test may outlive its result line
	pkg  *goPkg // a closed text-form package's record
}

// newPkg returns a package record to fill: the spare one, else a new one.
func (s *spareTests) newPkg() *goPkg {
	if pkg := s.pkg; pkg != nil && !s.off {
		s.pkg = nil
		return pkg
	}
	return &goPkg{}
}

// maxSpareTests bounds the free list: the tests of a package run one or a
// few at a time, so a short list serves them all.
const maxSpareTests = 64

// get returns a fresh test record named name.
func (s *spareTests) get(name string) *goTest {
	n := len(s.list)
	if n == 0 {
		return &goTest{name: name, keep: true}
	}
	t := s.list[n-1]
	s.list = s.list[:n-1]
	t.name, t.keep = name, true
	return t
}

// put takes back t, which nothing refers to any more, cleared but for the
// room of its slices.
func (s *spareTests) put(t *goTest) {
	if s.off || len(s.list) >= maxSpareTests {
		return
	}
	clear(t.entries)
	clear(t.printed)
	*t = goTest{entries: t.entries[:0], printed: t.printed[:0]}
	s.list = append(s.list, t)
}

// goPkg is one package's test binary output being read.
type goPkg struct {
	key      string // in pkgs
	open     bool   // in pkgs: its result line has not come
	name     string
	running  goRunning          // tests started and not yet finished
	spare    *spareTests        // the parser's, for test records
	parents  map[string]bool    // tests that started subtests
	current  *goTest            // the test whose output lines follow
	failed   []*goTest          // failed tests, in the order reported
	byName   map[string]*goTest // failed tests by name (-json names them after their verdict)
	definite int                // failed tests sure to be shown (they have own messages)
	panic    *goPanic
	race     *goRace
	raceOpen bool // a "==================" line that may open a race report
	races    []*goRace
	cover    string // -cover's figure, printed before the result line
	// noTestFiles: -cover printed the package's result as a coverage
	// line; it is counted.
	noTestFiles bool
	stray       []string // lines of no test
	strayN      int
	// afterResult: the current test was set by its result line, not by
	// "=== RUN" or a -json event.
	partial      string // -json: a line whose end is in the next event
	partialTest  string // the test that printed it
	afterResult  bool
	resultIndent int    // of the result line
	exit         string // "exit status 2"
}

// goTest is a test and what it printed.
type goTest struct {
	name string
	// entries are its file:line lines (t.Log, t.Error): values, not
	// pointers, so that a line costs no allocation of its own.
	entries     []goEntry
	printed     []string // other lines it printed
	printedMore int
	more        int  // lines not held
	entryGap    int  // lines of the entries addEntry dropped, between the first and the latest
	own         bool // printed a file:line message of its own
	keep        bool // keep the text (the failure can reach the page)
	failed      bool
	races       []*goRace
	panic       *goPanic
}

// goPanic is a panic, fatal error or test timeout with its stacks.
type goPanic struct {
	msg     string
	timeout bool
	fatal   bool
	running []string
	details []string
	frames  []report.Frame // user frames, location first
	dropped int
	gor     int    // goroutines seen
	skip    bool   // this goroutine is not the one to show
	fn      string // function line waiting for its file line
	first   bool   // next frame is the goroutine's first
}

// goRace is one data race report.
type goRace struct {
	details  []string
	location *report.Frame
	dropped  int
	section  int // 0 before any, 1 access, 2 created-at
	fn       string
	kept     int
}

// goBuild is the output of one package's failed build or vet.
type goBuild struct {
	pkg     string
	vet     bool
	file    string
	line    int
	msg     string
	details []string
	more    int
}

// Parse reads go test output, in its default form, -v, or -json, into b.
func Parse(lr *filters.LineReader, b *report.Builder, opt parse.Options) error {
	return parseLines(lr, b, opt, false)
}

// parseLines is Parse with the lines made ready on the parser's goroutine
// when inline is set: the plain path, which only tests choose (to compare).
func parseLines(lr *filters.LineReader, b *report.Builder, opt parse.Options, inline bool) error {
	p := &goTestParser{b: b, opt: opt, pkgs: map[string]*goPkg{}, inline: inline}
	b.SetSuiteNoun("package")
	if err := eachItem(lr, p); err != nil {
		return err
	}
	p.end()
	return nil
}

// event handles one -json event: its output line, in the context of its
// package and test.
func (p *goTestParser) event(ev goEvent) {
	p.counted = true
	p.spare.off = true
	switch ev.Action {
	case "build-output":
		line := filters.CleanLine(strings.TrimSuffix(ev.Output, "\n"))
		switch {
		case strings.HasPrefix(line, "# "):
			p.startBuild(line)
		case strings.TrimSpace(line) == "":
		default:
			if p.build == nil {
				p.startBuild("# " + ev.ImportPath)
			}
			p.buildAdd(line)
		}
	case "build-fail":
		p.endBuild()
	case "output":
		pkg := p.pkg(ev.Package)
		var t *goTest
		if ev.Test != "" {
			t = pkg.test(ev.Test)
		}
		out := ev.Output
		if pkg.partial != "" {
			if pkg.partialTest != ev.Test {
				// Another test's output: the held line ended there.
				p.event(goEvent{Action: "output", Package: ev.Package, Test: pkg.partialTest, Output: "\n"})
			}
			out, pkg.partial = pkg.partial+out, ""
		}
		if !strings.HasSuffix(out, "\n") && len(out) < goPartialLimit {
			// test2json splits a long line into events: the line
			// goes on in the next one.
			pkg.partial, pkg.partialTest = out, ev.Test
			return
		}
		// Cut, not Split: an event holds one line, mostly, and Split
		// allocates the slice of them for every event.
		rest := strings.TrimSuffix(out, "\n")
		for {
			l, more, found := strings.Cut(rest, "\n")
			p.pkgLine(pkg, filters.CleanLine(l), t)
			if !found {
				break
			}
			rest = more
		}
	case "pass", "fail", "skip":
		if pkg, ok := p.pkgs[ev.Package]; ok && pkg.partial != "" {
			p.event(goEvent{Action: "output", Package: ev.Package, Test: ev.Test, Output: "\n"})
		}
		if ev.Test == "" {
			// The result line ("ok  \tpkg") normally closed it already.
			if pkg, ok := p.pkgs[ev.Package]; ok {
				p.endPackage(pkg, ev.Action, "")
			}
		}
	}
}

func (p *goTestParser) pkg(name string) *goPkg {
	pkg, ok := p.pkgs[name]
	if !ok {
		// Its maps are made on first write: most packages of a long run
		// never fail a test, and a text-form package without -v runs none.
		pkg = p.spare.newPkg()
		// A reused record keeps the room of its running list, failed
		// list and map: a package's end drops what they hold.
		list, failed, byName := pkg.running.list, pkg.failed, pkg.byName
		clear(list)
		clear(failed)
		clear(byName)
		*pkg = goPkg{key: name, name: name, spare: &p.spare, open: true,
			running: goRunning{list: list[:0]}, failed: failed[:0], byName: byName}
		p.pkgs[name] = pkg
	}
	return pkg
}

func (pkg *goPkg) test(name string) *goTest {
	if t := pkg.running.get(name); t != nil {
		return t
	}
	if t, ok := pkg.byName[name]; ok {
		return t
	}
	t := pkg.spare.get(name)
	pkg.running.add(t)
	return t
}

// textPkg returns the open package of the text form, "" in pkgs, held
// apart: looking it up in the map for every line was a twentieth of the
// text form's time.
func (p *goTestParser) textPkg() *goPkg {
	if pkg := p.text; pkg != nil && pkg.open && pkg.key == "" {
		return pkg
	}
	p.text = p.pkg("")
	return p.text
}

// feed reads one line of the text form.
func (p *goTestParser) feed(line string) {
	if p.build != nil {
		if p.buildLine(line) {
			return
		}
	}
	if strings.HasPrefix(line, "# ") {
		p.startBuild(line)
		return
	}
	pkg := p.textPkg()
	p.pkgLine(pkg, line, nil)
	if !pkg.open {
		// Its result line closed it and nothing refers to it now (what
		// the report took from it, its slices, it keeps): the next
		// package reuses the record.
		p.spare.pkg = pkg
	}
}

// pkgLine reads one line of a package's test binary output. t is the test
// -json attributes the line to.
func (p *goTestParser) pkgLine(pkg *goPkg, line string, t *goTest) {
	if t != nil && pkg.panic == nil {
		pkg.current, pkg.afterResult = t, false
	}
	if p.reportLine(pkg, line) {
		return
	}
	if p.structureLine(pkg, line) {
		return
	}
	switch {
	case line == goRaceRule:
		pkg.raceOpen = true
	case strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: "):
		pkg.panic = newGoPanic(line)
	case line == "PASS" || line == "FAIL" || strings.TrimSpace(line) == "" ||
		line == "testing: warning: no tests to run": // the status says it
		// The test binary's own verdict; the result line follows.
	case strings.HasPrefix(line, "exit status "):
		pkg.exit = line
	default:
		p.output(pkg, line)
	}
}

// reportLine reads a line of a panic's or a data race's report, which run
// to the package's end or to their closing rule whatever they contain;
// false when no report is open (a rule not followed by "WARNING: DATA
// RACE" was output, and is given to the test).
func (p *goTestParser) reportLine(pkg *goPkg, line string) bool {
	if pkg.panic != nil && !isPkgLine(line) && line != "FAIL" && !strings.HasPrefix(line, "exit status ") {
		p.panicLine(pkg.panic, line)
		return true
	}
	if pkg.race != nil {
		p.raceLine(pkg, line)
		return true
	}
	if pkg.raceOpen {
		pkg.raceOpen = false
		if line == "WARNING: DATA RACE" {
			pkg.race = &goRace{}
			return true
		}
		p.output(pkg, goRaceRule)
	}
	return false
}

// structureLine reads the lines go test frames tests with: the package's
// result line, "=== RUN" and its kin, and a test's "--- FAIL" result; false
// for any other line. The first byte tells which reader can match: most
// lines are none of them.
func (p *goTestParser) structureLine(pkg *goPkg, line string) bool {
	if line == "" {
		return false
	}
	switch line[0] {
	case 'o', 'F', '?': // "ok", "FAIL", "?"
		return p.pkgResultLine(pkg, line)
	case '=': // "=== RUN"
		return p.runLine(pkg, line)
	case '-', ' ': // "--- FAIL", indented for a subtest
		m, ok := goResultLine(line)
		if ok {
			p.result(pkg, m[2], m[3], len(m[1]))
		}
		return ok
	}
	return false
}

// pkgResultLine reads a package's result line, "ok  \tpkg\t0.01s".
func (p *goTestParser) pkgResultLine(pkg *goPkg, line string) bool {
	m, ok := goPkgLine(line)
	if !ok {
		return false
	}
	if pkg.name == "" {
		pkg.name = m[2]
	}
	p.endPackage(pkg, m[1], m[3])
	return true
}

// runLine reads "=== RUN   name" and its kin: the test named is the one
// whose output follows.
func (p *goTestParser) runLine(pkg *goPkg, line string) bool {
	m, ok := goRunLine(line)
	if !ok {
		return false
	}
	name := strings.TrimSpace(m[2])
	if m[1] == "RUN" {
		p.counted = true
		if i := strings.LastIndexByte(name, '/'); i > 0 {
			if pkg.parents == nil {
				pkg.parents = map[string]bool{}
			}
			if parent := name[:i]; !pkg.parents[parent] {
				// Kept to the package's end: a copy of its own,
				// rather than keep its block of lines alive.
				pkg.parents[strings.Clone(parent)] = true
			}
		}
	}
	pkg.current, pkg.afterResult = pkg.test(name), false
	return true
}

// result reads "--- FAIL: name (0.00s)" and its PASS and SKIP forms.
func (p *goTestParser) result(pkg *goPkg, verdict, name string, indent int) {
	t := pkg.test(name)
	pkg.running.remove(name)
	switch verdict {
	case "FAIL":
		t.failed = true
		t.keep = t.keep && p.mayShow(pkg)
		if !p.holds(t) {
			t.entries, t.printed = nil, nil
		}
		if t.own {
			pkg.definite++
		}
		if p.holds(t) {
			// Its name goes to the report, kept to the end: a copy of
			// its own rather than keep the block of lines it was cut
			// from (parse.LineStrings). The others are dropped at the
			// package's end.
			t.name = strings.Clone(t.name)
		}
		pkg.failed = append(pkg.failed, t)
		if pkg.byName == nil {
			pkg.byName = map[string]*goTest{}
		}
		pkg.byName[t.name] = t
		pkg.current = t // without -v its output follows
		pkg.afterResult, pkg.resultIndent = true, indent
	case "PASS", "SKIP":
		if !pkg.parents[name] {
			if verdict == "PASS" {
				p.tests.Passed++
			} else {
				p.tests.Skipped++
			}
		}
		if n := t.lines(); n > 0 {
			p.b.OmitKey(report.OmitPassedSkippedOutput, n)
		}
		pkg.current = nil
		if !t.failed && t.panic == nil && len(t.races) == 0 {
			// Nothing holds it: not running, not failed, not current.
			p.spare.put(t)
		}
	}
}

// mayShow reports whether a failure added now can still land on the page:
// the failures already added, and those of this package sure to be shown,
// come first.
func (p *goTestParser) mayShow(pkg *goPkg) bool {
	w := p.opt.Window
	return w.Limit == 0 || p.b.FailuresSeen()+pkg.definite < w.Offset+w.Limit
}

// output adds a line printed during the current test, or, with no test, a
// stray line of the package.
func (p *goTestParser) output(pkg *goPkg, line string) {
	t := lineOwner(pkg, line)
	if (t == nil || !strings.HasPrefix(line, " ")) && p.coverLine(pkg, line) {
		return
	}
	if t == nil {
		p.strayLine(pkg, line)
		return
	}
	indent := len(line) - len(strings.TrimLeft(line, " "))
	if n := len(t.entries); n > 0 && indent > t.entries[n-1].indent && strings.TrimSpace(line) != "" {
		// Under the test's last entry, even a line that reads as an
		// entry: a test's own entries share one indentation, and a
		// deeper "x_test.go:12:" is text it logged (testscript's log of
		// a command's output, another go test run's).
		t.addCont(line)
		return
	}
	if m, ok := goEntryLine(line); ok {
		p.entryLine(pkg, t, m)
		return
	}
	p.printedLine(t, line)
}

// lineOwner is the test a line of output is from, or nil. After a test's
// result line, only indented lines are its own (go test without -v prints
// them there, four spaces in from the result line), but for an example's;
// a line indented less is output of a test still running (a CLI library's
// usage text).
func lineOwner(pkg *goPkg, line string) *goTest {
	t := pkg.current
	if t != nil && pkg.afterResult && !strings.HasPrefix(t.name, "Example") && // an example's got/want lines are not indented
		len(line)-len(strings.TrimLeft(line, " ")) < pkg.resultIndent+4 && !strings.HasPrefix(line, "\t") {
		return nil
	}
	return t
}

// strayLine keeps a line of no test, up to the detail limit: it is the
// reason when the package fails with no test that failed.
func (p *goTestParser) strayLine(pkg *goPkg, line string) {
	if strings.TrimSpace(line) == "" {
		return
	}
	pkg.strayN++
	if len(pkg.stray) < p.opt.DetailLimit() {
		pkg.stray = append(pkg.stray, strings.TrimSpace(line))
	}
}

// entryLine adds a test's "file.go:N: text" line (m as goEntryLine reads
// it). A failed test with one has a message of its own, and so is sure to
// be shown.
func (p *goTestParser) entryLine(pkg *goPkg, t *goTest, m [5]string) {
	ln, _ := strconv.Atoi(m[3])
	if m[2] == "testing.go" && strings.HasPrefix(m[4], "race detected during execution of test") && len(pkg.races) > 0 {
		// The testing package's verdict on the race reports read
		// before it: they belong to this test.
		t.races = append(t.races, pkg.races...)
		pkg.races = nil
		p.b.OmitKey(report.OmitRaceVerdictLines, 1)
		return
	}
	if !t.own && t.failed {
		pkg.definite++
	}
	t.own = true
	if !p.holds(t) {
		t.more++
		return
	}
	t.addEntry(m[2], ln, m[4], len(m[1]))
}

// printedLine keeps a line the test printed outside its entries (output of
// the code under test); a test off the page only counts it.
func (p *goTestParser) printedLine(t *goTest, line string) {
	s := strings.TrimSpace(line)
	if s == "" {
		return
	}
	if !p.holds(t) {
		t.more++
		return
	}
	t.addPrinted(s, p.opt.DetailLimit())
}

func newGoPanic(line string) *goPanic {
	msg := line
	for _, tail := range []string{" [recovered, repanicked]", " [recovered]"} {
		msg = strings.TrimSuffix(msg, tail)
	}
	return &goPanic{
		msg:     msg,
		timeout: strings.HasPrefix(line, "panic: test timed out after "),
		fatal:   strings.HasPrefix(line, "fatal error: "),
	}
}

// panicLine reads a line of a panic's report: the running tests of a
// timeout, goroutine headers, and function/file line pairs.
func (p *goTestParser) panicLine(pn *goPanic, line string) {
	t := strings.TrimSpace(line)
	switch {
	case t == "":
		pn.fn = ""
	case goGoroutineLine(t):
		pn.gor++
		pn.fn, pn.first, pn.skip = "", true, false
		// A plain panic shows only the goroutine that panicked.
		if pn.gor > 1 && !pn.timeout && !pn.fatal {
			pn.skip = true
		}
	case pn.gor == 0:
		p.panicHead(pn, line, t)
	default:
		p.panicStack(pn, line, t)
	}
}

// panicHead reads a line before the first goroutine: a timeout's running
// tests, or more of the panic's message (t is the line trimmed).
func (p *goTestParser) panicHead(pn *goPanic, line, t string) {
	switch {
	case t == "running tests:":
	case pn.timeout && goRunningRe.MatchString(line):
		pn.running = append(pn.running, goRunningRe.FindStringSubmatch(line)[1])
	case strings.HasPrefix(t, "panic: ") || strings.HasPrefix(t, "goroutine "):
		// The repeated message of a re-panic.
	default:
		if len(pn.details) < p.opt.DetailLimit() {
			pn.details = append(pn.details, t)
		} else {
			p.b.OmitKey(report.OmitMessageLines, 1)
		}
	}
}

// panicStack reads a line of a goroutine's stack: a function line, held
// until the file line under it makes a frame (t is the line trimmed).
func (p *goTestParser) panicStack(pn *goPanic, line, t string) {
	m, ok := goFileLine(line)
	if !ok {
		pn.fn = t
		return
	}
	ln, _ := strconv.Atoi(m[2])
	fr := report.Frame{Func: goFuncName(pn.fn), File: p.place(m[1]), Line: ln}
	first := pn.first
	pn.first = false
	if first && strings.HasPrefix(pn.fn, "testing.(*T).Run(") {
		// A parent test waiting for its subtest: not where it hangs.
		pn.skip = true
	}
	origin := goFrameOrigin(pn.fn, m[1])
	pn.fn = ""
	if pn.skip || origin != filters.User {
		pn.dropped++
		return
	}
	p.keepFrame(pn, fr)
}

// keepFrame keeps a user frame of the panic once, up to one more than the
// frame limit: the first locates the failure, the rest are its frames.
func (p *goTestParser) keepFrame(pn *goPanic, fr report.Frame) {
	for _, k := range pn.frames {
		if k == fr {
			pn.dropped++
			return
		}
	}
	if len(pn.frames) <= p.opt.FrameLimit() {
		pn.frames = append(pn.frames, fr)
	} else {
		pn.dropped++
	}
}

// raceLine reads a line of a data race report, up to its closing rule.
func (p *goTestParser) raceLine(pkg *goPkg, line string) {
	r := pkg.race
	t := strings.TrimSpace(line)
	switch {
	case line == goRaceRule:
		pkg.races = append(pkg.races, r)
		pkg.race = nil
	case t == "":
		r.fn = ""
	// The literals each regexp needs go first: a report's frames and
	// file lines, most of its lines, then run no regexp.
	case strings.Contains(t, " at 0x") && goRaceAccess.MatchString(t):
		m := goRaceAccess.FindStringSubmatch(t)
		r.section, r.kept, r.fn = 1, 0, ""
		r.add(p, m[1]+" by "+m[2]+":")
	case strings.HasSuffix(t, " created at:") && goRaceCreated.MatchString(t):
		r.section, r.fn = 2, ""
	default:
		m, ok := goFileLine(line)
		if !ok {
			if r.section == 0 {
				r.add(p, t)
			} else {
				r.fn = t
			}
			return
		}
		ln, _ := strconv.Atoi(m[2])
		fr := report.Frame{Func: goFuncName(r.fn), File: p.place(m[1]), Line: ln}
		origin := goFrameOrigin(r.fn, m[1])
		r.fn = ""
		if r.section != 1 || origin != filters.User || r.kept >= p.opt.FrameLimit() {
			r.dropped++
			return
		}
		r.kept++
		if r.location == nil {
			r.location = &fr
		}
		r.add(p, "  at "+fr.String())
	}
}

// add keeps a line of the report, up to a bound: a report has two access
// stacks of a few frames, but the input is not always a real report.
func (r *goRace) add(p *goTestParser, s string) {
	if len(r.details) < 2*(p.opt.FrameLimit()+1)+p.opt.DetailLimit() {
		r.details = append(r.details, s)
	} else {
		p.b.OmitKey(report.OmitMessageLines, 1)
	}
}

// startBuild opens a block of compiler or vet output: "# pkg [pkg.test]".
// "# [pkg]" under it says the errors are go vet's.
func (p *goTestParser) startBuild(line string) {
	head := strings.TrimPrefix(line, "# ")
	if strings.HasPrefix(head, "[") {
		if p.build != nil {
			p.build.vet = true
			return
		}
		head = strings.Trim(head, "[]")
	}
	p.endBuild()
	name, _, _ := strings.Cut(head, " ")
	p.build = &goBuild{pkg: name}
}

// buildLine adds a line to the build block; false when the line ends it.
func (p *goTestParser) buildLine(line string) bool {
	bl := p.build
	if strings.HasPrefix(line, "# [") {
		bl.vet = true
		return true
	}
	if line == "" || strings.HasPrefix(line, "# ") || isPkgLine(line) || isRunLine(line) ||
		isResultLine(line) || line == "FAIL" || line == "PASS" || strings.HasPrefix(line, "panic: ") {
		p.endBuild()
		return false
	}
	p.buildAdd(line)
	return true
}

// buildAdd adds a compiler or vet line: the first is the message, kept
// verbatim, and locates the failure.
func (p *goTestParser) buildAdd(line string) {
	bl := p.build
	if bl.msg == "" {
		if m := goBuildErrRe.FindStringSubmatch(line); m != nil {
			bl.file = m[1]
			bl.line, _ = strconv.Atoi(m[2])
		}
		bl.msg = strings.TrimSpace(line)
		return
	}
	s := strings.TrimSpace(line)
	if strings.HasPrefix(line, "\t") || strings.HasPrefix(line, " ") {
		s = "  " + s
	}
	if len(bl.details) < p.opt.DetailLimit() {
		bl.details = append(bl.details, s)
	} else {
		bl.more++
	}
}

func (p *goTestParser) endBuild() {
	bl := p.build
	if bl == nil {
		return
	}
	p.build = nil
	f := report.Failure{Kind: report.KindBuild, File: p.place(bl.file), Line: bl.line, Name: bl.pkg,
		Message: bl.msg, Details: bl.details}
	if bl.vet {
		f.Kind = report.KindVet
	}
	if f.File == "" {
		f.File = p.pkgDir(bl.pkg)
	}
	p.b.AddFailure(f)
	p.b.OmitKey(report.OmitMessageLines, bl.more)
}

// endPackage closes a package at its result line: its failures go to the
// report, parents of failed subtests only when they failed on their own.
func (p *goTestParser) endPackage(pkg *goPkg, verdict, rest string) {
	delete(p.pkgs, pkg.key)
	pkg.open = false
	if pkg.noTestFiles {
		return
	}
	if pkg.race != nil {
		pkg.races = append(pkg.races, pkg.race) // cut short
	}
	p.suites.Total++
	p.coverage(pkg, rest)
	if !p.countSuite(verdict, rest) {
		return
	}
	ancestors := failedAncestors(pkg.failed)
	shown := shownTests(pkg.failed, ancestors)
	shown = p.attachPanic(pkg, shown, ancestors)
	for _, r := range pkg.races {
		// A race outside any test's verdict: the package's.
		shown = append(shown, &goTest{keep: true, failed: true, races: []*goRace{r}})
	}
	failedHere := 0
	for _, t := range shown {
		if t.name != "" {
			failedHere++
		}
		p.addFailure(pkg, t)
	}
	p.tests.Failed += failedHere
	if (verdict == "FAIL" || verdict == "fail") && len(shown) == 0 {
		p.binaryFailed(pkg)
		return
	}
	p.packageLeftovers(pkg, len(shown) > 0)
}

// countSuite counts a package by its verdict and the result line's rest;
// false when the package's tests never ran (a failed build or setup, whose
// errors the build block reported), so there are no tests to report.
func (p *goTestParser) countSuite(verdict, rest string) bool {
	switch {
	case verdict == "?" || verdict == "skip" || strings.Contains(rest, "[no test files]"):
		p.suites.Skipped++
	case verdict == "ok" || verdict == "pass":
		p.suites.Passed++
		if strings.Contains(rest, "[no tests to run]") {
			p.noTests++
		}
	case strings.Contains(rest, "[build failed]") || strings.Contains(rest, "[setup failed]"):
		p.suites.Failed++
		p.suites.Errors++
		return false
	default:
		p.suites.Failed++
	}
	return true
}

// failedAncestors names the tests that are parents of a failed subtest: go
// test fails a parent with its child, and the child is the one that says why.
func failedAncestors(failed []*goTest) map[string]bool {
	var ancestors map[string]bool // nil, read as empty, until a subtest failed
	for _, t := range failed {
		for i := strings.IndexByte(t.name, '/'); i > 0; {
			if ancestors == nil {
				ancestors = map[string]bool{}
			}
			ancestors[t.name[:i]] = true
			j := strings.IndexByte(t.name[i+1:], '/')
			if j < 0 {
				break
			}
			i += j + 1
		}
	}
	return ancestors
}

// shownTests is the failed tests worth a failure each: a parent only when
// it failed on its own (a message or a race of its own), not merely by its
// subtests.
func shownTests(failed []*goTest, ancestors map[string]bool) []*goTest {
	var shown []*goTest
	for _, t := range failed {
		if !ancestors[t.name] || t.own || len(t.races) > 0 {
			shown = append(shown, t)
		}
	}
	return shown
}

// attachPanic gives the package's panic to the test it belongs to: the
// running tests of a timeout, or the last test that failed.
func (p *goTestParser) attachPanic(pkg *goPkg, shown []*goTest, ancestors map[string]bool) []*goTest {
	pn := pkg.panic
	if pn == nil {
		return shown
	}
	if pn.timeout {
		return p.timeouts(pkg, pn, shown)
	}
	// The panic ends the binary: it belongs to the last test that
	// failed, not to that test's parents.
	var target *goTest
	for i := len(pkg.failed) - 1; i >= 0; i-- {
		if !ancestors[pkg.failed[i].name] {
			target = pkg.failed[i]
			break
		}
	}
	if target == nil {
		target = &goTest{keep: true, failed: true}
		shown = append(shown, target)
	}
	target.panic = pn
	p.stopped(pkg, target)
	return shown
}

// binaryFailed reports a package whose binary failed without a test saying
// why (os.Exit, a crash in TestMain): what it printed is the reason.
func (p *goTestParser) binaryFailed(pkg *goPkg) {
	f := report.Failure{Kind: report.KindError, File: p.pkgDir(pkg.name), Message: "FAIL " + pkg.name}
	if pkg.exit != "" {
		f.Message += " (" + pkg.exit + ")"
	}
	if len(pkg.stray) > 0 {
		f.Details = pkg.stray
	}
	p.b.AddFailure(f)
	p.b.OmitKey(report.OmitMessageLines, pkg.strayN-len(pkg.stray))
}

// packageLeftovers accounts for the package's lines no failure took: its
// exit status line, and its stray lines, which are noise beside failures
// and notes in a run that has none.
func (p *goTestParser) packageLeftovers(pkg *goPkg, failures bool) {
	if pkg.exit != "" {
		p.b.OmitKey(report.OmitExitStatusLines, 1)
	}
	if failures {
		// Output of the package's passing tests, printed while they
		// ran: the failures say what failed.
		p.b.OmitKey(report.OmitOtherTestsOutput, pkg.strayN)
		return
	}
	for _, s := range pkg.stray {
		p.other(s)
	}
	p.b.OmitKey(report.OmitOtherLines, pkg.strayN-len(pkg.stray))
}

// timeouts marks the tests a timeout panic names as running (the innermost
// ones) as timed out, with the user frames of the goroutines not waiting on
// a subtest.
func (p *goTestParser) timeouts(pkg *goPkg, pn *goPanic, shown []*goTest) []*goTest {
	var leaves []string
	for _, n := range pn.running {
		leaf := true
		for _, o := range pn.running {
			if strings.HasPrefix(o, n+"/") {
				leaf = false
				break
			}
		}
		if leaf {
			leaves = append(leaves, n)
		}
	}
	if len(leaves) == 0 {
		leaves = []string{""}
	}
	for i, n := range leaves {
		t := pkg.running.get(n)
		if t == nil {
			t = &goTest{name: n, keep: true}
		}
		pkg.running.remove(n)
		t.failed = true
		if i == 0 {
			t.panic = pn
		} else {
			t.panic = &goPanic{msg: pn.msg, timeout: true}
		}
		shown = append(shown, t)
	}
	return shown
}

// addFailure turns a failed test into the report's failure.
func (p *goTestParser) addFailure(pkg *goPkg, t *goTest) {
	m := t.message(p.opt.DetailLimit(), p.place)
	f := report.Failure{Kind: report.KindAssertion, Name: t.name, Message: m.msg, Details: m.details}
	switch {
	case filepath.IsAbs(m.file):
		// A script testscript names by an absolute path.
		f.File, f.Line = p.place(m.file), m.line
	case m.file != "":
		f.File, f.Line = p.testFile(pkg.name, m.file), m.line
	default:
		f.File = p.pkgDir(pkg.name)
	}
	more := m.more
	if !t.keep {
		// Off the page: the page line counts the whole failure, none
		// of its lines (its text was dropped, or is held for the
		// builder's Every alone, which counts nothing).
		more = 0
	}
	if len(t.races) > 0 {
		f.Kind = report.KindRace
		det := ownLines(m, f.Details)
		f.Message, f.Details = "WARNING: DATA RACE", nil
		placed := false
		for _, r := range t.races {
			if !placed && r.location != nil {
				f.File, f.Line, placed = r.location.File, r.location.Line, true
			}
			f.Details = append(f.Details, r.details...)
			p.b.OmitKey(report.OmitStackFrames, r.dropped)
		}
		f.Details = append(f.Details, det...)
	}
	if pn := t.panic; pn != nil {
		f.Kind = report.KindPanic
		if pn.timeout {
			f.Kind = report.KindTimeout
		}
		det := ownLines(m, f.Details)
		f.Message, f.Details = pn.msg, append(append([]string{}, pn.details...), det...)
		frames := pn.frames
		if len(frames) > 0 {
			f.File, f.Line, frames = frames[0].File, frames[0].Line, frames[1:]
		}
		if limit := p.opt.FrameLimit(); len(frames) > limit {
			pn.dropped += len(frames) - limit
			frames = frames[:limit]
		}
		f.Frames = frames
		p.b.OmitKey(report.OmitStackFrames, pn.dropped)
	}
	if limit := p.opt.DetailLimit(); (t.panic != nil || len(t.races) > 0) && len(f.Details) > limit {
		// An assertion's details were cut by message, which keeps a
		// diff whole.
		if t.keep {
			more += len(f.Details) - limit
		}
		f.Details = f.Details[:limit]
	}
	p.b.OmitKey(report.OmitMessageLines, more)
	p.b.AddFailure(f)
}

// holds reports whether t's text is kept: when its failure can reach the
// page, or when every failure is wanted whole (report.Builder.KeepsAll).
func (p *goTestParser) holds(t *goTest) bool { return t.keep || p.b.KeepsAll() }

// ownLines is what the test printed, as details under another message (a
// panic's, a race's): the first line gets its file:line back.
func ownLines(m goMessage, details []string) []string {
	var out []string
	switch {
	case m.msg != "" && m.file != "":
		out = append(out, m.file+":"+strconv.Itoa(m.line)+": "+m.msg)
	case m.msg != "":
		out = append(out, m.msg)
	}
	return append(out, details...)
}

func (p *goTestParser) other(s string) {
	p.notes++
	if p.notes <= 10 {
		p.b.Note(s)
	} else {
		p.b.OmitKey(report.OmitOtherLines, 1)
	}
}

func (p *goTestParser) end() {
	p.endBuild()
	// Packages whose result line never came (cut output): what was read
	// is reported.
	for _, pkg := range p.pkgs {
		if len(pkg.failed) > 0 || pkg.panic != nil || pkg.race != nil || len(pkg.races) > 0 {
			p.endPackage(pkg, "FAIL", "")
			p.b.Note("output ends before the package result line of " + orUnknown(pkg.name))
		} else if pkg.strayN > 0 {
			for _, s := range pkg.stray {
				p.other(s)
			}
			p.b.OmitKey(report.OmitOtherLines, pkg.strayN-len(pkg.stray))
		}
	}
	if !p.counted && p.suites.Total == 0 && p.tests == (report.Counts{}) {
		return // nothing go test prints: no counts to give
	}
	if p.noTests > 0 && p.noTests == p.suites.Passed && p.suites.Failed == 0 && p.tests == (report.Counts{}) {
		// A -run pattern that matches nothing: no test ran, which
		// is not a pass.
		p.b.SetNoTestsRan()
	}
	p.coverNote()
	if p.counted {
		p.tests.Total = p.tests.Passed + p.tests.Failed + p.tests.Skipped
		p.b.OmitKey(report.OmitPassedTests, p.tests.Passed)
	} else {
		// Only failures are listed: the total is at least them.
		p.tests.Total = p.tests.Failed
		p.b.SetTestsPartial()
	}
	p.b.AddTests(p.tests)
	if p.suites.Total > 0 {
		p.b.AddSuites(p.suites)
	}
}

func orUnknown(s string) string {
	if s == "" {
		return "a package"
	}
	return s
}

// goFuncName shortens a stack trace's function line to what locates it:
// "example.com/m/geom.Area(...)" becomes "geom.Area".
func goFuncName(fn string) string {
	if rest, ok := strings.CutPrefix(fn, "created by "); ok {
		rest, _, _ = strings.Cut(rest, " in goroutine ")
		return "created by " + goFuncName(rest)
	}
	if strings.HasSuffix(fn, ")") {
		depth := 0
		for i := len(fn) - 1; i >= 0; i-- {
			switch fn[i] {
			case ')':
				depth++
			case '(':
				depth--
				if depth == 0 {
					fn = fn[:i]
					i = -1
				}
			}
		}
	}
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		if j := strings.LastIndexByte(fn[:i], '/'); isMajorVersion(fn[i+1:]) && j < i {
			// ".../cli/v3.(*T).M" is package cli's, not "v3".
			fn = fn[j+1:i] + fn[i+1+strings.IndexByte(fn[i+1:], '.'):]
		} else {
			fn = fn[i+1:]
		}
	}
	return fn
}

// isMajorVersion reports whether s starts with a module major version
// element followed by a name: "v3.(*T).M".
func isMajorVersion(s string) bool {
	dot := strings.IndexByte(s, '.')
	if dot < 2 || s[0] != 'v' {
		return false
	}
	_, err := strconv.Atoi(s[1:dot])
	return err == nil
}

// goStd lists the top-level standard library packages whose frames are the
// runtime's or the test harness's, never the user's.
var goStd = map[string]bool{
	"runtime": true, "testing": true, "sync": true, "time": true, "reflect": true, "internal": true,
	"os": true, "syscall": true, "fmt": true, "io": true, "net": true, "context": true, "panic": true,
	"errors": true, "strings": true, "bytes": true, "strconv": true, "sort": true, "slices": true,
	"maps": true, "encoding": true, "math": true, "bufio": true, "log": true, "regexp": true, "unicode": true,
}

// goFrameOrigin classifies a Go frame by its file (the module cache, a Go
// root at /usr/local/go) and by its function's package: GOROOT is not
// always /usr/local/go, and the standard library's packages have no dot in
// their first path element.
func goFrameOrigin(fn, path string) filters.Origin {
	if o := filters.Classify(report.Frame{File: path}); o != filters.User {
		return o
	}
	if strings.HasSuffix(path, "_testmain.go") {
		return filters.Runtime
	}
	fn = strings.TrimPrefix(fn, "created by ")
	pkgPath := fn
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		if j := strings.IndexByte(fn[i:], '.'); j >= 0 {
			pkgPath = fn[:i+j]
		}
	} else if j := strings.IndexAny(fn, ".("); j >= 0 {
		pkgPath = fn[:j]
	}
	first, _, _ := strings.Cut(pkgPath, "/")
	if goStd[first] {
		return filters.Runtime
	}
	return filters.User
}

// goCoverRe reads -cover's figure: "coverage: 81.2% of statements", after a
// package's result line or alone before it, or "\tpkg\t\tcoverage: ..." for
// a package without tests.
var goCoverRe = filters.Lazy(`^(?:\s*(\S+)\s+)?coverage: ([0-9.]+%|\[no statements\])(?: of statements)?`)

// coverLine reads a line of -cover output that is no test's; false if the
// line is not one.
func (p *goTestParser) coverLine(pkg *goPkg, line string) bool {
	if !strings.Contains(line, "coverage: ") {
		return false
	}
	m := goCoverRe.FindStringSubmatch(line)
	if m == nil {
		return false
	}
	if m[1] != "" {
		// A package without test files: this line is its result.
		p.covers = append(p.covers, p.pkgDir(m[1])+" "+m[2])
		p.suites.Total++
		p.suites.Skipped++
		if pkg.key == m[1] {
			pkg.noTestFiles = true // -json: its "pass" event follows
		}
		return true
	}
	pkg.cover = m[2]
	return true
}

// coverage records a package's -cover figure, from its result line or the
// line before it.
func (p *goTestParser) coverage(pkg *goPkg, rest string) {
	fig := pkg.cover
	if i := strings.Index(rest, "coverage: "); i >= 0 {
		if m := goCoverRe.FindStringSubmatch(rest[i:]); m != nil {
			fig = m[2]
		}
	}
	if fig != "" {
		p.covers = append(p.covers, p.pkgDir(pkg.name)+" "+fig)
	}
}

// coverNote puts -cover's figures in one note.
func (p *goTestParser) coverNote() {
	const most = 20
	if len(p.covers) == 0 {
		return
	}
	shown := p.covers[:min(len(p.covers), most)]
	p.b.Note("coverage: " + strings.Join(shown, ", "))
	p.b.OmitKey(report.OmitCoverageFigures, len(p.covers)-len(shown))
}

// stopped notes that a panic ended the package's test binary: the tests
// after it never ran, and those started are unfinished.
func (p *goTestParser) stopped(pkg *goPkg, target *goTest) {
	where := "the panic"
	if target.name != "" {
		where += " in " + target.name
	}
	s := where + " stopped " + orUnknown(pkg.name) + ": its later tests did not run"
	unfinished := 0
	pkg.running.names(func(name string) {
		if !pkg.parents[name] && name != target.name {
			unfinished++
		}
	})
	if unfinished > 0 {
		s += fmt.Sprintf(" (%d started and unfinished)", unfinished)
	}
	p.b.Note(s)
}
