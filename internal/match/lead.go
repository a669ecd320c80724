package match

// LeadDispatch says which of a list of rules (at most 64, a bit each) may
// match a line, from the line's length and its first leadBytes bytes: one
// look-up a byte for all of them, where each rule's prefix filter would
// look in turn, and its literal filter then scan the line. Most lines a
// profile reads match none of the rules tried on them (a block's lines
// against the profile's failure rules, a mocha message's further lines
// against the block's), and most rules are anchored and say what their
// first bytes are: those lines get past all the rules with a few look-ups.
type LeadDispatch struct {
	// At is, for each offset below leadBytes and each byte there, the
	// rules whose prefix filter passes that byte at that offset.
	At [leadBytes][256]uint64
	// byLen is, for each length of line up to maxPrefix (the last entry
	// for any longer), the rules whose prefix filter passes that length.
	byLen [maxPrefix + 2]uint64
}

// leadBytes is the number of a line's first bytes a leadDispatch looks at.
const leadBytes = 4

// NewLeadDispatch makes the dispatch of the rules whose prefix filters are
// prefixes, nil when there are none or more than 64.
func NewLeadDispatch(prefixes []*PrefixFilter) *LeadDispatch {
	if len(prefixes) == 0 || len(prefixes) > 64 {
		return nil
	}
	d := &LeadDispatch{}
	for i, f := range prefixes {
		bit := uint64(1) << i
		for k := range d.At {
			for b := range 256 {
				if f.passesAt(k, byte(b)) {
					d.At[k][b] |= bit
				}
			}
		}
		for n := range d.byLen {
			if f.passesLen(n) {
				d.byLen[n] |= bit
			}
		}
	}
	return d
}

// passesAt says whether the filter passes byte b at offset off of a line
// long enough to hold it.
func (f *PrefixFilter) passesAt(off int, b byte) bool {
	for i := range f.At {
		if f.At[i].Off == off {
			return f.At[i].Set.Has(b)
		}
	}
	return true
}

// passesLen says whether the filter passes a line of n bytes for its
// length (may's first test); n past maxPrefix stands for any longer line.
func (f *PrefixFilter) passesLen(n int) bool {
	return n >= f.Min || n <= maxPrefix && f.EndAt&(1<<n) != 0
}

// Rules is the set of rules that may match line: all of them when there is
// no dispatch. A rule outside it cannot match; one inside it still has its
// own filters to pass.
func (d *LeadDispatch) Rules(line string) uint64 {
	if d == nil {
		return ^uint64(0)
	}
	m := d.byLen[min(len(line), maxPrefix+1)]
	if len(line) >= leadBytes {
		// Most lines: the four look-ups unrolled.
		return m & d.At[0][line[0]] & d.At[1][line[1]] & d.At[2][line[2]] & d.At[3][line[3]]
	}
	for k := range len(line) {
		m &= d.At[k][line[k]]
	}
	return m
}
