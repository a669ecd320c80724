package profiles

import "github.com/terse-dev/terse/internal/match"

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
