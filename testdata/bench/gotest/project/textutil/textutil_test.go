package textutil

import "testing"

func TestWords(t *testing.T) {
	if got := len(Words("a b c")); got != 3 {
		t.Errorf("len(Words) = %d, want 3", got)
	}
}

func TestTruncate(t *testing.T) {
	if got := Truncate("héllo wörld", 4); got != "héll…" {
		t.Errorf("Truncate = %q, want %q", got, "héll…")
	}
}

func TestTruncateShort(t *testing.T) {
	if got := Truncate("hi", 4); got != "hi" {
		t.Errorf("Truncate = %q", got)
	}
}

func TestInitials(t *testing.T) {
	if got := Initials("ada  lovelace"); got != "AL" {
		t.Errorf("Initials = %q, want AL", got)
	}
}
