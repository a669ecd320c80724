package filters

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/acarl005/stripansi"
	"github.com/terse-dev/terse/report"
)

func TestStripANSI(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "no escapes here", "no escapes here"},
		{"sgr", "\x1b[1m\x1b[31mFAIL\x1b[39m\x1b[22m src/a.test.js", "FAIL src/a.test.js"},
		{"jest code frame", "\x1b[31m\x1b[1m>\x1b[22m\x1b[39m\x1b[90m 13 |\x1b[39m", "> 13 |"},
		// OSC 8 hyperlink as gcc, cargo and ls --hyperlink print it, with ST and with BEL.
		{"osc8 st", "see \x1b]8;;https://example.com/docs/E0308\x1b\\E0308\x1b]8;;\x1b\\ for details", "see E0308 for details"},
		{"osc8 bel", "\x1b]8;id=1;file:///home/u/src/main.c\x07main.c\x1b]8;;\x07:3:5: error", "main.c:3:5: error"},
		{"osc title", "\x1b]0;my window title with spaces\x07prompt$", "prompt$"},
		{"osc unterminated", "text\x1b]8;;http://x", "text"},
		{"cursor", "\x1b[2K\x1b[1Gdone", "done"},
		{"utf8 kept", "Ûber › ● naïve \u2192", "Ûber › ● naïve \u2192"},
		{"charset", "\x1b(Bplain\x1b=", "plain"},
		{"csi cut short", "\x1b[31", ""},
		{"8-bit csi", "\u009b1mbold", "bold"},
	}
	for _, c := range cases {
		if got := StripANSI(c.in); got != c.want {
			t.Errorf("%s: StripANSI(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

// The scanner must agree with stripansi (the regexp the design card names)
// on every line of real coloured output, where stripansi is right: SGR and
// cursor sequences, no OSC.
func TestStripANSIAgreesWithStripansi(t *testing.T) {
	files, _ := filepath.Glob("../../profiles/*/testdata/captures/*color*")
	if len(files) == 0 {
		t.Fatal("no coloured captures")
	}
	lines := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if strings.Contains(l, "\x1b]") {
				continue
			}
			lines++
			if got, want := StripANSI(l), stripansi.Strip(l); got != want {
				t.Fatalf("%s: StripANSI(%q) = %q, stripansi gives %q", f, l, got, want)
			}
		}
	}
	if lines < 100 {
		t.Fatalf("only %d lines compared", lines)
	}
}

func TestCleanLineDropsControls(t *testing.T) {
	cases := map[string]string{
		"\x1b":                    "",
		"bell\x07 and bs\x08":     "bell and bs",
		"tab\tkept":               "tab\tkept",
		"c1 \u009b31mred":         "c1 red",
		"\x1b[31mred\x1b[0m \x1b": "red ",
	}
	for in, want := range cases {
		if got := CleanLine(in); got != want {
			t.Errorf("CleanLine(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestResolveCR(t *testing.T) {
	cases := []struct{ in, want string }{
		{"progress 10%\rprogress 50%\rprogress 100%", "progress 100%"},
		{"abcdef\rXY", "XYcdef"},
		{"windows line\r", "windows line"},
		{"no cr", "no cr"},
	}
	for _, c := range cases {
		if got := ResolveCR(c.in); got != c.want {
			t.Errorf("ResolveCR(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func readAll(t *testing.T, lr *LineReader) []string {
	t.Helper()
	var out []string
	for {
		l, _, err := lr.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(l))
	}
}

func TestLineReader(t *testing.T) {
	lr := NewLineReader(strings.NewReader("a\nb\r\n\nlast"))
	got := readAll(t, lr)
	want := []string{"a", "b", "", "last"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("lines = %q, want %q", got, want)
	}
	if lr.CutLines != 0 {
		t.Fatalf("CutLines = %d", lr.CutLines)
	}
}

// A 10 MB line must neither abort the read (bufio.Scanner's failure) nor be
// held whole in memory; the cut is counted to the byte.
func TestLineReaderLongLine(t *testing.T) {
	long := bytes.Repeat([]byte("x"), 10<<20)
	in := append(append([]byte("before\n"), long...), []byte("\nafter\n")...)
	lr := NewLineReader(bytes.NewReader(in))
	var lines []string
	for {
		l, cut, err := lr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if cut && len(l) != DefaultMaxLine {
			t.Errorf("cut line kept %d bytes, want %d", len(l), DefaultMaxLine)
		}
		lines = append(lines, string(l[:min(len(l), 10)]))
	}
	if len(lines) != 3 || lines[0] != "before" || lines[2] != "after" {
		t.Fatalf("lines = %q", lines)
	}
	if lr.CutLines != 1 || lr.CutBytes != int64(len(long)-DefaultMaxLine) {
		t.Fatalf("cut %d lines, %d bytes; want 1, %d", lr.CutLines, lr.CutBytes, len(long)-DefaultMaxLine)
	}
	if lr.Bytes != int64(len(in)) {
		t.Fatalf("Bytes = %d, want %d", lr.Bytes, len(in))
	}
}

func TestLineReaderLongLastLine(t *testing.T) {
	in := bytes.Repeat([]byte("y"), DefaultMaxLine+10)
	lr := NewLineReader(bytes.NewReader(in))
	got := readAll(t, lr)
	if len(got) != 1 || lr.CutBytes != 10 {
		t.Fatalf("got %d lines, cut %d bytes; want 1 line, 10 bytes", len(got), lr.CutBytes)
	}
}

func TestParseJSFrame(t *testing.T) {
	cases := []struct {
		in   string
		want report.Frame
		ok   bool
	}{
		{"      at Object.toBe (__tests__/a.test.js:13:26)", report.Frame{Func: "Object.toBe", File: "__tests__/a.test.js", Line: 13, Col: 26}, true},
		{"at new SemVer (node_modules/semver/classes/semver.js:56:13)", report.Frame{Func: "new SemVer", File: "node_modules/semver/classes/semver.js", Line: 56, Col: 13}, true},
		{"    at /abs/file.js:3:1", report.Frame{File: "/abs/file.js", Line: 3, Col: 1}, true},
		{"          at Array.map (<anonymous>)", report.Frame{Func: "Array.map", File: "<anonymous>"}, true},
		{"attention please", report.Frame{}, false},
		{"at least one assertion was expected", report.Frame{}, false},
		{"at async Promise.all (index 0)", report.Frame{Func: "async Promise.all", File: "index 0"}, true},
		{"at Object.<anonymous> (src/x.ts:31)", report.Frame{Func: "Object.<anonymous>", File: "src/x.ts", Line: 31}, true},
	}
	for _, c := range cases {
		got, ok := ParseJSFrame(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("ParseJSFrame(%q) = %+v, %v; want %+v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestClassify(t *testing.T) {
	cases := map[string]Origin{
		"src/api.ts":                                  User,
		"src/internal/thing.js":                       User,
		"node_modules/pg/lib/pool.js":                 Dependency,
		"/app/node_modules/jest-circus/build/x.js":    Dependency, // Runtime by jest's profile: TestMarkersClassify
		"node:internal/process/task_queues":           Runtime,
		"<anonymous>":                                 Runtime,
		"/usr/lib/python3/dist-packages/_pytest/x.py": Dependency,
		"/root/go/pkg/mod/github.com/x/y@v1/z.go":     Dependency,
		"/usr/local/go/src/testing/testing.go":        Runtime,
		"tests/test_api.py":                           User,
		"":                                            Runtime,
	}
	for file, want := range cases {
		if got := Classify(report.Frame{File: file}); got != want {
			t.Errorf("Classify(%q) = %v, want %v", file, got, want)
		}
	}
}

// A runner's markers make its own packages runtime wherever they sit, and
// add dependencies the generic rules do not know; without markers the
// generic rules stand.
func TestMarkersClassify(t *testing.T) {
	m := Markers{Runtime: []string{"/jest-circus/", "/expect/build/"}, Dependency: []string{"/third_party/"}}
	cases := []struct {
		file    string
		generic Origin
		marked  Origin
	}{
		{"/app/node_modules/jest-circus/build/x.js", Dependency, Runtime},
		{"/src/jest/packages/jest-circus/build/run.js", User, Runtime},
		{"/src/jest/packages/expect/build/index.js", User, Runtime},
		{"src/third_party/lib.js", User, Dependency},
		{"node:internal/process/task_queues", Runtime, Runtime},
		{"node_modules/pg/lib/pool.js", Dependency, Dependency},
		{"src/api.ts", User, User},
	}
	for _, c := range cases {
		fr := report.Frame{File: c.file, Line: 1}
		if got := Classify(fr); got != c.generic {
			t.Errorf("Classify(%q) = %v, want %v", c.file, got, c.generic)
		}
		if got := m.Classify(fr); got != c.marked {
			t.Errorf("markers.Classify(%q) = %v, want %v", c.file, got, c.marked)
		}
	}
}

func TestTrimDiff(t *testing.T) {
	diff := []string{
		"  Object {",
		"    \"address\": Object {",
		"      \"city\": \"Berlin\",",
		"      \"country\": \"DE\",",
		"-     \"zip\": \"10117\",",
		"+     \"zip\": \"10115\",",
		"    },",
		"    \"id\": 42,",
		"    \"name\": \"Ada\",",
		"  }",
	}
	got, dropped := TrimDiff(diff, 1)
	want := []string{
		"  Object {",
		"    \"address\": Object {",
		"  …",
		"      \"country\": \"DE\",",
		"-     \"zip\": \"10117\",",
		"+     \"zip\": \"10115\",",
		"    },",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("TrimDiff =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if dropped != 4 {
		t.Fatalf("dropped = %d, want 4", dropped)
	}
	if kept, n := TrimDiff([]string{"-a", "+b"}, 1); len(kept) != 2 || n != 0 {
		t.Fatalf("all-change diff: %q, %d", kept, n)
	}
}

// FuzzCleanLine: whatever the input, the result holds no escape or control
// byte, and cleaning is idempotent.
func FuzzCleanLine(f *testing.F) {
	for _, s := range []string{"\x1b[31mred\x1b[0m", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "a\rb", "\u009b1m", "\x1b(B", "\x1b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := CleanLine(s)
		for i := 0; i < len(got); i++ {
			if c := got[i]; (c < 0x20 && c != '\t') || c == 0x7f {
				t.Fatalf("CleanLine(%q) = %q keeps control byte %#x", s, got, c)
			}
		}
		if again := CleanLine(got); again != got {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, got, again)
		}
	})
}

func TestStackFilter(t *testing.T) {
	in := []string{
		"Error: boom",
		"    at userFn (src/a.js:1:2)",
		"    at dep (node_modules/x/y.js:3:4)",
		"    at other (src/b.js:5:6)",
		"    at third (src/c.js:7:8)",
		"    at fourth (src/d.js:9:9)",
		"    at node:internal/main:1:1",
		"after the trace",
		"main.main()",
		"not a go frame",
	}
	s := StackFilter{Limit: 3}
	var out []string
	for _, l := range in {
		s.Feed(l, func(x string) { out = append(out, x) })
	}
	s.Flush(func(x string) { out = append(out, x) })
	want := []string{"Error: boom", "    at userFn (src/a.js:1:2)", "    at other (src/b.js:5:6)",
		"    at third (src/c.js:7:8)", "after the trace", "main.main()", "not a go frame"}
	if strings.Join(out, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(out, "\n"), strings.Join(want, "\n"))
	}
	if s.Dropped != 3 {
		t.Fatalf("dropped %d, want 3 (a dependency, a fourth user frame, the runtime)", s.Dropped)
	}
}

// cleanLineOracle is CleanLine as it was before the single-scan fast path
// (strip, resolve CR, mend UTF-8, drop controls, each pass on its own), the
// oracle of FuzzCleanLineOracle.
func cleanLineOracle(s string) string {
	s = ResolveCR(stripANSIOracle(s))
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return dropControlsOracle(s)
}

func stripANSIOracle(s string) string {
	if !hasEscape(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b && i+1 < len(s):
			i = skipEscape(s, i+1)
		case c == 0x1b:
			i++
		case c == 0xc2 && i+1 < len(s) && s[i+1] == 0x9b:
			i = skipCSI(s, i+2)
		case c == 0xc2 && i+1 < len(s) && s[i+1] == 0x9d:
			i = skipOSC(s, i+2)
		default:
			b = append(b, c)
			i++
		}
	}
	return string(b)
}

func dropControlsOracle(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20 && c != '\t', c == 0x7f:
			continue
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
			i++
			continue
		}
		b = append(b, c)
	}
	return string(b)
}

// cleanSeeds are lines that reach each branch of CleanLine: printable
// runs longer than a word, tabs, every control, DEL, C1 controls, 8-bit
// CSI and OSC, escapes that split or join UTF-8 characters, carriage
// returns, invalid bytes, U+FFFD itself.
var cleanSeeds = []string{
	"", "plain text that is longer than eight bytes", "\tindented\twith tabs", "~~~~~~~~\x7f", "        \x1f",
	"\x1b[31mred\x1b[0m", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "a\rb", "progress 10%\rprogress 100%\r",
	"\u009b1m", "\u009d0;t\u009c", "\u0085next", "\x1b(B", "\x1b", "\x1b(\xc3\xa9", "\xe2\x1b[m\x82\xac",
	"\xff\xfe", "ok \uFFFD", "é\u00a0€😀", "abcdefg\xc2", "\xc2\x9b", "a\x00b\x08c\x07", strings.Repeat("x", 300) + "\x1b[1m",
	"\x1b[1m" + strings.Repeat("é", 200) + "\r" + strings.Repeat("y", 10),
	"\r\rab\r\x1b[1m\rabc\r\r", "\rx", "long line\rshort\x00\r", "a\r" + strings.Repeat("b", 300) + "\rc",
}

// TestCleanLineOracle compares CleanLine with the oracle on the seeds
// and on every line of the captures in testdata.
func TestCleanLineOracle(t *testing.T) {
	lines := cleanSeeds
	files, _ := filepath.Glob("../../profiles/*/testdata/captures/*")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	for _, s := range lines {
		if got, want := CleanLine(s), cleanLineOracle(s); got != want {
			t.Errorf("CleanLine(%q) = %q, the oracle %q", s, got, want)
		}
		if got, want := CleanBytes([]byte(s)), cleanLineOracle(s); got != want {
			t.Errorf("CleanBytes(%q) = %q, the oracle %q", s, got, want)
		}
		if got, want := StripANSI(s), stripANSIOracle(s); got != want {
			t.Errorf("StripANSI(%q) = %q, the oracle %q", s, got, want)
		}
	}
}

// FuzzCleanLineOracle: CleanLine and StripANSI are byte-identical to the
// oracle on any input.
//
//	go test ./filters -run '^$' -fuzz FuzzCleanLineOracle -fuzztime 60s
func FuzzCleanLineOracle(f *testing.F) {
	for _, s := range cleanSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := CleanLine(s), cleanLineOracle(s); got != want {
			t.Fatalf("CleanLine(%q) = %q, the oracle %q", s, got, want)
		}
		if got, want := CleanBytes([]byte(s)), cleanLineOracle(s); got != want {
			t.Fatalf("CleanBytes(%q) = %q, the oracle %q", s, got, want)
		}
		if got, want := StripANSI(s), stripANSIOracle(s); got != want {
			t.Fatalf("StripANSI(%q) = %q, the oracle %q", s, got, want)
		}
	})
}

// TestPrintableWord checks the eight-byte test against the byte test on
// every byte value in every position.
func TestPrintableWord(t *testing.T) {
	for pos := range 8 {
		for c := range 256 {
			w := []byte("abcdefgh")
			w[pos] = byte(c)
			if got, want := lookMask(string(w)) == 0, c >= 0x20 && c <= 0x7e; got != want {
				t.Errorf("byte %#x at %d: lookMask 0 %v, want %v", c, pos, got, want)
			}
			if got, want := lookMask4(string(w[pos/4*4:][:4])) == 0, c >= 0x20 && c <= 0x7e; got != want {
				t.Errorf("byte %#x at %d: lookMask4 0 %v, want %v", c, pos%4, got, want)
			}
			if got, want := printableBytes(w), c >= 0x20 && c <= 0x7e; got != want {
				t.Errorf("byte %#x at %d: printableBytes %v, want %v", c, pos, got, want)
			}
		}
	}
}

// TestCleanLineVisibleNoCopy: a line with nothing to clean is returned
// as it is, without an allocation.
func TestCleanLineVisibleNoCopy(t *testing.T) {
	line := strings.Repeat("  at fn (src/a.js:1:2) é€\t", 4)
	if n := testing.AllocsPerRun(100, func() { _ = CleanLine(line) }); n != 0 {
		t.Errorf("CleanLine of a visible line allocates %v times", n)
	}
}

// checkPrefilters: wherever a frame regexp of StackFilter matches, the
// literal test Feed puts before it passes, so the tests never change what
// Feed keeps.
func checkPrefilters(t *testing.T, line string) {
	t.Helper()
	goCase := line != "" && line[0] != ' ' && line[0] != '\t' && strings.HasSuffix(line, ")") || strings.Contains(line, ") in goroutine ")
	if goCase && goFuncRe.MatchString(line) && !goFuncCandidate(line) {
		t.Errorf("goFuncRe matches %q, goFuncCandidate rejects it", line)
	}
	if goFileRe.MatchString(line) && !(strings.HasPrefix(line, "\t") && strings.Contains(line, ".go:")) {
		t.Errorf("goFileRe matches %q, the literal test rejects it", line)
	}
	tl := strings.TrimLeft(line, " \t")
	if strings.HasPrefix(tl, "at ") && javaFrameRe.MatchString(line) && !(tl != line && strings.HasSuffix(line, ")")) {
		t.Errorf("javaFrameRe matches %q, the literal test rejects it", line)
	}
}

var prefilterSeeds = []string{
	"main.main()", "created by main.f in goroutine 1", "created by testing.(*T).Run in goroutine 7",
	"main.(*T).f(0xc000, {0x1, 0x2})", "goroutine 1 [running]:", "(x)(y)", "a(b) in goroutine 3",
	"\t/src/a.go:12 +0x1d", "\tC:/a b.go:3", "    at com.x.Y.z(Y.java:10)", "\tat a(b)", "at a(b)",
	"    at fn (src/a.js:1:2)", "PASS (3 ms)", "x (y)", "_(", "[]()",
}

// TestStackPrefilters runs checkPrefilters on the seeds and on every line
// of the captures in testdata.
func TestStackPrefilters(t *testing.T) {
	lines := prefilterSeeds
	files, _ := filepath.Glob("../../profiles/*/testdata/captures/*")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	for _, l := range lines {
		checkPrefilters(t, CleanLine(l))
	}
}

// FuzzStackPrefilters runs checkPrefilters on any line.
func FuzzStackPrefilters(f *testing.F) {
	for _, s := range prefilterSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkPrefilters(t, s) })
}

// benchLines is the lines of real captures, plain and coloured.
func benchLines(b *testing.B, files ...string) ([]string, int) {
	b.Helper()
	var lines []string
	size := 0
	for _, f := range files {
		data, err := os.ReadFile("../../profiles/" + f)
		if err != nil {
			b.Fatal(err)
		}
		size += len(data)
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	return lines, size
}

// BenchmarkCleanLine cleans every line of jest, pytest and go test
// captures, plain and coloured.
func BenchmarkCleanLine(b *testing.B) {
	for _, c := range []struct {
		name  string
		files []string
	}{
		{"plain", []string{"jest/testdata/captures/many.verbose.txt", "pytest/testdata/captures/brackets.q.txt", "gotest/testdata/captures/mixed.v.txt"}},
		{"color", []string{"jest/testdata/captures/many.color.txt", "pytest/testdata/captures/brackets.color.txt"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			lines, size := benchLines(b, c.files...)
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, l := range lines {
					_ = CleanLine(l)
				}
			}
		})
	}
}

// BenchmarkStackFilter feeds the lines of captures with stack traces.
func BenchmarkStackFilter(b *testing.B) {
	lines, size := benchLines(b, "jest/testdata/captures/many.verbose.txt", "gotest/testdata/captures/mixed.v.txt", "generic/testdata/captures/crash-go.txt",
		"generic/testdata/captures/crash-python.txt", "generic/testdata/captures/crash-java.txt", "generic/testdata/captures/crash-node.txt")
	b.SetBytes(int64(size))
	for b.Loop() {
		s := StackFilter{Limit: 3}
		for _, l := range lines {
			s.Feed(l, func(string) {})
		}
		s.Flush(func(string) {})
	}
}

// lookMask's lowest bit is the first byte outside 0x20 to 0x7e, whatever
// the bytes after it (a borrow or a carry from it may flag the next): every
// byte value at every place, with every byte value after it.
func TestLookMaskFirst(t *testing.T) {
	for pos := range 8 {
		for c := range 256 {
			if c >= 0x20 && c <= 0x7e {
				continue
			}
			for after := range 256 {
				w := []byte("abcdefgh")
				w[pos] = byte(c)
				if pos < 7 {
					w[pos+1] = byte(after)
				}
				m := lookMask(string(w))
				if m == 0 || firstLook(m) != pos {
					t.Fatalf("%q: lookMask %#x, first at %d, want %d", w, m, firstLook(m), pos)
				}
			}
		}
	}
}

// visibleByBytes is visible read a byte at a time: every byte of needsLook
// is ASCII (not visible) or starts a character, which is visible when it is
// valid UTF-8 from U+00A0 up.
func visibleByBytes(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case !needsLook[c]:
			i++
		case c < utf8.RuneSelf:
			return false
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r < 0xa0 || r == utf8.RuneError && n == 1 {
				return false
			}
			i += n
		}
	}
	return true
}

// visible answers as visibleByBytes on every line of one to forty bytes of
// printable ASCII with one or two of the bytes that need a look put in
// anywhere: ‘quotes’, tabs, escapes, C1 controls, invalid bytes, cut
// characters, runs of them.
func TestVisibleAsByBytes(t *testing.T) {
	odd := []string{"‘", "’", "\t", "\x1b", "\r", "\x7f", "\xc2\x85", "\xc2\xa0", "é", "✓", "⎯", "\xe2\x80", "\xff", "\x80", "𝄞", "\xed\xa0\x80", "\t\t"}
	for n := 1; n <= 40; n++ {
		base := strings.Repeat("x", n)
		for _, a := range odd {
			for i := 0; i <= n; i++ {
				one := base[:i] + a + base[i:]
				if got, want := visible(one), visibleByBytes(one); got != want {
					t.Fatalf("visible(%q) = %v, a byte at a time %v", one, got, want)
				}
				for _, b := range odd {
					for j := i; j <= n; j += 3 {
						two := base[:i] + a + base[i:j] + b + base[j:]
						if got, want := visible(two), visibleByBytes(two); got != want {
							t.Fatalf("visible(%q) = %v, a byte at a time %v", two, got, want)
						}
					}
				}
			}
		}
	}
}

// FuzzVisible: visible answers as visibleByBytes on any input.
func FuzzVisible(f *testing.F) {
	for _, s := range []string{"gcc: error: ‘x’ undeclared (first use in this function)", "\tat x", "✓ ok", "a\x1b[0m", "\xe2\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := visible(s), visibleByBytes(s); got != want {
			t.Fatalf("visible(%q) = %v, a byte at a time %v", s, got, want)
		}
	})
}

// visible reads a line of 8 to 15 bytes as its first and last 8 bytes, and
// the tail of a longer one, after its whole 16-byte steps, as its last 16
// bytes: a byte to clean in any place is still seen, and a printable line
// passes.
func TestVisibleTail(t *testing.T) {
	for n := 8; n <= 40; n++ {
		line := []byte(strings.Repeat("x", n))
		if !visible(string(line)) {
			t.Errorf("%d printable bytes: not visible", n)
		}
		for pos := range n {
			for _, c := range []byte{0x1b, '\r', 0x7f, 0x80, 0xff} {
				l := append([]byte(nil), line...)
				l[pos] = c
				if visible(string(l)) {
					t.Errorf("%q: visible, with %#x at %d", l, c, pos)
				}
			}
		}
	}
}
