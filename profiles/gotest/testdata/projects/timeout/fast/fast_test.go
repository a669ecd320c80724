package fast

import "testing"

func TestNow(t *testing.T) {
	if Now() != 1 {
		t.Fatal("Now")
	}
}
