package profiles

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/report"
)

// TestBlockAheadChangesNothing: every rules profile reads every capture (its
// own and every other tool's, and all of them at once) into the same report
// with the matchers running the open block's rules ahead as with the
// parser running them itself.
func TestBlockAheadChangesNothing(t *testing.T) {
	files, in := captureSample(readTextCaptures(t))
	files = append(files, "all captures")
	in = append(in, bytes.Join(in, nil))
	for _, p := range rulesProfiles(t) {
		for i, b := range in {
			on := shapeWith(t, p, b, plainPaths{})
			off := shapeWith(t, p, b, plainPaths{blockAhead: true})
			if !reflect.DeepEqual(on, off) {
				t.Errorf("%s on %s: running block rules ahead changes the report:\n%+v\nwithout:\n%+v", p.Name, files[i], on, off)
			}
		}
	}
}

// TestBlockAheadRunsBlockRules: the matchers do run the block rules of
// mocha's and cargo's failures on the lines of their captures, and find
// matches the parser then uses, so that the test above compares something.
func TestBlockAheadRunsBlockRules(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"mocha", "cargo-build"} {
		p, _ := set.Get(name)
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
		caps, _ := filepath.Glob(filepath.Join(name, "testdata", "captures", "*.txt"))
		var in []byte
		for _, c := range caps {
			b, err := os.ReadFile(c)
			if err != nil {
				t.Fatal(err)
			}
			in = append(in, b...)
		}
		a := newLineAhead(p, filters.NewLineReader(bytes.NewReader(in)), nil)
		lines, hits := 0, 0
		for {
			l, _, err := a.next()
			if err != nil {
				break
			}
			lines++
			if l.open >= 0 && l.hit != 0 {
				hits++
			}
		}
		a.stop()
		if hits < lines/4 {
			t.Errorf("%s: the matchers found block rules for %d of %d lines", name, hits, lines)
		}
	}
}

// TestIdleIn: idleIn of a failure's filled fields is what the parser's idle
// says with that failure open, for every block rule of the built-in
// profiles and every set of fields.
func TestIdleIn(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	rules := 0
	for _, p := range set.All() {
		if err := p.patterns(); err != nil {
			t.Fatal(err)
		}
		for _, r := range p.rules {
			for i := range r.block {
				br := &r.block[i]
				rules++
				for filled := range allFields + 1 {
					f := &report.Failure{}
					set := func(bit fieldSet, dst *string) {
						if fieldSet(filled)&bit != 0 {
							*dst = "x"
						}
					}
					set(hasFile, &f.File)
					set(hasMessage, &f.Message)
					set(hasName, &f.Name)
					set(hasSeverity, &f.Severity)
					if fieldSet(filled)&hasKind != 0 {
						f.Kind = report.KindError
					}
					rp := &rulesParser{cur: f}
					if got, want := idleIn(br, fieldSet(filled)), rp.idle(br); got != want {
						t.Errorf("%s: block rule %q with fields %05b: idleIn %v, idle %v", p.Name, br.Match, filled, got, want)
					}
				}
			}
		}
	}
	if rules < 20 {
		t.Errorf("%d block rules", rules)
	}
}

// TestBlockAheadKnowsTheContextsFile: under node's spec reporter's "✖
// failing tests:", each failure follows a "test at FILE:LINE:COL" line,
// which gives it its file, so its block's cancel rule ("no location yet")
// is idle: the matchers guess its block open on every line of it and run
// its rules there, where they guessed it closed at its first line and left
// the rest to the parser (real capture, profiles/tap/testdata).
func TestBlockAheadKnowsTheContextsFile(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	p, _ := set.Get("tap")
	if err := p.patterns(); err != nil {
		t.Fatal(err)
	}
	in := readData(t, filepath.Join("tap", "testdata", "captures", "node-spec-fail.txt"))
	a := newLineAhead(p, filters.NewLineReader(bytes.NewReader(in)), nil)
	defer a.stop()
	summary, inFailure := false, false
	blockLines, guessed := 0, 0
	for {
		l, _, err := a.next()
		if err != nil {
			break
		}
		switch {
		case l.line == "✖ failing tests:":
			summary = true
		case !summary:
		case strings.HasPrefix(l.line, "✖ "):
			inFailure = true
		case strings.HasPrefix(l.line, "test at "), strings.HasPrefix(l.line, "ℹ "):
			inFailure = false
		case inFailure:
			blockLines++
			if l.open >= 0 {
				guessed++
			}
		}
	}
	if blockLines < 50 {
		t.Fatalf("%d lines in the blocks of the failing tests' summary", blockLines)
	}
	if guessed != blockLines {
		t.Errorf("the matchers guessed %d of the %d lines of the summary's blocks in a block", guessed, blockLines)
	}
}
