package profiles

import (
	"fmt"
	"strings"
	"testing"

	"github.com/terse-dev/terse/report"
)

// joinHeld takes a file's held problems by their index: with no page every
// warning of a run is held, and each file whose errors come later joins
// its own, in order, whatever number of other files' are held. (A look
// through them all for each made 100 MB of gcc's output take 30 s.)
func TestJoinHeldByIndex(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	p, _ := set.Get("gcc")
	var in strings.Builder
	const files = 3000
	for i := range files {
		fmt.Fprintf(&in, "f%d.c:1:1: warning: w%d [-Wx]\n", i, i)
	}
	for i := range files {
		if i%2 == 0 {
			fmt.Fprintf(&in, "f%d.c:2:1: error: e%d\n", i, i)
		}
	}
	r, err := ShapeText(p, strings.NewReader(in.String()), Options{Window: report.Window{}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var order []string
	if err := r.Each(func(f report.Failure) error { order = append(order, f.Message); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(order) != files+files/2 {
		t.Fatalf("%d problems, want %d", len(order), files+files/2)
	}
	// Each file with an error: its error, then its own warning; then the
	// files with warnings only, in order.
	for k := 0; k < files/2; k++ {
		i := 2 * k
		if order[2*k] != fmt.Sprintf("e%d", i) || order[2*k+1] != fmt.Sprintf("w%d", i) {
			t.Fatalf("problems %d-%d: %q, want e%d then w%d", 2*k, 2*k+1, order[2*k:2*k+2], i, i)
		}
	}
	for k, m := range order[files:] {
		if want := fmt.Sprintf("w%d", 2*k+1); m != want {
			t.Fatalf("held problem %d: %q, want %q", k, m, want)
		}
	}
}
