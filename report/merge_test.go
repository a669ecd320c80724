package report

import "testing"

// SplitLines keeps within Lines whatever LinesAfter says: a report built
// by hand, or changed after Merge, must not make the renderer slice past
// its lines.
func TestSplitLinesStaysWithinLines(t *testing.T) {
	for _, c := range []struct{ after, head, tail int }{{0, 3, 0}, {2, 1, 2}, {3, 0, 3}, {9, 0, 3}, {-1, 3, 0}} {
		r := &Report{Lines: []string{"a", "b", "c"}, LinesAfter: c.after}
		head, tail := r.SplitLines()
		if len(head) != c.head || len(tail) != c.tail || len(head)+len(tail) != len(r.Lines) {
			t.Errorf("LinesAfter %d: %d before, %d after", c.after, len(head), len(tail))
		}
	}
}
