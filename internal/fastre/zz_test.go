package fastre

import (
	"regexp"
	"testing"
)

func BenchmarkZZ(b *testing.B) {
	lines := benchLines(b, "mocha")
	pat := `^  (?P<total>(?P<skipped>\d+)) pending$`
	fast := MustCompile(pat)
	std := regexp.MustCompile(pat)
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			for _, l := range lines {
				fast.FindStringSubmatchIndex(l)
			}
		}
	})
	b.Run("std", func(b *testing.B) {
		for b.Loop() {
			for _, l := range lines {
				std.FindStringSubmatchIndex(l)
			}
		}
	})
}
