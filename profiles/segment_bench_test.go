package profiles

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// BenchmarkScanSegments is the detection pass alone (claim, clean, signals
// and the spool) over every profile's text captures, concatenated and
// repeated to 20 MB as BenchmarkProfiles builds them: issue 16 asks it to
// run far faster than shaping, so that a pipe costs what -p costs.
//
//	go test ./profiles -run '^$' -bench 'ScanSegments/jest' -benchtime 3x
func BenchmarkScanSegments(b *testing.B) {
	set, err := Builtin()
	if err != nil {
		b.Fatal(err)
	}
	dirs, _ := filepath.Glob(filepath.Join("..", "testdata", "*", "captures"))
	sort.Strings(dirs)
	for _, dir := range dirs {
		name := filepath.Base(filepath.Dir(dir))
		if _, ok := set.Get(name); !ok {
			continue
		}
		var caps []string
		for _, pat := range []string{"*.txt", "*.log"} {
			m, _ := filepath.Glob(filepath.Join(dir, pat))
			caps = append(caps, m...)
		}
		sort.Strings(caps)
		var one []byte
		for _, c := range caps {
			data, err := os.ReadFile(c)
			if err != nil {
				b.Fatal(err)
			}
			one = append(one, data...)
		}
		if len(one) == 0 {
			continue
		}
		b.Run(name, func(b *testing.B) {
			in := bytes.Repeat(one, (20<<20)/len(one)+1)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				sp := &spool{}
				if _, err := set.scanSegments(bytes.NewReader(in), sp); err != nil {
					b.Fatal(err)
				}
				sp.close()
			}
		})
	}
}
