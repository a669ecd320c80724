package match

import (
	"fmt"
	"regexp/syntax"
)

// Role is what a pattern is for: the shortcuts read a detection signature
// and a rule differently, and ask different things of each.
type Role int

const (
	// Signature is a detection pattern, tried on every line of a pipe.
	Signature Role = iota
	// Rule is a text rule's pattern, tried on the lines of its tool's run.
	Rule
	// BlockEnd is a block rule's until: what the rules ask of a rule,
	// bar being one pattern.
	BlockEnd
)

// Advice says, one sentence each, what in pattern keeps the shortcuts of
// this package from reading it, and how to write it so that they do. Any
// pattern RE2 accepts matches the same lines with or without the
// shortcuts: a pattern they cannot read is only slower, run on every line
// where the others are turned away by a byte or a literal. Nil when there
// is nothing to say (or the pattern does not parse: compiling says that).
func Advice(pattern string, role Role) []string {
	re, err := ParsedOf(pattern)
	if err != nil || pattern == "" {
		return nil
	}
	var out []string
	if StartAfterText(re, false) {
		out = append(out, "has a ^ or \\A after text it must read: that part can never match")
	}
	switch {
	case role == Signature && !AnchoredAtStart(pattern):
		out = append(out, "does not start with ^ (or ^\\s* where the tool indents): the claim index turns "+
			"lines away from a signature by the bytes it starts with, so this one runs on every line of every pipe")
	case role == Rule && TopAlternation(pattern):
		out = append(out, fmt.Sprintf("is an alternation at its top (%s): the filters that spare a line a rule's "+
			"regexp read one anchored start, so every line goes to this regexp; write one rule per alternative, "+
			"in the same place and with the same emit", "'^a|^b'"))
	}
	return out
}

// AnchoredAtStart reports whether every match of pattern starts at the
// start of the line: every path of its program asserts it (^, \A) before
// it reads a character, as in mocha's "^  \d+\) .*:$|^ {7,}\S.*:$",
// whose alternatives each do (the program's StartCond looks no further
// than its first fork).
func AnchoredAtStart(pattern string) bool {
	re, err := SimplifiedOf(pattern)
	if err != nil {
		return false
	}
	prog, err := syntax.Compile(re)
	return err == nil && AnchoredProg(prog)
}

// TopAlternation reports whether pattern is an alternation at its top
// ('^a|^b'), read from its text: a | outside every group and class.
func TopAlternation(pattern string) bool {
	depth, class := 0, false
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '\\':
			i++
		case class:
			class = c != ']'
		case c == '[':
			class = true
			// A ] first in a class (or first after its ^) is a byte
			// of it.
			if i+1 < len(pattern) && pattern[i+1] == '^' {
				i++
			}
			if i+1 < len(pattern) && pattern[i+1] == ']' {
				i++
			}
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == '|' && depth == 0:
			return true
		}
	}
	return false
}

// StartAfterText reports whether re has a start of text (^ or \A, without
// (?m)) after a part that must read a byte (after: one came before re),
// where it can never match.
func StartAfterText(re *syntax.Regexp, after bool) bool {
	switch re.Op {
	case syntax.OpBeginText:
		return after
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if StartAfterText(sub, after) {
				return true
			}
			after = after || MinBytes(sub) > 0
		}
		return false
	}
	for _, sub := range re.Sub {
		if StartAfterText(sub, after) {
			return true
		}
	}
	return false
}
