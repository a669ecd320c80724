package report

import "testing"

func TestWindow(t *testing.T) {
	w := Window{Offset: 2, Limit: 3}
	var kept []int
	for i := 0; i < 10; i++ {
		if w.Keeps(i) {
			kept = append(kept, i)
		}
	}
	if len(kept) != 3 || kept[0] != 2 || kept[2] != 4 || !w.HasMore(10) || w.HasMore(5) {
		t.Fatalf("window kept %v, HasMore(10)=%v HasMore(5)=%v", kept, w.HasMore(10), w.HasMore(5))
	}
	all := Window{}
	if !all.Keeps(1000) || all.HasMore(1000) {
		t.Fatal("limit 0 must keep everything and never have more")
	}
}
