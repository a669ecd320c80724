package profiles

import (
	"fmt"
	"testing"

	"github.com/itchyny/gojq"
)

// A profile's multiplications mean what they do in jq, for every kind of
// operand, however deep in the program they stand; only a string repeated
// past jqMaxStepBytes is refused, before it is made.
func TestBoundedMultiply(t *testing.T) {
	const src = `def twice(f): f * 2; [.n * 3, ("ab" * 2), (3 * "ab"), ({"a":{"b":1}} * {"a":{"c":2}}), ("x" * 0), ("x" * -1), twice(.n), (reduce (1,2) as $x (1; . * $x)), ((1,2) * (3,4)), ([1] * 2)?]`
	code, err := compileJQ(src)
	if err != nil {
		t.Fatal(err)
	}
	in := map[string]any{"n": 2}
	out, err := firstJQ(code, in)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := gojq.Parse(src)
	plain, _ := gojq.Compile(q)
	want, _ := plain.Run(in).Next()
	if fmt.Sprint(out) != fmt.Sprint(want) {
		t.Errorf("got %v, want jq's %v", out, want)
	}
	code, err = compileJQ(`[.[] | "x" * 2000000000]`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := firstJQ(code, []any{1}); !IsJQBudget(err) {
		t.Errorf("a 2 GB string: %v, want a budget error", err)
	}
}
