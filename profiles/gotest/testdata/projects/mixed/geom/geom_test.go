package geom

import "testing"

func TestArea(t *testing.T) {
	t.Run("square", func(t *testing.T) {
		if got := Area([]float64{3}); got != 9 {
			t.Errorf("Area = %v, want 9", got)
		}
	})
	t.Run("rectangle", func(t *testing.T) {
		if got := Area([]float64{2, 5}); got != 10 {
			t.Errorf("Area = %v, want 10", got)
		}
	})
}

func TestAreaNeverRuns(t *testing.T) {
	if Area([]float64{1}) != 1 {
		t.Fatal("unit square")
	}
}
