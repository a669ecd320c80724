package profiles_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func init() {
	truthReaders["biome-json"] = biomeTruth
	truthAdapters["biome-shown"] = biomeShownTruth
}

// biomeHead is a diagnostic's head in Biome's default report: the place
// (none for a file's formatting, no file for the configuration), the
// category, FIXABLE when it is.
var biomeHead = regexp.MustCompile(`^(\S+?)(?::(\d+):(\d+))? ([a-z][\w/]*)(?:  FIXABLE  | )━{3,}$`)

// biomeBare is the head of a diagnostic of no file (a configuration Biome
// cannot load): its category alone.
var biomeBare = regexp.MustCompile(`^([a-z][\w/]*) ━{3,}$`)

// biomeClose are the commands whose name heads Biome's closing line.
var biomeClose = map[string]bool{"lint": true, "check": true, "ci": true, "format": true}

// biomeFirst is the severity and message under a head.
var biomeFirst = regexp.MustCompile(`^  ([×!i]) (.*)$`)

// biomeDiag is a diagnostic of biome --reporter=json: its place is a byte
// span of the source it carries, not a line.
type biomeDiag struct {
	Category    string `json:"category"`
	Severity    string `json:"severity"`
	Description string `json:"description"`
	Location    struct {
		Path struct {
			File string `json:"file"`
		} `json:"path"`
		Span       []int  `json:"span"`
		SourceCode string `json:"sourceCode"`
	} `json:"location"`
}

// biomeTruth reads biome --reporter=json: each diagnostic, its line and
// (1-based, in characters) column worked out from its span in the source.
// A run Biome stopped at its configuration prints its errors as text, so
// they are read from the heads there.
func biomeTruth(t *testing.T, path string) []truth {
	var doc struct {
		Diagnostics []biomeDiag `json:"diagnostics"`
	}
	if err := json.Unmarshal(readFile(t, path), &doc); err != nil {
		return biomeTextTruth(t, path)
	}
	var out []truth
	for _, d := range doc.Diagnostics {
		w := truth{File: d.Location.Path.File, Name: d.Category, Message: d.Description, Severity: biomeSeverity(d.Severity)}
		if w.File == "" {
			w.File = "(unknown file)"
		}
		if len(d.Location.Span) == 2 && d.Location.SourceCode != "" {
			w.Line, w.Column = lineCol(d.Location.SourceCode, d.Location.Span[0])
		}
		out = append(out, w)
	}
	return out
}

func biomeSeverity(s string) string {
	switch s {
	case "error", "fatal":
		return "error"
	case "warning":
		return "warning"
	}
	return "note"
}

// lineCol is the 1-based line and column (in characters) of a byte offset.
func lineCol(src string, off int) (line, col int) {
	off = min(off, len(src))
	before := src[:off]
	start := strings.LastIndexByte(before, '\n') + 1
	return strings.Count(before, "\n") + 1, utf8.RuneCountInString(before[start:]) + 1
}

// biomeTextTruth reads the heads of Biome's text report (what it prints
// for a configuration it cannot load, JSON reporter or not).
func biomeTextTruth(t *testing.T, path string) []truth {
	var out []truth
	lines := readLines(t, path)
	for i, l := range lines {
		m := biomeHead.FindStringSubmatch(l)
		// "lint ━━━" closes the report: not a diagnostic.
		if b := biomeBare.FindStringSubmatch(l); b != nil && !biomeClose[b[1]] {
			m = []string{l, "(unknown file)", "", "", b[1]}
		}
		if m == nil || i+2 >= len(lines) {
			continue
		}
		f := biomeFirst.FindStringSubmatch(lines[i+2])
		if f == nil {
			continue
		}
		w := truth{File: m[1], Line: atoi(m[2]), Column: atoi(m[3]), Name: m[4], Message: f[2], Severity: map[string]string{"×": "error", "!": "warning", "i": "note"}[f[1]]}
		out = append(out, w)
	}
	if len(out) == 0 {
		t.Fatalf("%s: neither Biome's JSON nor its diagnostics", path)
	}
	return out
}

// biomeNotShown is Biome's count of the diagnostics past --max-diagnostics.
var biomeNotShown = regexp.MustCompile(`(?m)^Diagnostics not shown: (\d+)\.$`)

// biomeShownTruth fits the truth to a run that printed only the first
// --max-diagnostics (20 by default) of its diagnostics: those whose head
// the capture prints, the rest counted by Biome's own line, which must
// account for every one left out.
func biomeShownTruth(t *testing.T, capture string, want []truth) []truth {
	text := string(readFile(t, capture))
	m := biomeNotShown.FindStringSubmatch(text)
	if m == nil {
		return want
	}
	heads := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		if h := biomeHead.FindStringSubmatch(l); h != nil {
			heads[strings.Join(h[1:5], " ")] = true
		}
	}
	var out []truth
	for _, w := range want {
		key := w.File + " " + itoaOr(w.Line) + " " + itoaOr(w.Column) + " " + w.Name
		if heads[key] {
			out = append(out, w)
		}
	}
	if left := len(want) - len(out); left != atoi(m[1]) {
		t.Errorf("%s: %d diagnostics of the truth not printed, Biome says %s", capture, left, m[1])
	}
	return out
}

// itoaOr is n as a head prints it: nothing for a diagnostic of no line.
func itoaOr(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// Biome is claimed by its commands, through npx too.
func TestBiomeByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"biome check", "npx biome check", "npx biome check --write src", "npx @biomejs/biome lint .", "biome ci", "pnpm exec biome format ."} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "biome" {
			t.Errorf("ForArgv(%q) = %v, want biome", cmd, p)
		}
	}
}
