package par

import (
	"testing"
	"time"
)

// The subtests run in parallel, so -v interleaves their output with
// "=== PAUSE", "=== CONT" and "=== NAME" lines.
func TestHuman(t *testing.T) {
	cases := []struct {
		name string
		secs int
		want string
	}{
		{"seconds", 5, "5s"},
		{"minutes", 120, "2m"},
		{"hours", 3600, "1h"},
		{"mixed", 3725, "1h2m5s"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			t.Logf("formatting %d seconds", c.secs)
			time.Sleep(time.Duration(c.secs%7) * 10 * time.Millisecond)
			if got := Human(c.secs); got != c.want {
				t.Errorf("Human(%d) = %q, want %q", c.secs, got, c.want)
			}
		})
	}
}
