package broken

import "testing"

func TestTotal(t *testing.T) {
	if Total([]float64{1, 2}) != 3 {
		t.Fatal("total")
	}
}
