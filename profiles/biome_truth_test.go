package profiles_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func init() {
	truthAdapters["biome-shown"] = biomeShownTruth
}

// biomeHead is a diagnostic's head in Biome's default report: the place
// (none for a file's formatting, no file for the configuration), the
// category, FIXABLE when it is.
var biomeHead = regexp.MustCompile(`^(\S+?)(?::(\d+):(\d+))? ([a-z][\w/]*)(?:  FIXABLE  | )━{3,}$`)

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
