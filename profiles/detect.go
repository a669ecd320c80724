package profiles

import (
	"bytes"
	"errors"
	"fmt"
	"regexp/syntax"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
)

// DetectHeadSize is how much of the input detection looks at.
const DetectHeadSize = 16 << 10

// Generic is the name of the fallback profile.
const Generic = "generic"

// DetectText picks the profile whose signatures best match the head of a
// text input. It returns nil when no profile claims it.
func (s *Set) DetectText(head []byte) *Profile {
	lines := strings.Split(string(head), "\n")
	for i, l := range lines {
		lines[i] = filters.CleanLine(l)
	}
	text := strings.Join(lines, "\n")
	var best *Profile
	bestScore := 0
	for _, p := range s.All() {
		score := 0
		for i := range p.Detect.Text {
			if i < len(p.Detect.Needs) && !strings.Contains(text, p.Detect.Needs[i]) {
				continue // no line holds what every match holds
			}
			re, err := p.signature(i)
			if err != nil {
				continue
			}
			for _, l := range lines {
				if re.MatchString(l) {
					score++
					break
				}
			}
		}
		if score >= p.Detect.Min && score > bestScore {
			best, bestScore = p, score
		}
	}
	return best
}

// detectJSON picks the profile whose JSON test accepts the decoded document,
// with a note for each profile whose jq went over its budget on doc: such a
// profile does not claim it.
func (s *Set) detectJSON(doc any) (*Profile, []string) {
	var notes []string
	for _, p := range s.All() {
		if p.programs() != nil {
			continue
		}
		if p.jsonDetect == nil {
			// A document profile is detected by its commands' shapes.
			if p.Document == nil {
				continue
			}
			shape, err := p.Document.match(doc)
			if err != nil {
				notes = append(notes, budgetNote(p, "document shape "+shape.Name+" when", err, notUsed))
				continue
			}
			if shape != nil {
				return p, notes
			}
			continue
		}
		v, err := firstJQ(p.jsonDetect, doc)
		if err != nil && IsJQBudget(err) {
			notes = append(notes, budgetNote(p, "detect.json", err, notUsed))
			continue
		}
		if err == nil && v == true {
			return p, notes
		}
	}
	return nil, notes
}

// budgetNote is the note that says a profile's jq program (what) went over
// its budget, and what was done instead.
func budgetNote(p *Profile, what string, err error, instead string) string {
	var b *jqBudgetError
	if errors.As(err, &b) {
		err = b
	}
	return fmt.Sprintf("profile %s: its jq %s was %v; %s", p.Name, what, err, instead)
}

// notUsed says a profile was left out of detection.
const notUsed = "the profile is not used for this input"

// requiredLiteral returns the longest literal that every match of the
// regular expression contains, or "" when it finds none (an alternation, a
// case-insensitive part, an invalid pattern).
func requiredLiteral(pattern string) string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return ""
	}
	return mustHave(re.Simplify())
}

func mustHave(re *syntax.Regexp) string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return ""
		}
		return string(re.Rune)
	case syntax.OpCapture, syntax.OpPlus:
		return mustHave(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return mustHave(re.Sub[0])
		}
	case syntax.OpConcat:
		// Adjacent literals join into one run; the longest run wins.
		best, run := "", ""
		for _, sub := range re.Sub {
			if sub.Op == syntax.OpLiteral && sub.Flags&syntax.FoldCase == 0 {
				run += string(sub.Rune)
			} else {
				run = ""
				if m := mustHave(sub); len(m) > len(best) {
					best = m
				}
			}
			if len(run) > len(best) {
				best = run
			}
		}
		return best
	}
	return ""
}

// ForCommand returns the profile that claims the program name.
func (s *Set) ForCommand(prog string) *Profile {
	for _, p := range s.All() {
		for _, c := range p.Commands {
			if c == prog {
				return p
			}
		}
	}
	return nil
}

// LooksLikeJSON reports whether the input starts like a JSON document.
func LooksLikeJSON(head []byte) bool {
	t := bytes.TrimLeft(head, " \t\r\n\ufeff")
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}
