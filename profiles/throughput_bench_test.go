package profiles_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// profileBenchMB is the size of BenchmarkProfiles' inputs: smaller than
// scripts/bench.sh's 100 MB so that a run of every profile stays quick, and
// large enough that each is far past the in-memory spool.
const profileBenchMB = 20

// BenchmarkProfiles shapes, for every profile with text captures, all its
// text captures concatenated and repeated to profileBenchMB (the input
// scripts/bench.sh builds, smaller), to llm text: "forced" names the
// profile, as -p and terse run do; "detected" leaves it to detection, as a
// pipe does. Issue 16 asks 150 MB/s of each with the ledger on; the ledger
// counts on the other core, so this single-core figure is the one to raise.
//
//	go test ./profiles -run '^$' -bench 'Profiles/mocha/' -benchtime 3x
func BenchmarkProfiles(b *testing.B) {
	set := builtin(b)
	dirs, err := filepath.Glob(filepath.Join("*", "testdata", "captures"))
	if err != nil {
		b.Fatal(err)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		name := filepath.Base(filepath.Dir(filepath.Dir(dir)))
		p, ok := set.Get(name)
		if !ok {
			continue
		}
		var caps []string
		for _, pat := range []string{"*.txt", "*.log"} {
			m, _ := filepath.Glob(filepath.Join(dir, pat))
			caps = append(caps, m...)
		}
		if len(caps) == 0 {
			continue
		}
		sort.Strings(caps)
		var in []byte
		b.Run(name+"/forced", func(b *testing.B) {
			in = profileBenchInput(b, in, caps)
			shapeBench(b, set, p, in)
		})
		b.Run(name+"/detected", func(b *testing.B) {
			in = profileBenchInput(b, in, caps)
			shapeBench(b, set, nil, in)
		})
	}
}

// profileBenchInput is the captures, concatenated, repeated to
// profileBenchMB; have is returned when it was built already.
func profileBenchInput(b *testing.B, have []byte, caps []string) []byte {
	b.Helper()
	if have != nil {
		return have
	}
	var one []byte
	for _, c := range caps {
		data, err := os.ReadFile(c)
		if err != nil {
			b.Fatal(err)
		}
		one = append(one, data...)
	}
	if len(one) == 0 {
		b.Skip("empty captures")
	}
	return bytes.Repeat(one, (profileBenchMB<<20)/len(one)+1)
}

func shapeBench(b *testing.B, set *profiles.Set, p *profiles.Profile, in []byte) {
	b.SetBytes(int64(len(in)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := set.Shape(bytes.NewReader(in), p, profiles.Options{Window: report.Window{Limit: 20}})
		if err != nil || out.Report == nil {
			b.Fatalf("not shaped: %v", err)
		}
		if err := render.LLM(io.Discard, out.Report, goldenHints); err != nil {
			b.Fatal(err)
		}
	}
}
