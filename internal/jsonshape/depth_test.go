package jsonshape

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// nested is n arrays, one inside the other.
func nested(n int) []byte {
	return append(bytes.Repeat([]byte("["), n), bytes.Repeat([]byte("]"), n)...)
}

// A stream nested past MaxDepth is refused where it goes past it, without
// recursing down (2.5 million levels overflowed the stack: issue 52);
// MaxDepth levels are shaped.
func TestShapeRefusesDeepStreams(t *testing.T) {
	for _, in := range [][]byte{nested(2_500_000), bytes.Repeat([]byte(`{"a":`), 900_000)} {
		_, err := Shape(bytes.NewReader(in), Options{})
		var de *DepthError
		if !errors.As(err, &de) {
			t.Fatalf("Shape(%.10s...): %v, want a DepthError", in, err)
		}
	}
	d, err := Shape(bytes.NewReader(nested(MaxDepth)), Options{})
	if err != nil || d == nil {
		t.Fatalf("Shape of %d levels: %v", MaxDepth, err)
	}
}

// Brackets inside strings, escaped quotes among them, are not nesting.
func TestDepthLimitedSkipsStrings(t *testing.T) {
	in := `["` + strings.Repeat(`[{\"`, 3*MaxDepth) + `"]`
	got, err := io.ReadAll(DepthLimited(strings.NewReader(in)))
	if err != nil || string(got) != in {
		t.Fatalf("read %d bytes, %v; want all %d", len(got), err, len(in))
	}
	got, err = io.ReadAll(DepthLimited(bytes.NewReader(nested(MaxDepth + 1))))
	var de *DepthError
	if !errors.As(err, &de) || len(got) != MaxDepth || de.Offset != MaxDepth {
		t.Fatalf("read %d bytes, %v; want %d and a DepthError at %d", len(got), err, MaxDepth, MaxDepth)
	}
}

// ReadValue and Partial stop at MaxDepth too.
func TestReadValueAndPartialStopAtMaxDepth(t *testing.T) {
	dec := json.NewDecoder(bytes.NewReader(nested(MaxDepth + 5)))
	var de *DepthError
	if _, err := ReadValue(dec); !errors.As(err, &de) {
		t.Errorf("ReadValue: %v, want a DepthError", err)
	}
	dec = json.NewDecoder(bytes.NewReader(nested(MaxDepth)))
	if _, err := ReadValue(dec); err != nil {
		t.Errorf("ReadValue of %d levels: %v", MaxDepth, err)
	}
	if v := Partial(nested(3 * MaxDepth)[:2*MaxDepth]); v == nil {
		t.Error("Partial gave nothing for a deep prefix")
	}
}
