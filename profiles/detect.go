package profiles

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/terse-dev/terse/internal/match"

	"github.com/terse-dev/terse/internal/filters"
)

// DetectHeadSize is how much of the input detection looks at.
const DetectHeadSize = 16 << 10

// DetectText picks the profile whose signatures best match the head of a
// text input. It returns nil when no profile claims it.
func (s *Set) DetectText(head []byte) *Profile {
	text, lines := detectLines(head)
	var best *Profile
	bestScore := 0
	for _, p := range s.All() {
		score := p.detectScore(text, lines)
		if score < p.Detect.Min {
			continue
		}
		if score > bestScore || score == bestScore && p.leadsOver(best, lines) {
			best, bestScore = p, score
		}
	}
	return best
}

// leadsOver reports whether a signature of p's that goes before q's
// (Detect.Over) matches one of lines: a tie with q is then p's.
func (p *Profile) leadsOver(q *Profile, lines []string) bool {
	for _, o := range p.Detect.Over {
		i := slices.Index(p.Detect.Text, o.Text)
		if q == nil || o.Profile != q.Name || i < 0 {
			continue
		}
		re, err := p.signature(i)
		if err != nil {
			continue
		}
		for _, l := range lines {
			if re.MatchString(l) {
				return true
			}
		}
	}
	return false
}

// detectLines is head cleaned, whole and by line, as DetectText reads it.
func detectLines(head []byte) (string, []string) {
	lines := strings.Split(string(head), "\n")
	for i, l := range lines {
		lines[i] = filters.CleanLine(l)
	}
	return strings.Join(lines, "\n"), lines
}

// detectScore is how many of p's signatures a line of lines matches
// (text is lines joined).
func (p *Profile) detectScore(text string, lines []string) int {
	score := 0
	var cws []int
	for i, pattern := range p.Detect.Text {
		if i < len(p.Detect.Needs) && !match.ContainsAny(text, p.Detect.Needs[i]) {
			continue // no line holds what every match holds
		}
		if p.plain.gatedDetect {
			if re, err := p.signature(i); err == nil && slices.ContainsFunc(lines, re.MatchString) {
				score++
			}
			continue
		}
		if cws == nil {
			cws = firstNonWSOf(lines)
		}
		if p.anyLineMatches(i, pattern, lines, cws) {
			score++
		}
	}
	return score
}

// anyLineMatches reports whether signature i of p (pattern) matches a line
// of lines, cws their first bytes other than whitespace. It is compiled
// and run only on the lines its gate lets through, as the claim index
// runs it: a small pipe's detection compiled most built-in signatures,
// whose literals a test run's head holds somewhere, for lines none of
// them could match (the gates of the built-in profiles are read from
// their table, claimtable.go).
func (p *Profile) anyLineMatches(i int, pattern string, lines []string, cws []int) bool {
	t := p.tableGate(i)
	g, least := match.GateFor(pattern, t), match.MinBytesFor(pattern, t)
	for j, l := range lines {
		if len(l) < least || !g.Pass(l, cws[j]) {
			continue
		}
		re, err := p.signature(i)
		if err != nil {
			return false
		}
		if re.MatchString(l) {
			return true
		}
	}
	return false
}

// firstNonWSOf is, for each line, the place of its first byte other than
// whitespace as a gate reads it (the line's length: none).
func firstNonWSOf(lines []string) []int {
	cws := make([]int, len(lines))
	for j, l := range lines {
		n := 0
		for n < len(l) && match.IsWS[l[n]] {
			n++
		}
		cws[j] = n
	}
	return cws
}

// LooksLikeJSON reports whether the input starts like a JSON document. A
// bracket before a word ("[INFO] Scanning for projects...", Maven's log
// without colour, and many a logger's) starts no JSON array: in JSON, a
// value or "]" follows it.
func LooksLikeJSON(head []byte) bool {
	t := bytes.TrimLeft(head, " \t\r\n\ufeff")
	if len(t) == 0 || (t[0] != '{' && t[0] != '[') {
		return false
	}
	if t[0] == '[' {
		if v := bytes.TrimLeft(t[1:], " \t\r\n"); len(v) > 0 {
			return bytes.IndexByte([]byte("{[]\"-0123456789tfn"), v[0]) >= 0
		}
	}
	return true
}

// held reports whether l is one of the lines that stay in a run of p
// (Detect.Holds) whatever other profile claims them. The patterns were
// checked when p loaded; one that does not compile holds nothing.
func (p *Profile) held(l string) bool {
	p.holdsOnce.Do(func() {
		for _, h := range p.Detect.Holds {
			if re, err := regexp.Compile(h); err == nil {
				p.holds = append(p.holds, re)
			}
		}
	})
	for _, re := range p.holds {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}
