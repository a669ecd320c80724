package profiles

import (
	"testing"

	"github.com/terse-dev/terse/internal/fastre"
)

// TestGroupsAtIsGet: a field read by its slot is what get of its name
// reads, for every built-in pattern on every real capture line it matches.
func TestGroupsAtIsGet(t *testing.T) {
	lines := lineSample(allCaptureLines(t))
	var buf []int
	for _, p := range builtinPatterns(t) {
		r := compiledRule{Rule: Rule{Match: p}, re: fastre.MustCompile(p)}
		r.prepare()
		for _, l := range lines {
			var g groups
			if !r.findTo(l, &buf, &g) {
				continue
			}
			for f, name := range fieldNames {
				if a, w := g.at(field(f)), g.get(name); a != w {
					t.Fatalf("%q on %q: at(%s) = %q, get = %q", p, l, name, a, w)
				}
			}
		}
	}
}
