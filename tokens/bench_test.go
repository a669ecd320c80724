package tokens

import (
	"os"
	"testing"
)

func benchCount(b *testing.B, enc string) {
	data, err := os.ReadFile("../testdata/jest/captures/mixed.verbose.txt")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := Count(enc, data); err != nil { // load the vocabulary first
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := Count(enc, data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCountO200k measures exact counting speed on a real jest log.
func BenchmarkCountO200k(b *testing.B) { benchCount(b, O200k) }

// BenchmarkCountCl100k is the same with cl100k_base.
func BenchmarkCountCl100k(b *testing.B) { benchCount(b, Cl100k) }

// BenchmarkLoadVocab measures what the first count of a run pays.
func BenchmarkLoadVocab(b *testing.B) {
	for b.Loop() {
		if _, err := loadVocab(o200kData); err != nil {
			b.Fatal(err)
		}
	}
}
