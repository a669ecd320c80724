package match

import (
	"testing"
)

// minBytes on patterns whose shortest match is known, the bytes an invalid
// byte and a folded rune may take among them.
func TestMinBytes(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    int
	}{
		{`/node_modules/mocha/lib/`, 24},
		{`⎯ (Failed Tests|Failed Suites|Unhandled Errors) `, len("⎯ Failed Tests ")},
		{`^\s+\d+:\d+\s+(error|warning)\s{2,}\S`, 13},
		{`^  \d+ passing \(\d+m?s\)$`, len("  1 passing (1s)")},
		{`^ {4,}✔ `, 8},
		{`^$`, 0},
		{`x*|abc`, 0},
		{`(ab)+c?`, 2},
		{`a{3,5}`, 3},
		{`é`, 2},
		{`[é-ÿ]`, 2},
		{`[^a]`, 1},   // an invalid byte, U+FFFD to the pattern
		{"\uFFFD", 1}, // the same
		{`(?i)é`, 1},  // folding could take an ASCII case: counted as one
		{`.`, 1},
		{`[\x{800}-\x{FFFF}]`, 1}, // holds U+FFFD
		{`[\x{800}-\x{FFFC}]`, 3},
		{`\x{10000}`, 4},
		{`^(`, 0}, // does not parse: no bound
	} {
		if got := MinBytesOf(c.pattern); got != c.want {
			t.Errorf("minBytesOf(%q) = %d, want %d", c.pattern, got, c.want)
		}
	}
}
