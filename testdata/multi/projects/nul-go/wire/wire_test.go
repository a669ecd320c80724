package wire

import "testing"

func TestFrameASCII(t *testing.T) {
	f := Frame("hello")
	t.Logf("frame %s", f) // the NUL separator reaches the output
	if got, ok := Unframe(f); !ok || got != "hello" {
		t.Fatalf("Unframe(Frame(hello)) = %q, %v", got, ok)
	}
}

func TestFrameUTF8(t *testing.T) {
	f := Frame("héllo")
	if got, ok := Unframe(f); !ok || got != "héllo" {
		t.Errorf("Unframe(%q) = %q, %v; want héllo", f, got, ok)
	}
}

func TestFrameEmpty(t *testing.T) {
	if got := Frame(""); got != "0\x00" {
		t.Errorf("Frame(\"\") = %q", got)
	}
}

func TestUnframeNoSeparator(t *testing.T) {
	if _, ok := Unframe("12abc"); ok {
		t.Error("Unframe without NUL: ok")
	}
}
