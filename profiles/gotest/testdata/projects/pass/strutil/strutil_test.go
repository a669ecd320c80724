package strutil

import (
	"fmt"
	"testing"
)

func TestShout(t *testing.T) {
	if got := Shout("hi"); got != "HI!" {
		t.Fatalf("Shout = %q", got)
	}
}

func ExampleShout() {
	fmt.Println(Shout("go"))
	// Output: GO!
}
