package delta

import (
	"fmt"
	"testing"

	"github.com/terse-dev/terse/report"
)

// benchFailures are n failures shaped like a large jest run's: a file, a
// full name, a message and expected/received.
func benchFailures(n int) []report.Failure {
	fs := make([]report.Failure, n)
	for i := range fs {
		fs[i] = report.Failure{Kind: report.KindAssertion, File: fmt.Sprintf("src/app/module%d.test.js", i%400), Line: 10 + i%90,
			Name:    fmt.Sprintf("App module %d > renders the \"widget\" <%d> in its place", i%400, i),
			Message: "expect(received).toBe(expected) // Object.is equality", Expected: fmt.Sprint(i), Received: fmt.Sprint(i + 1)}
	}
	return fs
}

// BenchmarkRecord is what `terse run` does with the failures of a large
// run for the next run's comparison: the record built, saved and read back,
// and compared with the previous run's.
//
//	go test ./internal/delta -run '^$' -bench Record -benchmem
func BenchmarkRecord(b *testing.B) {
	fs := benchFailures(64_000)
	each := func(fn func(report.Failure) error) error {
		for _, f := range fs {
			if err := fn(f); err != nil {
				return err
			}
		}
		return nil
	}
	cur, err := RecordOf("jest", len(fs), each)
	if err != nil {
		b.Fatal(err)
	}
	data, err := cur.Encode()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("RecordOf", func(b *testing.B) {
		for b.Loop() {
			if _, err := RecordOf("jest", len(fs), each); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Encode", func(b *testing.B) {
		for b.Loop() {
			if _, err := cur.Encode(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Decode", func(b *testing.B) {
		for b.Loop() {
			if _, err := Decode(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Compare", func(b *testing.B) {
		for b.Loop() {
			Compare(cur, cur, 1)
		}
	})
}
