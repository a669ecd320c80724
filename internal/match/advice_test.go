package match

import (
	"strings"
	"testing"
)

// TestAdvice: each thing the shortcuts cannot read is said once, by the
// role the pattern has, and a pattern they read draws nothing.
func TestAdvice(t *testing.T) {
	for _, c := range []struct {
		pattern string
		role    Role
		want    []string // a word of each sentence, in order
	}{
		{`^\S+:\d+: (error|warning): `, Signature, nil},
		{`^\s*FAIL `, Signature, nil},
		{`(error|warning): `, Signature, []string{"does not start with ^"}},
		{`^a|b`, Signature, []string{"does not start with ^"}},
		{`^  \d+\) .*:$|^ {7,}\S.*:$`, Signature, nil}, // each alternative anchored
		{`^a|^b`, Rule, []string{"alternation at its top"}},
		{`^(a|b)c`, Rule, nil},
		{`^[|]x`, Rule, nil},
		{`(error|warning): `, Rule, nil}, // a rule may start anywhere
		{`x+^a`, Rule, []string{"can never match"}},
		{`x+^a|^b`, Rule, []string{"can never match", "alternation at its top"}},
		{`x+^a|^b`, BlockEnd, []string{"can never match"}},
		{`^a|^b`, BlockEnd, nil},
		{`(?m)x^a`, Rule, nil}, // the start of any line
		{`(`, Rule, nil},       // compiling says what is wrong
		{``, Signature, nil},
	} {
		got := Advice(c.pattern, c.role)
		if len(got) != len(c.want) {
			t.Errorf("Advice(%q, %d) = %q, want %d sentences", c.pattern, c.role, got, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("Advice(%q, %d)[%d] = %q, want it to say %q", c.pattern, c.role, i, got[i], w)
			}
		}
	}
}
