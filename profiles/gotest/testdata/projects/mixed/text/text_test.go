package text

import (
	"fmt"
	"strings"
	"testing"
)

func TestWrap(t *testing.T) {
	got := strings.Join(Wrap("the quick brown fox jumps over the lazy dog", 10), "\n")
	want := "the quick\nbrown fox\njumps over\nthe lazy\ndog"
	if got != want {
		t.Errorf("Wrap mismatch\n--- got\n%s\n--- want\n%s", got, want)
	}
}

func TestWrapEmpty(t *testing.T) {
	if got := Wrap("", 10); len(got) != 0 {
		t.Errorf("Wrap(\"\") = %q", got)
	}
}

func ExampleWrap() {
	for _, l := range Wrap("a bb ccc dddd", 8) {
		fmt.Println(l)
	}
	// Output:
	// a bb ccc
	// dddd
}
