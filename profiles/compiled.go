package profiles

import (
	"regexp/syntax"

	"github.com/terse-dev/terse/internal/match"
)

// field names a group a failure rule fills, so that emit finds it
// without comparing names (see compiledRule.slots).
type field uint8

const (
	fKind field = iota
	fFile
	fLine
	fColumn
	fSeverity
	fName
	fMessage
	nFields
)

var fieldNames = [nFields]string{"kind", "file", "line", "column", "severity", "name", "message"}

// fieldSet is a set of the named groups fill reads, a bit each.
type fieldSet uint8

const (
	hasFile fieldSet = 1 << iota
	hasMessage
	hasName
	hasKind
	hasSeverity
)

// idleKind is when a block rule is idle (see rulesParser.idle), worked out
// from its emit once, not compared on every line.
type idleKind uint8

// indentFilter turns away, from the line's indentation alone, the lines a
// block rule of the form ^W{a,b}R cannot match: W a class of ASCII
// whitespace, R a pattern whose first byte is never one W accepts
// (mocha's '^ {0,4}\S' and '^ {7,}...', the stack frames' '^\s+at ',
// cargo's '^\s*--> '). In a match W then takes exactly the line's leading
// run of bytes it accepts, so the run's length must lie in [a, b] and the
// rest of the line must pass R's prefix filter. A block's lines are mostly
// indented: the run, measured once a line (lineIndent), turns away what
// the rules' own prefix filters cannot, since every offset of an
// indentation passes a space. The zero filter passes every line.
type indentFilter struct {
	on bool
	// exact is set when passing the filter is matching: R is one class
	// that holds every rune past ASCII ('^ {0,4}\S'), and the rule has
	// no named groups (its regexp need not run; see blockFind).
	exact    bool
	min, max int
	class    uint8 // wsBit of the bytes W accepts
	rest     match.PrefixFilter
}

// wsBits is wsBit's table: a look-up, where a switch costs a few compares
// on each byte of each line's indentation.
var wsBits = [256]uint8{' ': 1, '\t': 2, '\n': 4, '\v': 8, '\f': 16, '\r': 32}

// allWS is every bit of wsBit.
const allWS = 63

// blockDispatch says which of a block's rules (at most 64, a bit each) may
// match a line, from the length of the line's indentation and the first
// byte past it: two look-ups for all of them, where each rule's filters would look in turn.
// A block's lines that no rule takes (a diff, a quoted value) are the most
// common, and go to the failure's details after that look-up alone.
type blockDispatch struct {
	// byFirst is, for each first byte past the indentation, the rules
	// that may match: every rule without an indent filter, the others
	// when their rest may start with that byte.
	byFirst [256]uint64
	// byIndent is, for each length of indentation up to maxIndent (the
	// last standing for any longer), the rules that may match: every rule
	// without an indent filter, the others when the length is in theirs.
	byIndent [maxIndent + 1]uint64
	// loose is, for each wsBits of an indentation, the rules with an
	// indent filter whose class lacks one of those bytes: their run ends
	// elsewhere, so the first byte says nothing of them.
	loose [allWS + 1]uint64
	// lead turns away the rules whose first bytes the line lacks (a
	// rule without an indent filter passes byFirst and byIndent).
	lead *match.LeadDispatch
}

// maxIndent bounds the lengths of indentation byIndent tells apart.
const maxIndent = 8

// wsBit is a bit for each ASCII whitespace byte (a superset of \s), 0 for
// every other byte.
func wsBit(b byte) uint8 {
	return wsBits[b]
}

// indentOf works out the indent filter of pattern: the zero filter unless
// the pattern is ^, one quantified class of ASCII whitespace (or a literal
// that starts with a run of one whitespace byte: mocha's '^  \d+\) ', the
// run's length both bounds), and a rest that needs a first byte, never
// whitespace.
func indentOf(pattern string) indentFilter {
	re, err := match.ParsedOf(pattern)
	if err != nil || re.Op != syntax.OpConcat || len(re.Sub) < 2 || re.Sub[0].Op != syntax.OpBeginText {
		return indentFilter{}
	}
	after := re.Sub[2:]
	f, ok := wsRepeat(re.Sub[1])
	if !ok {
		f, after, ok = wsLiteral(re.Sub[1], after)
	}
	if !ok {
		return indentFilter{}
	}
	// The rest, anchored: built from the parsed pattern, since its
	// String, for a pattern with a class as wide as \S, takes a tenth of
	// a second (regexp/syntax works out the class's case folding), at
	// every start of terse that compiles the profile.
	rest := &syntax.Regexp{Op: syntax.OpConcat, Flags: re.Flags, Sub: append([]*syntax.Regexp{re.Sub[0]}, after...)}
	f.rest = match.PrefixOfRegexp(rest)
	// R must read a first byte (not match the empty string, not at the
	// end of the line), and none that W accepts.
	if f.rest.Min < 1 || f.rest.EndAt&1 != 0 || len(f.rest.At) == 0 || f.rest.At[0].Off != 0 {
		return indentFilter{}
	}
	for b := range 256 {
		if wsBit(byte(b))&f.class != 0 && f.rest.At[0].Set.Has(byte(b)) {
			return indentFilter{}
		}
	}
	f.on = true
	f.exact = len(after) == 1 && len(re.Sub) == 3 && after[0] == re.Sub[2] && after[0].Op == syntax.OpCharClass && match.HoldsNonASCII(after[0].Rune)
	return f
}

// wsLiteral reads a literal that starts with a run of one ASCII whitespace
// byte ('  ' of '^  \d+'): its filter (the run's length both bounds, on is
// not set) and what follows the run, the literal's other runes first.
func wsLiteral(lit *syntax.Regexp, after []*syntax.Regexp) (indentFilter, []*syntax.Regexp, bool) {
	if lit.Op != syntax.OpLiteral || lit.Flags&syntax.FoldCase != 0 || len(lit.Rune) == 0 ||
		lit.Rune[0] > 0x7f || wsBit(byte(lit.Rune[0])) == 0 {
		return indentFilter{}, nil, false
	}
	n := 0
	for n < len(lit.Rune) && lit.Rune[n] == lit.Rune[0] {
		n++
	}
	if n < len(lit.Rune) {
		more := &syntax.Regexp{Op: syntax.OpLiteral, Flags: lit.Flags, Rune: lit.Rune[n:]}
		after = append([]*syntax.Regexp{more}, after...)
	}
	return indentFilter{min: n, max: n, class: wsBit(byte(lit.Rune[0]))}, after, true
}

// wsRepeat reads a quantified class of ASCII whitespace (' {0,4}', '\s+',
// '\s*', ' {7,}'): its bounds and bytes.
func wsRepeat(re *syntax.Regexp) (indentFilter, bool) {
	f := indentFilter{min: 0, max: int(^uint(0) >> 1)}
	switch re.Op {
	case syntax.OpStar:
	case syntax.OpPlus:
		f.min = 1
	case syntax.OpQuest:
		f.max = 1
	case syntax.OpRepeat:
		f.min = re.Min
		if re.Max >= 0 {
			f.max = re.Max
		}
	default:
		return f, false
	}
	class, ok := wsClass(re.Sub[0])
	f.class = class
	return f, ok
}

// wsClass is the wsBits of a one-rune literal or class that accepts only
// ASCII whitespace.
func wsClass(re *syntax.Regexp) (uint8, bool) {
	var ranges []rune
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) != 1 || re.Flags&syntax.FoldCase != 0 {
			return 0, false
		}
		ranges = []rune{re.Rune[0], re.Rune[0]}
	case syntax.OpCharClass:
		ranges = re.Rune
	default:
		return 0, false
	}
	var bits uint8
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			if r > 0x7f || wsBit(byte(r)) == 0 {
				return 0, false
			}
			bits |= wsBit(byte(r))
		}
	}
	return bits, bits != 0
}
