package profiles

import "testing"

// BenchmarkCompilePatterns is what a profile's rules cost to compile, as
// the first shaping in a process compiles them: in front of every small
// run's report, whose whole CPU is some 14 ms (terse run of mocha's 32 kB
// capture). With accepted asking MatchRune of every ASCII byte, mocha's
// took 1.8 ms here and tap's 2.9; reading the ranges, 1.25 and 1.8.
//
//	go test ./profiles -run '^$' -bench CompilePatterns -benchmem
func BenchmarkCompilePatterns(b *testing.B) {
	set, err := Builtin()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"mocha", "tap", "gcc", "golangci-lint"} {
		p0, ok := set.Get(name)
		if !ok {
			b.Fatalf("no profile %s", name)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				// A profile of its own each time: the compiled rules
				// are kept on it once made.
				p := &Profile{Name: p0.Name, Text: p0.Text, Frames: p0.Frames}
				if err := p.compilePatterns(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
