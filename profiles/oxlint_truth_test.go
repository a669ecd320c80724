package profiles_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

func init() {
	truthReaders["oxlint-json"] = oxlintTruth
}

// oxlintHead is a problem's head in oxlint's default report, which is what
// -f json prints too when oxlint stops before linting (a config it cannot
// read).
var oxlintHead = regexp.MustCompile(`^  [x!] (.*)$`)

// oxlintTruth reads oxlint -f json: each diagnostic at its first label's
// place, its code (plugin(rule)) as the name. A run that never linted
// prints its error as text: that is a problem with no file.
func oxlintTruth(t *testing.T, path string) []truth {
	var doc struct {
		Diagnostics []struct {
			Message  string `json:"message"`
			Code     string `json:"code"`
			Severity string `json:"severity"`
			Filename string `json:"filename"`
			Labels   []struct {
				Span struct {
					Line   int `json:"line"`
					Column int `json:"column"`
				} `json:"span"`
			} `json:"labels"`
		} `json:"diagnostics"`
	}
	data := readFile(t, path)
	if err := json.Unmarshal(data, &doc); err != nil {
		var out []truth
		for _, l := range readLines(t, path) {
			if m := oxlintHead.FindStringSubmatch(l); m != nil {
				out = append(out, truth{File: "(unknown file)", Severity: "error", Message: m[1]})
			}
		}
		if len(out) == 0 {
			t.Fatalf("%s: neither oxlint's JSON nor its error: %v", path, err)
		}
		return out
	}
	var out []truth
	for _, d := range doc.Diagnostics {
		w := truth{File: d.Filename, Severity: d.Severity, Name: d.Code, Message: d.Message}
		if len(d.Labels) > 0 {
			w.Line, w.Column = d.Labels[0].Span.Line, d.Labels[0].Span.Column
		}
		out = append(out, w)
	}
	return out
}

// oxlint is claimed by its command, through npx too.
func TestOxlintByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"oxlint", "npx oxlint", "npx oxlint lib", "pnpm exec oxlint --deny-warnings"} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "oxlint" {
			t.Errorf("ForArgv(%q) = %v, want oxlint", cmd, p)
		}
	}
}
