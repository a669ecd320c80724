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
	for _, pc := range profileCaptures(b, set, "*.txt", "*.log") {
		name := pc.prof.Name
		one := bytes.Join(pc.files, nil)
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

// profileCaptures is, for each profile with a captures folder under
// testdata, the bytes of its captures whose names match pats, in name
// order: the inputs of the per-profile benchmarks.
func profileCaptures(b testing.TB, set *Set, pats ...string) []profileCapture {
	b.Helper()
	dirs, _ := filepath.Glob(filepath.Join("*", "testdata", "captures"))
	sort.Strings(dirs)
	var out []profileCapture
	for _, dir := range dirs {
		p, ok := set.Get(filepath.Base(filepath.Dir(filepath.Dir(dir))))
		if !ok {
			continue
		}
		var caps []string
		for _, pat := range pats {
			m, _ := filepath.Glob(filepath.Join(dir, pat))
			caps = append(caps, m...)
		}
		sort.Strings(caps)
		pc := profileCapture{prof: p}
		for _, c := range caps {
			data, err := os.ReadFile(c)
			if err != nil {
				b.Fatal(err)
			}
			pc.files = append(pc.files, data)
		}
		out = append(out, pc)
	}
	return out
}

// profileCapture is a profile and the bytes of its capture files.
type profileCapture struct {
	prof  *Profile
	files [][]byte
}
