package profiles

import (
	"bytes"
	"regexp/syntax"
	"strings"

	"github.com/terse-dev/terse/filters"
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

// DetectJSON picks the profile whose JSON test accepts the decoded document.
func (s *Set) DetectJSON(doc any) *Profile {
	for _, p := range s.All() {
		if p.programs() != nil {
			continue
		}
		if p.jsonDetect == nil {
			// A document profile is detected by its commands' shapes.
			if p.Document != nil && p.Document.match(doc) != nil {
				return p
			}
			continue
		}
		it := p.jsonDetect.Run(doc)
		if v, ok := it.Next(); ok && v == true {
			return p
		}
	}
	return nil
}

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
