package orders

import (
	"fmt"
	"testing"
)

func TestChecksum(t *testing.T) {
	for n := 0; n < 50; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			if got, want := Checksum(n), 3*n+1; got != want {
				t.Errorf("Checksum(%d) = %d, want %d", n, got, want)
			}
		})
	}
}
