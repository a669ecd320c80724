package profiles

import (
	"regexp/syntax"
	"strings"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/fastre"
)

// ruleHead reads the start of an anchored rule without its regexp, where
// that start can match one way only: `^(?P<file>[^\s:]+):(?P<line>\d+):`
// is a run of a class ended by a literal that the class cannot hold, so
// the run is the longest one there (any shorter run is followed by a
// member of the class, not the literal). The rest of the pattern (the
// tail) runs as its own anchored regexp from where the head ends. A lint
// problem line spends most of its regexp's time in such a head.
type ruleHead struct {
	pieces []headPiece
	caps   int            // the groups the head fills: 1..caps
	ncap   int            // the whole regexp's groups
	tail   *fastre.Regexp // `^` and the rest of the pattern
}

// headPiece is an optional run of a class (one or more, filling group
// capture when that is not 0) and the literal that ends it.
type headPiece struct {
	run     bool
	ascii   [2]uint64 // the class's ASCII members
	ranges  []rune    // the class, as syntax.Regexp.Rune pairs
	capture int
	lit     string
}

// headOf is pattern's head, nil when it has none worth taking (no run) or
// the tail would read differently on its own: an assertion that looks
// back (^, \b) behaves otherwise at the start of a substring.
func headOf(pattern string) *ruleHead {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil || re.Op != syntax.OpConcat || len(re.Sub) < 2 || re.Sub[0].Op != syntax.OpBeginText {
		return nil
	}
	h := &ruleHead{ncap: re.MaxCap()}
	subs := re.Sub[1:]
	for len(subs) > 0 {
		p, n := nextPiece(subs, h.caps)
		if n == 0 {
			break
		}
		if p.capture > 0 {
			h.caps++
		}
		h.pieces = append(h.pieces, p)
		subs = subs[n:]
	}
	if !h.hasRun() || looksBack(subs) {
		return nil
	}
	tail := &syntax.Regexp{Op: syntax.OpConcat, Sub: append([]*syntax.Regexp{{Op: syntax.OpBeginText}}, subs...)}
	if h.tail, err = fastre.Compile(tail.String()); err != nil || h.tail.NumSubexp() != h.ncap-h.caps {
		return nil
	}
	return h
}

func (h *ruleHead) hasRun() bool {
	for _, p := range h.pieces {
		if p.run {
			return true
		}
	}
	return false
}

// nextPiece reads a piece from subs: a literal, or a run (captured or
// not) and the literal after it; n is how many of subs it took, 0 for
// none.
func nextPiece(subs []*syntax.Regexp, caps int) (headPiece, int) {
	if lit, ok := literalOf(subs[0]); ok {
		return headPiece{lit: lit}, 1
	}
	if len(subs) < 2 {
		return headPiece{}, 0
	}
	lit, ok := literalOf(subs[1])
	if !ok {
		return headPiece{}, 0
	}
	run, capture := subs[0], 0
	if run.Op == syntax.OpCapture {
		if run.Cap != caps+1 {
			return headPiece{}, 0
		}
		run, capture = run.Sub[0], run.Cap
	}
	if run.Op != syntax.OpPlus || run.Sub[0].Op != syntax.OpCharClass {
		return headPiece{}, 0
	}
	p := headPiece{run: true, ranges: run.Sub[0].Rune, capture: capture, lit: lit}
	first, _ := utf8.DecodeRuneInString(lit)
	if p.holds(first) {
		return headPiece{}, 0
	}
	for c := rune(0); c < utf8.RuneSelf; c++ {
		if p.holds(c) {
			p.ascii[c/64] |= 1 << (c % 64)
		}
	}
	return p, 2
}

// literalOf is re's text when re is a literal matched as written (not
// folding case; no U+FFFD, which an invalid byte also matches).
func literalOf(re *syntax.Regexp) (string, bool) {
	if re.Op != syntax.OpLiteral || re.Flags&syntax.FoldCase != 0 {
		return "", false
	}
	s := string(re.Rune)
	return s, s != "" && !strings.ContainsRune(s, utf8.RuneError)
}

// looksBack says whether any of res holds an assertion about what comes
// before a position.
func looksBack(res []*syntax.Regexp) bool {
	for _, re := range res {
		switch re.Op {
		case syntax.OpBeginLine, syntax.OpBeginText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
			return true
		}
		if looksBack(re.Sub) {
			return true
		}
	}
	return false
}

// holds says whether the class has c.
func (p *headPiece) holds(c rune) bool {
	for i := 0; i+1 < len(p.ranges); i += 2 {
		if p.ranges[i] <= c && c <= p.ranges[i+1] {
			return true
		}
	}
	return false
}

// scan is where the run from pos ends. As the regexp does, it reads
// runes: an invalid byte is U+FFFD, one byte long.
func (p *headPiece) scan(s string, pos int) int {
	for pos < len(s) {
		c := s[pos]
		if c < utf8.RuneSelf {
			if p.ascii[c/64]&(1<<(c%64)) == 0 {
				return pos
			}
			pos++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[pos:])
		if !p.holds(r) {
			return pos
		}
		pos += w
	}
	return pos
}

// end is where the head ends in s, -1 when s does not start with it; caps
// (when not nil) gets the head's groups.
func (h *ruleHead) end(s string, caps []int) int {
	pos := 0
	for i := range h.pieces {
		p := &h.pieces[i]
		if p.run {
			start := pos
			if pos = p.scan(s, pos); pos == start {
				return -1
			}
			if p.capture > 0 && caps != nil {
				caps[2*p.capture], caps[2*p.capture+1] = start, pos
			}
		}
		if !strings.HasPrefix(s[pos:], p.lit) {
			return -1
		}
		pos += len(p.lit)
	}
	return pos
}

// match says whether the whole pattern matches s.
func (h *ruleHead) match(s string) bool {
	pos := h.end(s, nil)
	return pos >= 0 && h.tail.MatchString(s[pos:])
}

// submatch is what FindStringSubmatchIndex of the whole pattern is on s.
func (h *ruleHead) submatch(s string) []int {
	idx := make([]int, 2*(h.ncap+1))
	pos := h.end(s, idx)
	if pos < 0 {
		return nil
	}
	m := h.tail.FindStringSubmatchIndex(s[pos:])
	if m == nil {
		return nil
	}
	idx[0], idx[1] = 0, pos+m[1]
	for i := 1; i < len(m)/2; i++ {
		j := i + h.caps
		if m[2*i] < 0 {
			idx[2*j], idx[2*j+1] = -1, -1
			continue
		}
		idx[2*j], idx[2*j+1] = pos+m[2*i], pos+m[2*i+1]
	}
	return idx
}
