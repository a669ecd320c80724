package vetfail

import "testing"

func TestName(t *testing.T) {
	if got := Name(1); got != "user" {
		t.Errorf("Name(1) = %d, want %s", got, "user")
	}
}
