package profiles

import (
	"bytes"
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
	var best *Profile
	bestScore := 0
	for _, p := range s.All() {
		if len(p.Detect.Text) == 0 || p.patterns() != nil {
			continue
		}
		score := 0
		for _, re := range p.signatures {
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
