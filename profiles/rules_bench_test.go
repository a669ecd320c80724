package profiles_test

import "testing"

// rulesBenchCaptures names, for each profile written as YAML rules, its
// largest capture: the input BenchmarkRulesThroughput repeats to 100 MB.
var rulesBenchCaptures = []struct{ profile, capture string }{
	{"mypy", "many.txt"},
	{"tsc", "many.pretty.txt"},
	{"pylint", "late.txt"},
	{"flake8", "bs4.txt"},
	{"shellcheck", "debian.tty.txt"},
	{"gcc", "zlib.txt"},
	{"go-vet", "build.txt"},
	{"tap", "tape-fail.txt"},
	{"unittest", "textwrap-v.txt"},
}

// BenchmarkRulesThroughput shapes about 100 MB of each YAML rule profile's
// largest capture, repeated, and reports MB/s per profile.
func BenchmarkRulesThroughput(b *testing.B) {
	for _, c := range rulesBenchCaptures {
		b.Run(c.profile, func(b *testing.B) { benchThroughput(b, c.profile, c.capture) })
	}
}
