package report

import "testing"

// Every shared key has its own singular, and Noun picks the form by count.
func TestOmissionKeyForms(t *testing.T) {
	for k, one := range singulars {
		if one == "" || one == k.Plural() {
			t.Errorf("%q: singular %q", k, one)
		}
		if got := k.Noun(1); got != one {
			t.Errorf("%q.Noun(1) = %q, want %q", k, got, one)
		}
		for _, n := range []int{0, 2, 40} {
			if got := k.Noun(n); got != string(k) {
				t.Errorf("%q.Noun(%d) = %q", k, n, got)
			}
		}
	}
	// A key no parser declared (a user profile's) falls back to its last word.
	if got := OmissionKey("skipped specs").Singular(); got != "skipped spec" {
		t.Errorf("free-text key: %q", got)
	}
}

// OmitKey records the key as Omit does.
func TestOmitKey(t *testing.T) {
	b := NewBuilder("x", Window{})
	b.OmitKey(OmitStackFrames, 2)
	b.Omit("stack frames", 1)
	if got := b.Finish().OmittedCount("stack frames"); got != 3 {
		t.Errorf("count %d, want 3", got)
	}
}
