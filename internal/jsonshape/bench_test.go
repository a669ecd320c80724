package jsonshape

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/terse-dev/terse/report"
)

// largeArray is a JSON array of task-like objects of about size bytes, one
// per line as tools print them.
func largeArray(size int) []byte {
	var b bytes.Buffer
	b.WriteString("[\n")
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"id":"T%06d","title":"Migrate report %d to the new engine","status":"pending","priority":"high","parentId":null,"description":"Report %d still runs on the legacy engine; port its query and check the totals.","labels":["migration","reports"],"notes":[],"createdAt":"2026-03-02T08:00:00Z"}`, i, i, i)
	}
	b.WriteString("\n]\n")
	return b.Bytes()
}

// BenchmarkLargeArray shapes a 100 MB array to its first page: the
// streaming path, where items off the page are skipped, not decoded.
func BenchmarkLargeArray(b *testing.B) {
	in := largeArray(100 << 20)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := Shape(bytes.NewReader(in), Options{Window: report.Window{Limit: 50}})
		if err != nil {
			b.Fatal(err)
		}
		if d.List.Total < 100000 {
			b.Fatalf("total %d", d.List.Total)
		}
		if err := WriteJSON(io.Discard, d, Hints{}, false); err != nil {
			b.Fatal(err)
		}
	}
}
