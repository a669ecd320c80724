package report

import "testing"

func TestTotals(t *testing.T) {
	if got := Totals(3, 4); got != "3/4 passed" {
		t.Errorf("Totals(3, 4) = %q", got)
	}
}
