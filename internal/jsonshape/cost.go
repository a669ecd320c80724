package jsonshape

import "github.com/terse-dev/terse/tokens"

// Cost is the cost in tokens of b as the agent reads it: o200k_base tokens,
// counted (the vocabulary is embedded and costs no load). Were counting to
// fail, which takes a broken build, the estimate of one token per 4 bytes
// stands in.
func Cost(b []byte) int {
	n, err := tokens.Count(tokens.Default, b)
	if err != nil {
		return estimate(len(b))
	}
	return n
}

func estimate(n int) int { return (n + 3) / 4 }

// exactBudget is how many bytes of left-out values a document's omissions
// count exactly: counting runs at about 85 MB/s, and a huge document may
// leave out most of its bytes. Past the budget, a value costs its bytes at
// the tokens per byte counted so far, and its field's count is marked as an
// estimate.
const exactBudget = 8 << 20

// costMeter counts the costs of one document's left-out values, exactly up
// to exactBudget bytes and at the measured rate after.
type costMeter struct {
	bytes, tokens int
}

// cost returns the cost of b and whether it is exact.
func (m *costMeter) cost(b []byte) (int, bool) {
	if m.bytes+len(b) <= exactBudget {
		n := Cost(b)
		m.bytes += len(b)
		m.tokens += n
		return n, true
	}
	if m.bytes == 0 {
		return estimate(len(b)), false
	}
	return int(float64(len(b))*float64(m.tokens)/float64(m.bytes) + 0.5), false
}
