package slow

import "testing"

func TestQuick(t *testing.T) {}

func TestWait(t *testing.T) {
	t.Run("forever", func(t *testing.T) {
		t.Log("waiting for a close that never happens")
		Wait(make(chan struct{}))
	})
}
