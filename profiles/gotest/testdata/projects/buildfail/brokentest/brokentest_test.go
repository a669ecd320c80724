package brokentest

import (
	"strings"
	"testing"
)

func TestDouble(t *testing.T) {
	got := Double("2")
	if got != 4 {
		t.Errorf("Double = %d", got)
	}
}
