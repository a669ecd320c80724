package profiles

import (
	"math/bits"

	"github.com/terse-dev/terse/internal/match"
)

// lineIndent is the length of line's leading run of ASCII whitespace and
// the wsBits of the bytes in it.
func lineIndent(line string) (n int, bits uint8) {
	for n < len(line) {
		b := wsBit(line[n])
		if b == 0 {
			break
		}
		bits |= b
		n++
	}
	return n, bits
}

// may reports whether the rule may match line, whose leading run of
// whitespace (lineIndent) is n bytes of the wsBits bits: false only when it
// cannot.
func (f *indentFilter) may(line string, n int, bits uint8) bool {
	if !f.on {
		return true
	}
	if bits&^f.class != 0 {
		// The run holds a byte W does not accept ('\t' for ' {0,4}'):
		// W's run ends there (rare, so measured only then).
		n = 0
		for wsBit(line[n])&f.class != 0 {
			n++
		}
	}
	if n < f.min || n > f.max {
		return false
	}
	return f.rest.May(line[n:])
}

// blockMay is the line filter of a block rule: its indent filter, when it
// has one, then its literals. The indent filter reads the pattern's start
// past the indentation, which is more than its prefix filter tells (every
// offset of an indentation passes a space), so that one is left out.
func (r *compiledRule) blockMay(line string, n int, bits uint8) bool {
	if !r.indent.on {
		return r.lit.May(line)
	}
	if !r.indent.may(line, n, bits) {
		return false
	}
	if !r.lit.LitsMay(line) {
		return false
	}
	for _, m := range r.lit.More {
		if !m.May(line) {
			return false
		}
	}
	return true
}

// blockFind is findTo for a block rule whose indent filter passed line: it
// need not run the regexp when the filter is exact.
func (r *compiledRule) blockFind(line string, buf *[]int, g *groups) bool {
	if r.indent.exact && !r.named {
		g.plain(line)
		return true
	}
	return r.findTo(line, buf, g)
}

// newBlockDispatch makes the dispatch of block rules, nil when there are
// too many for a bit each.
func newBlockDispatch(rules []compiledRule) *blockDispatch {
	if len(rules) == 0 || len(rules) > 64 {
		return nil
	}
	d := &blockDispatch{}
	ptrs := make([]*compiledRule, len(rules))
	for i := range rules {
		ptrs[i] = &rules[i]
	}
	d.lead = leadOf(ptrs)
	for i := range rules {
		bit := uint64(1) << i
		f := &rules[i].indent
		for b := range 256 {
			if !f.on || f.rest.At[0].Set.Has(byte(b)) {
				d.byFirst[b] |= bit
			}
		}
		for n := range d.byIndent {
			// The last entry stands for n and longer.
			if !f.on || f.min <= n && n <= f.max || n == maxIndent && f.max >= n {
				d.byIndent[n] |= bit
			}
		}
		for bits := range d.loose {
			if f.on && uint8(bits)&^f.class != 0 {
				d.loose[bits] |= bit
			}
		}
	}
	return d
}

// rules is the set of block rules that may match line, whose leading run
// of whitespace (lineIndent) is n bytes of the wsBits bits: all of them
// when there is no dispatch.
func (d *blockDispatch) rules(line string, n int, bits uint8) uint64 {
	if d == nil || n >= len(line) {
		return ^uint64(0)
	}
	return (d.byFirst[line[n]]&d.byIndent[min(n, maxIndent)] | d.loose[bits]) & d.lead.Rules(line)
}

// nextRule is the first of a block's count rules from i on that the
// dispatch's set may holds, count when there is none. Rules past the 64th
// (a block with no dispatch, whose set holds every rule) are each tried.
func nextRule(may uint64, i, count int) int {
	if i >= 64 {
		return i
	}
	rest := may >> i
	if rest == 0 {
		return count
	}
	return i + bits.TrailingZeros64(rest)
}

// leadOf is the dispatch of rules, by their prefix filters.
func leadOf(rules []*compiledRule) *match.LeadDispatch {
	prefixes := make([]*match.PrefixFilter, len(rules))
	for i, r := range rules {
		prefixes[i] = &r.lit.Prefix
	}
	return match.NewLeadDispatch(prefixes)
}
