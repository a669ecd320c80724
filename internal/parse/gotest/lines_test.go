package gotest

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The patterns the hand readers of result and stack file lines replace:
// the readers must match what they match, with the same parts.
var (
	// "ok  \tpkg\t0.01s", "FAIL\tpkg [build failed]", "?   \tpkg\t[no test files]".
	goPkgLineRe = regexp.MustCompile(`^(ok|FAIL|\?)\s+(\S+)\s+((?:\d+(?:\.\d+)?s|\(cached\)|\[[a-z ]+\]).*)$`)
	// The file line under a function line of a stack trace.
	goFileLineRe = regexp.MustCompile(`^\s+(\S+\.(?:go|s)):(\d+)(?: \+0x[0-9a-f]+)?$`)
	// The head of a goroutine's stack in a panic's report.
	goGoroutineRe = regexp.MustCompile(`^goroutine \d+ \[.*\]:$`)
)

// lineSeeds are the lines of the real text captures and edge cases of
// both patterns.
func lineSeeds(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "profiles", "gotest", "testdata", "captures", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no text captures: %v", err)
	}
	var seeds []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range bytes.Split(data, []byte("\n")) {
			seeds = append(seeds, string(l))
		}
	}
	return append(seeds,
		"ok  \tpkg\t0.01s", "ok \t pkg \t 12.5s coverage: 1%", "ok  pkg 12.s", "ok  pkg 1.5.s", "ok  pkg .5s",
		"FAIL\tpkg [build failed]", "FAIL\tpkg\t[]", "FAIL\tpkg\t[a", "FAIL pkg [Build failed]", "?   \tpkg\t[no test files]",
		"FAILED pkg 0.1s", "ok\fpkg\r(cached)", "ok  pkg (cached", "ok  pkg 0.1s\nx", "ok\vpkg 0.1s", "ok  p\xffkg 1s \xff",
		"\t/a/b.go:12 +0x1d", "\t/a/b.go:12", "\tb.s:1", "\t.go:1", "\ta.go:", "\ta.go:1 +0x", "\ta.go:1 +0xG",
		"\ta.go:1  +0x1", "\ta.go:1\t+0x1", "\tC:/x/a.go:12", "\ta.go:1:2", "a.go:1", " \n\ta.go:1 +0xff", "\ta.go:1x",
		"\t/a b.go:1", "\t\xffa.go:3", "\ta.gox:1", "\ta.go:12 +0x1d ",
		"goroutine 7 [running]:", "goroutine 7 []:", "goroutine 7 [:", "goroutine 7 []", "goroutine  7 [x]:",
		"goroutine x [x]:", "goroutine 7 [a\nb]:", "goroutine 7 [\xff]:", "goroutine 12 [chan receive, 2 minutes]:",
		"goroutine 7 [x]: ", "Goroutine 7 [x]:", "goroutine 7 [x]:]:", "goroutine 7[x]:", "goroutine ",
	)
}

// match is what FindStringSubmatch gives, nil for no match.
func match(re *regexp.Regexp, s string) []string { return re.FindStringSubmatch(s) }

// pkgLine and fileLine are the readers' results as FindStringSubmatch
// gives them.
func pkgLine(s string) []string {
	if m, ok := goPkgLine(s); ok {
		return m[:]
	}
	return nil
}

func fileLine(s string) []string {
	if m, ok := goFileLine(s); ok {
		return m[:]
	}
	return nil
}

func checkLine(t *testing.T, name string, read func(string) []string, re *regexp.Regexp, s string) {
	t.Helper()
	if got, want := read(s), match(re, s); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s(%q) = %q, want %q", name, s, got, want)
	}
}

func TestLineReadersMatchPatterns(t *testing.T) {
	for _, s := range lineSeeds(t) {
		checkLine(t, "goPkgLine", pkgLine, goPkgLineRe, s)
		checkLine(t, "goFileLine", fileLine, goFileLineRe, s)
		if got, want := goGoroutineLine(s), goGoroutineRe.MatchString(s); got != want {
			t.Fatalf("goGoroutineLine(%q) = %v, want %v", s, got, want)
		}
	}
}

func FuzzGoGoroutineLine(f *testing.F) {
	for _, s := range lineSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := goGoroutineLine(s), goGoroutineRe.MatchString(s); got != want {
			t.Fatalf("goGoroutineLine(%q) = %v, want %v", s, got, want)
		}
	})
}

func FuzzGoPkgLine(f *testing.F) {
	for _, s := range lineSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkLine(t, "goPkgLine", pkgLine, goPkgLineRe, s) })
}

func FuzzGoFileLine(f *testing.F) {
	for _, s := range lineSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkLine(t, "goFileLine", fileLine, goFileLineRe, s) })
}

// durationSeeds are numbers as go test prints them and forms ParseFloat
// reads or refuses.
var durationSeeds = []string{"0.00", "12.345", "5.", ".5", ".", "", "1e3", "1.5e-3", "inf", "NaN", "0x1p3",
	"1_000", "999999999999999", "9999999999999999999999999", "1" + strings.Repeat("0", 400), "00012.50", "1..2",
	"-1.0", "+2", "1.2.3", "1a", " 1", "1 ", "٣"}

// TestGoDurationNumberAsParseFloat checks the hand reading of a result
// line's duration against strconv.ParseFloat.
func TestGoDurationNumberAsParseFloat(t *testing.T) {
	for _, s := range durationSeeds {
		checkDuration(t, s)
	}
}

func FuzzGoDurationNumber(f *testing.F) {
	for _, s := range durationSeeds {
		f.Add(s)
	}
	f.Fuzz(checkDuration)
}

func checkDuration(t *testing.T, s string) {
	_, err := strconv.ParseFloat(s, 64)
	if got := goDurationNumber(s); got != (err == nil) {
		t.Fatalf("goDurationNumber(%q) = %v, ParseFloat's error %v", s, got, err)
	}
}
