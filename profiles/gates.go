package profiles

import "github.com/terse-dev/terse/internal/match"

// The gates of a detection signature, as the built-in table holds them
// (builtin_table.go, generated): the matching layer's own types, named
// here so that the generated table reads them as profile fields.
type (
	// SigGate is match.SigGate.
	SigGate = match.SigGate
	// SigHead is match.SigHead.
	SigHead = match.SigHead
	// SigHeadAlt is match.SigHeadAlt.
	SigHeadAlt = match.SigHeadAlt
	// SigStep is match.SigStep.
	SigStep = match.SigStep
)

// WorkOutGates sets p.Detect.Gates from p's detection patterns. The
// generator of the built-in table calls it; a profile without them has its
// gates worked out when a claim index is built.
func (p *Profile) WorkOutGates() {
	p.Detect.Gates = nil
	for _, pattern := range p.Detect.Text {
		p.Detect.Gates = append(p.Detect.Gates, match.SigGateOf(pattern))
	}
}

// tableGate is the gates of p's signature i that p's table holds, nil when
// it holds none (or not one for each signature: not the table's).
func (p *Profile) tableGate(i int) *SigGate {
	if len(p.Detect.Gates) == len(p.Detect.Text) {
		return &p.Detect.Gates[i]
	}
	return nil
}

// shortMasks builds the mask of each line length below shortRows: row n
// holds the signatures a line of n bytes is long enough for, and row
// shortRows every signature.
func (x *claimIndex) shortMasks(lens []int) []uint64 {
	t := newMaskTable((match.ShortRows + 1) * x.words)
	for k, need := range lens {
		bit, w := uint64(1)<<(k%64), k/64
		for n := min(need, match.ShortRows); n <= match.ShortRows; n++ {
			t[n*x.words+w] |= bit
		}
	}
	return t
}

// leadOf is the dispatch of rules, by their prefix filters.
func leadOf(rules []*compiledRule) *match.LeadDispatch {
	prefixes := make([]*match.PrefixFilter, len(rules))
	for i, r := range rules {
		prefixes[i] = &r.lit.Prefix
	}
	return match.NewLeadDispatch(prefixes)
}
