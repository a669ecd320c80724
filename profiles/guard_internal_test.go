package profiles

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/terse-dev/terse/report"

	"github.com/terse-dev/terse/internal/parse"
)

// refFailureSignal is failureSignal as it was written first, plainly: the
// pass forms first, then each form, then each tally word searched
// throughout. The faster one must agree with it on every line.
func refFailureSignal(l string) bool {
	t := strings.TrimLeft(l, " \t")
	if t == "" || parse.PassingLine(t) {
		return false
	}
	if failureFormPlain(l, t) {
		return true
	}
	for _, w := range []string{" failed", " failing", " failures", " error", " errors"} {
		for from := 0; ; {
			i := strings.Index(t[from:], w)
			if i < 0 {
				break
			}
			i += from
			end := i + len(w)
			if (end == len(t) || !parse.IsWordByte(t[end])) && positiveNumberBefore(t, i) {
				return true
			}
			from = end
		}
	}
	return false
}

func TestFailureSignalAgreesWithReference(t *testing.T) {
	lines := append(captureLines(t),
		"3 failed", "Tests: 1 failed, 2 passed", "0 failed", "x3 failed", "10 errors", "1 errorsx", "2 failures.",
		"  4 failing", "1 error", " 1 failed", "1  failed", "007 failed", "1 failed 1 PASSED [", "ok 3 failed",
		" failed", "1 fail", "1 failedx", "x1 failed 2 failed", "a failed, 0 errors, 3 errors", "2 error", "2 errorx 3 failing",
		"1 failures", "9 fail 9 failing", "1 error1 error", "1  errors 1 error")
	n := 0
	for _, l := range lines {
		got, want := failureSignal(l), refFailureSignal(l)
		if got != want {
			t.Errorf("failureSignal(%q) = %v, the reference says %v", l, got, want)
		}
		if want {
			n++
		}
	}
	if n == 0 {
		t.Error("no line signals a failure: the comparison checks nothing")
	}
}

// failureForm's choice by the first byte gives what comparing every form
// gives, on every capture line and on each form's near misses, indented
// and not.
func TestFailureFormByFirstByte(t *testing.T) {
	lines := append(captureLines(t), "FAIL", "FAIL x", "FAILED", "FAILED: x", "FAILx", "FAIL-x", "--- FAIL: T", "--- FAIL",
		"not ok 1 x", "not ok 1 # SKIP", "not ok", "Error: x", "Error:x", "TypeError: x", "Fooerror: x", "FooError: x",
		"not.anError: x", "panic: x", "panicError: x", "make: *** [x] Error 1", "make[2]: *** [x] Error 1", "make[2]: x",
		"makeError: x", "npm error x", "npm ERR! x", "npmError: x", "Traceback (most recent call last):", "TracebackError: x",
		"pError: x", "EError: x", "-Error: x", "_Error: x", "9Error: x", ".a.ValueError: x", "mError: x",
		"× a > b", "×", "×x", "✕ adds", "✕", "✗ failed", "✗x", "✓ adds", "✔ x", "a × b")
	var all []string
	for _, l := range lines {
		all = append(all, l, "  "+l, "\t"+l)
	}
	n := 0
	for _, l := range all {
		tt := trimIndent(l)
		if tt == "" {
			continue
		}
		want := failureFormPlain(l, tt)
		if got := failureForm(l, tt); got != want {
			t.Errorf("failureForm(%q) = %v by the first byte, %v comparing every form", l, got, want)
		}
		if want {
			n++
		}
	}
	if n < 20 {
		t.Errorf("%d lines in a form of failure: the comparison checks little", n)
	}
}

// failedCount eight bytes at a time finds what the walk a byte at a time
// finds, on every capture line, on tallies at every place of a word, and
// next to bytes that differ from a digit or a space by one bit.
func TestFailedCountByWords(t *testing.T) {
	lines := captureLines(t)
	for pad := range 17 {
		p := strings.Repeat("x", pad)
		for _, tally := range []string{"1 failed", "12 errors", "0 failed", "3 failing,", "9 error", "1 failures"} {
			lines = append(lines, p+" "+tally, p+" "+tally+" "+p, "/"+p+tally, p+":"+tally)
		}
		lines = append(lines, p+"1 ", p+"1 f", p+"1 e", p+"1 failed ")
	}
	for _, c := range []byte{'/', ':', '8', '9', '0' | 0x80, ' ' | 0x80, '!', '\x00', 0xb0, 0xa0, 0x39 ^ 0x40} {
		for pad := range 9 {
			b := []byte(strings.Repeat("a", pad) + "1 failed")
			b[pad] = c
			lines = append(lines, string(b))
			b = []byte(strings.Repeat("a", pad) + "1 failed")
			b[pad+1] = c
			lines = append(lines, string(b))
		}
	}
	n := 0
	for _, l := range lines {
		want := failedCountFrom(l, 0)
		if got := failedCount(l); got != want {
			t.Errorf("failedCount(%q) = %v eight bytes at a time, %v a byte at a time", l, got, want)
		}
		if want {
			n++
		}
	}
	if n < 100 {
		t.Errorf("%d lines hold a tally: the comparison checks little", n)
	}
}

// The byte masks mark exactly the digits and the spaces, whatever the
// other bytes of the word.
func TestByteMasks(t *testing.T) {
	for c := range 256 {
		for _, fill := range []byte{0, ' ', '0', '9', 0x7f, 0x80, 0xff, byte(c ^ 1), byte(c + 1), byte(c - 1)} {
			for at := range 8 {
				var b [8]byte
				for i := range b {
					b[i] = fill
				}
				b[at] = byte(c)
				w := load64(string(b[:]))
				dm, sm := digitBytes(w), spaceBytes(w)
				for i := range b {
					bit := uint64(0x80) << (8 * i)
					if got, want := dm&bit != 0, b[i] >= '0' && b[i] <= '9'; got != want {
						t.Fatalf("digitBytes(% x): byte %d marked %v", b, i, got)
					}
					if got, want := sm&bit != 0, b[i] == ' '; got != want {
						t.Fatalf("spaceBytes(% x): byte %d marked %v", b, i, got)
					}
				}
			}
		}
	}
}

// The marks test runners put before a failed test (vitest's ×, jest's ✕,
// ✗) signal a failure at the start of a line, indented or not, and
// nowhere else.
func TestFailureSignalMarks(t *testing.T) {
	for l, want := range map[string]bool{
		" × test/initials.test.js > initials of Ada Lovelace 6ms": true,
		"    ✕ adds (3 ms)":                           true,
		"✗ Validation failed: No feature specs found": true,
		"  ✓ adds (3 ms)":                             false,
		"  a × b = c":                                 false,
		"×ray":                                        false,
		// node --test's spec reporter (profiles/tap/testdata/captures/node-spec-fail.txt)
		"✖ Create error with 1 parameter (0.240916ms)": true,
		"  ✖ nested truncate fails (0.438209ms)":       true,
		"✖ failing tests:":                             true,
		"ℹ fail 12":                                    true,
		"ℹ fail 0":                                     false,
		"ℹ fail 1x":                                    false,
		"✖ a todo that fails (0.2ms) # TODO":           false,
		"✖ slow (ms)":                                  false,
		"✔ Create error (0.240916ms)":                  false,
		"✖ 4 problems (0 errors, 4 warnings)":          false,
		"✖ 3 problems (1 error, 2 warnings)":           true,
	} {
		if got := failureSignal(l); got != want {
			t.Errorf("failureSignal(%q) = %v, want %v", l, got, want)
		}
	}
}

// A tool's report that says nothing ran (NONE) while its input signals a
// failure fails, keeping the lines it does not show; the generic
// cleaner's report, which is the lines themselves, is left as it is.
func TestReconcileNone(t *testing.T) {
	sig := &signals{}
	sig.feed(" × test/a.test.js > adds 3ms")
	r := &report.Report{Tool: "vitest", Status: report.StatusNone}
	reconcile(r, sig)
	if r.Status != report.StatusFail || r.Said != report.StatusNone || r.Unexplained != 1 || len(r.Notes) != 2 {
		t.Errorf("vitest: status %s (said %q), %d unexplained, notes %q; want FAIL, said NONE, 1, the line kept", r.Status, r.Said, r.Unexplained, r.Notes)
	}
	shown := &report.Report{Tool: "specleft", Status: report.StatusNone, Lines: []string{"× test/a.test.js > adds 3ms"}}
	reconcile(shown, sig)
	if shown.Status != report.StatusFail || len(shown.Notes) != 0 {
		t.Errorf("a line the report shows: status %s, notes %q; want FAIL and no note repeating it", shown.Status, shown.Notes)
	}
	g := &report.Report{Tool: Generic, Status: report.StatusNone}
	reconcile(g, sig)
	if g.Status != report.StatusNone || g.Unexplained != 0 {
		t.Errorf("generic: status %s, %d unexplained; want it left NONE", g.Status, g.Unexplained)
	}
}

// FuzzFailureSignal: failureSignal, with its choice by the first byte and
// its word-at-a-time count, says what the plain reference says of any line.
//
//	go test ./profiles -run '^$' -fuzz FuzzFailureSignal -fuzztime 60s
func FuzzFailureSignal(f *testing.F) {
	for _, l := range []string{"FAIL x", " × a > b 3ms", "    ✕ adds", "✗ failed", "✖ a (0.2ms)", "ℹ fail 3", "not ok 1 # SKIP", "3 failed, 2 passed", "TypeError: x"} {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, l string) {
		if got, want := failureSignal(l), refFailureSignal(l); got != want {
			t.Fatalf("failureSignal(%q) = %v, the reference says %v", l, got, want)
		}
	})
}

// Past the copies a report keeps, unexplained failure lines are counted,
// also when the report shows every copy already; a shown line is not
// counted as left out.
func TestReconcileCountsWhatIsNotShown(t *testing.T) {
	sig := &signals{}
	var lines []string
	for i := range maxUnexplained + 5 {
		l := fmt.Sprintf("✗ check %d failed", i)
		sig.feed(l)
		if i < maxUnexplained {
			lines = append(lines, l)
		}
	}
	for _, c := range []struct {
		shown     []string
		notes     int
		omittedIs int
	}{
		{lines, 0, 5},                // every copy shown: the 5 past them counted
		{lines[:10], 1 + 10, 5},      // 10 shown: the other 10 listed, 5 counted
		{nil, 1 + maxUnexplained, 5}, // none shown: all 20 listed, 5 counted
	} {
		r := &report.Report{Tool: "specleft", Status: report.StatusNone, Lines: c.shown}
		reconcile(r, sig)
		if r.Unexplained != maxUnexplained+5 || len(r.Notes) != c.notes || r.OmittedCount("unexplained failure lines") != c.omittedIs {
			t.Errorf("%d shown: %d unexplained, %d notes, %d counted; want %d, %d, %d", len(c.shown),
				r.Unexplained, len(r.Notes), r.OmittedCount("unexplained failure lines"), maxUnexplained+5, c.notes, c.omittedIs)
		}
	}
}

// Unguarded undoes what reconcile added: the status the profile gave, its
// notes and omissions; a report reconcile left alone is returned as it is.
func TestUnguarded(t *testing.T) {
	sig := &signals{}
	for i := range maxUnexplained + 3 {
		sig.feed(fmt.Sprintf("FAIL test %d", i))
	}
	r := &report.Report{Tool: "quiet", Status: report.StatusNone, Notes: []string{"the profile's note"},
		Omitted: []report.Omission{{What: "lines", Count: 4}}}
	reconcile(r, sig)
	if r.Status != report.StatusFail || r.GuardNotes != maxUnexplained+1 {
		t.Fatalf("reconciled: %s with %d guard notes", r.Status, r.GuardNotes)
	}
	u := Unguarded(r)
	if u.Status != report.StatusNone || u.Said != "" || u.Unexplained != 0 || fmt.Sprint(u.Notes) != "[the profile's note]" ||
		fmt.Sprint(u.Omitted) != fmt.Sprint([]report.Omission{{What: "lines", Count: 4}}) {
		t.Errorf("unguarded: %+v", u)
	}
	if r.Status != report.StatusFail || len(r.Notes) != maxUnexplained+2 || len(r.Omitted) != 2 {
		t.Errorf("Unguarded changed the report it was given: %+v", r)
	}
	plain := &report.Report{Tool: "jest", Status: report.StatusPass}
	if Unguarded(plain) != plain {
		t.Error("a report reconcile left alone was copied")
	}
}

// A profile's own signals (emit: signal) fail a report that ends with no
// failure: ShapeText, which every way of shaping text goes through,
// reconciles them (forced_cut.txtar shows a whole run left as it is).
func TestRuleSignals(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	p, _ := set.Get("mocha")
	tree := "  DES\n    encryption\n      1) should encrypt\n      2) should decrypt\n"
	r, err := ShapeText(p, strings.NewReader(tree), Options{Window: report.Window{Limit: 20}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != report.StatusFail || r.Unexplained != 2 || !slices.Contains(r.Notes, "  1) should encrypt") {
		t.Errorf("the tree alone: %s, %d unexplained, notes %q", r.Status, r.Unexplained, r.Notes)
	}
}
