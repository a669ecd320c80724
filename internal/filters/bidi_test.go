package filters

import (
	"bytes"
	"testing"
)

// The characters that reorder text are escaped however the writes split
// them; the characters that share their first bytes (U+2014, U+2019) and
// everything else pass unchanged.
func TestReorderingWriter(t *testing.T) {
	in := []byte("a\u202eb\u2066c\u200e\u200f\u061c — ’ \u2069")
	want := `a\u202eb\u2066c\u200e\u200f\u061c — ’ \u2069`
	for split := 0; split <= len(in); split++ {
		var out bytes.Buffer
		w := &ReorderingWriter{W: &out}
		for _, part := range [][]byte{in[:split], in[split:]} {
			if n, err := w.Write(part); err != nil || n != len(part) {
				t.Fatalf("Write: %d, %v", n, err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if out.String() != want {
			t.Errorf("split at %d: %q, want %q", split, out.String(), want)
		}
	}
	var out bytes.Buffer
	w := &ReorderingWriter{W: &out}
	_, _ = w.Write([]byte("end\xe2"))
	_ = w.Flush()
	if out.String() != "end\xe2" {
		t.Errorf("a held lead byte came out as %q", out.String())
	}
}
