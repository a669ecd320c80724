package runner

import (
	"fmt"
	"testing"
)

// Each case logs the jest report it reads, as a test of a wrapper does:
// go test -v prints the report inside its own output, indented. Every
// 50th case expects the wrong count and fails.
func TestRead(t *testing.T) {
	for i := 0; i < 400; i++ {
		t.Run(fmt.Sprintf("case%d", i), func(t *testing.T) {
			report := fmt.Sprintf("PASS src/a%d.test.js\nFAIL src/b%d.test.js (1.2 s)\nTests:       1 failed, 1 passed, 2 total", i, i)
			t.Logf("jest said:\n%s", report)
			want := Summary{Passed: 1, Failed: 1}
			if i%50 == 7 {
				want.Failed = 0
			}
			if got := Read(report); got != want {
				t.Errorf("case %d: got %+v, want %+v", i, got, want)
			}
		})
	}
}
