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
// through them all for each made 100 MB of gcc's output take 30 s.) With
// three files of four joined, the held list is compacted on the way.
func TestJoinHeldByIndex(t *testing.T) {
	for _, every := range []int{2, 4} {
		joinHeldByIndex(t, every)
	}
}

func joinHeldByIndex(t *testing.T, every int) {
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
		if i%every != every-1 {
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
	// Each file with an error: its error, then its own warning; then the
	// files with warnings only, in order.
	var want []string
	for i := range files {
		if i%every != every-1 {
			want = append(want, fmt.Sprintf("e%d", i), fmt.Sprintf("w%d", i))
		}
	}
	for i := range files {
		if i%every == every-1 {
			want = append(want, fmt.Sprintf("w%d", i))
		}
	}
	if strings.Join(order, " ") != strings.Join(want, " ") {
		t.Fatalf("every %d: %d problems, want %d, in order", every, len(order), len(want))
	}
}
