package match

import (
	"regexp/syntax"
	"sync"
)

// SimplifiedParses caches simplifiedOf by pattern, and parses parsedOf.
var SimplifiedParses, Parses sync.Map // pattern -> simplifiedParse

// SimplifiedParse is a pattern's simplified parse tree, or why it does not
// parse.
type SimplifiedParse struct {
	Re  *syntax.Regexp
	Err error
}

// SimplifiedOf is the simplified parse of pattern (Perl syntax), made once:
// the claim index reads each detection signature's three times (gateOf,
// headGateOf, claimSets), and every pipe builds one, so parsing it once
// saves a start a millisecond. The tree is shared: read it, never change
// it.
func SimplifiedOf(pattern string) (*syntax.Regexp, error) {
	if v, ok := SimplifiedParses.Load(pattern); ok {
		sp := v.(SimplifiedParse)
		return sp.Re, sp.Err
	}
	var sp SimplifiedParse
	if sp.Re, sp.Err = ParsedOf(pattern); sp.Err == nil {
		sp.Re = sp.Re.Simplify() // a tree of its own where it simplifies: the parse is left as it is
	}
	SimplifiedParses.Store(pattern, sp)
	return sp.Re, sp.Err
}

// ParsedOf is the parse of pattern (Perl syntax), made once: a rule's
// pattern is read for its literals, prefix, indent, sure match and sure
// groups, each of which parsed it again, and the parses were a sixth of
// what compiling a profile's rules cost in front of every small run. The
// tree is shared: read it, never change it.
func ParsedOf(pattern string) (*syntax.Regexp, error) {
	if v, ok := Parses.Load(pattern); ok {
		sp := v.(SimplifiedParse)
		return sp.Re, sp.Err
	}
	var sp SimplifiedParse
	sp.Re, sp.Err = syntax.Parse(pattern, syntax.Perl)
	Parses.Store(pattern, sp)
	return sp.Re, sp.Err
}
