// Package fastre is a drop-in for the few *regexp.Regexp methods terse's
// rule profiles call on every line, with the same results for every pattern
// and input and less work on the short lines tool output is made of.
//
// It compiles a pattern exactly as the regexp package does (Perl syntax,
// simplified, syntax.Compile) and runs that same program with a
// backtracking matcher over bytes (runes decoded only past ASCII, as the
// regexp package decodes them), so leftmost-first priority, submatch
// positions, captures in loops and empty matches come out the same by
// construction. What makes it faster: no visited bitmap to clear and test
// on every step, no rune decoding through an interface on ASCII, a greedy
// loop over a character class taken in one scan, and start positions no
// match can begin at skipped by a first-byte set. A pattern that makes it
// backtrack too much (past a step budget) is handed to the regexp package
// for that line, so the worst case stays bounded and results stay the same.
//
// Whether a line matches at all (MatchString, and a reject before the
// submatch search while it pays) is answered by a lazily built automaton
// over the same program (dfa.go): one table look-up per byte, no retries.
package fastre

import (
	"regexp"
	"regexp/syntax"
	"runtime"
	"sync/atomic"
)

// Regexp is a compiled pattern: the fast program, and the regexp
// package's, which answers the rare calls and the lines the matcher gives
// up on, compiled on the first of them (most patterns never need it).
type Regexp struct {
	expr  string
	names []string // the groups' names, as SubexpNames
	std   atomic.Pointer[regexp.Regexp]
	prog  *program
	ncap  int // 2 * (NumSubexp + 1)
	// auto is the automaton that answers MatchString, made on its first
	// use (most patterns are compiled and never asked).
	auto atomic.Pointer[dfa]
	// gate says whether submatch asks the automaton first.
	gate gate
}

// Compile parses a pattern as regexp.Compile does and returns its Regexp;
// the error is regexp.Compile's (the parser's: the program of a pattern
// that parses always compiles). The regexp package's own compile of it
// waits for a call that needs it: compiling it beside the fast program was
// a tenth of what a profile's rules took to compile in front of every
// small run, and a parse of its own another.
func Compile(expr string) (*Regexp, error) {
	parsed, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, err
	}
	prog, err := syntax.Compile(parsed.Simplify())
	if err != nil {
		return nil, err
	}
	return &Regexp{expr: expr, names: parsed.CapNames(), prog: compileProg(prog), ncap: 2 * (parsed.MaxCap() + 1)}, nil
}

// MustCompile is Compile that panics on a bad pattern, for patterns fixed
// in the source.
func MustCompile(expr string) *Regexp {
	r, err := Compile(expr)
	if err != nil {
		panic(err)
	}
	return r
}

// Std is the regexp package's compiled form of the same pattern, for the
// calls this package does not provide; compiled on the first call (two
// goroutines may both compile it: one is kept).
func (r *Regexp) Std() *regexp.Regexp {
	if re := r.std.Load(); re != nil {
		return re
	}
	r.std.CompareAndSwap(nil, regexp.MustCompile(r.expr)) // it parsed: it compiles
	return r.std.Load()
}

// String is the source text of the pattern.
func (r *Regexp) String() string { return r.expr }

// NumSubexp is the number of parenthesized subexpressions.
func (r *Regexp) NumSubexp() int { return len(r.names) - 1 }

// SubexpNames are the names of the parenthesized subexpressions, as
// regexp.Regexp.SubexpNames: the caller must not change the slice.
func (r *Regexp) SubexpNames() []string { return r.names }

// SubexpIndex is the index of the subexpression with the given name, or -1.
func (r *Regexp) SubexpIndex(name string) int {
	if name != "" {
		for i, s := range r.names {
			if name == s {
				return i
			}
		}
	}
	return -1
}

// MatchString reports whether s contains a match of the pattern.
func (r *Regexp) MatchString(s string) bool {
	if r.prog.rejects(s) {
		return false
	}
	switch r.automaton().match(s) {
	case matched:
		return true
	case noMatch:
		return false
	}
	switch r.prog.search(s, nil) {
	case matched:
		return true
	case noMatch:
		return false
	}
	return r.Std().MatchString(s)
}

// MatchStringDFA is what the automaton behind MatchString answers on its
// own: whether s holds a match, and false for answered when it handed s on
// (a rune past ASCII the automaton has no class for: one a
// case-folded character tells apart, or one of a pattern that tells more
// than 32 kinds apart; or a full cache). The differential tests of the
// packages that use fastre ask it, and so does a caller that has a cheaper
// way than the backtracker for the lines it hands on (profiles' claim
// union: the per-signature checks).
func (r *Regexp) MatchStringDFA(s string) (match, answered bool) {
	o := r.automaton().match(s)
	return o == matched, o != gaveUp
}

// automaton is r's automaton, made now if it was not yet (two goroutines
// may both make one: one of them is kept).
func (r *Regexp) automaton() *dfa {
	if d := r.auto.Load(); d != nil {
		return d
	}
	if d := newDFA(r.prog); r.auto.CompareAndSwap(nil, d) {
		// The states' bytes count against maxDFATotal while r lives.
		runtime.AddCleanup(r, (*dfa).release, d)
	}
	return r.auto.Load()
}

// FindStringSubmatchIndex is regexp.Regexp.FindStringSubmatchIndex: the
// byte offsets of the leftmost match and its submatches (-1 for a group
// that took no part), or nil.
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	var buf [32]int
	caps, o := r.submatch(s, buf[:0])
	switch o {
	case matched:
		return append([]int(nil), caps...)
	case noMatch:
		return nil
	}
	return r.Std().FindStringSubmatchIndex(s)
}

// FindStringSubmatchIndexTo is FindStringSubmatchIndex with its result in
// dst's storage when dst has room (2*(NumSubexp()+1)), so that a caller
// reading the groups of line after line allocates none: nil when nothing
// matched. The result is dst's until dst is passed again.
func (r *Regexp) FindStringSubmatchIndexTo(dst []int, s string) []int {
	caps, o := r.submatch(s, dst[:0])
	switch o {
	case matched:
		return caps
	case noMatch:
		return nil
	}
	return r.Std().FindStringSubmatchIndex(s)
}

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch: the text of the
// leftmost match and its submatches ("" for a group that took no part), or
// nil.
func (r *Regexp) FindStringSubmatch(s string) []string {
	var buf [32]int
	caps, o := r.submatch(s, buf[:0])
	switch o {
	case noMatch:
		return nil
	case gaveUp:
		return r.Std().FindStringSubmatch(s)
	}
	out := make([]string, len(caps)/2)
	for i := range out {
		if caps[2*i] >= 0 {
			out[i] = s[caps[2*i]:caps[2*i+1]]
		}
	}
	return out
}

// submatch searches s with the capture slots in buf (grown when short):
// the slots and the outcome.
func (r *Regexp) submatch(s string, buf []int) ([]int, outcome) {
	if r.prog.rejects(s) {
		return nil, noMatch
	}
	if r.gate.open() {
		o, n := r.automaton().matchLen(s)
		r.gate.record(o == noMatch, n)
		if o == noMatch {
			return nil, noMatch
		}
	}
	caps := buf[:0]
	if r.ncap > cap(buf) {
		caps = make([]int, 0, r.ncap)
	}
	caps = caps[:r.ncap]
	for i := range caps {
		caps[i] = -1
	}
	if len(s) > maxText {
		return caps, gaveUp
	}
	return caps, r.prog.searchUnchecked(s, caps)
}
