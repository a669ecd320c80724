package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRunCountsEveryLine: the floor reads the whole input, a line longer
// than its buffer as one line, and its checksum is the lines' hashes.
func TestRunCountsEveryLine(t *testing.T) {
	long := strings.Repeat("x", 200<<10)
	var in bytes.Buffer
	var want uint64
	var lines []string
	for i := range 5000 {
		l := strings.Repeat("a", i%50) + "\n"
		if i == 1234 {
			l = long + "\n"
		}
		lines = append(lines, l)
	}
	lines = append(lines, "no newline at the end")
	for _, l := range lines {
		in.WriteString(l)
		want += fnv(l)
	}
	n, sum, err := run(&in)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(lines) || sum != want {
		t.Errorf("run = %d lines, checksum %x; want %d, %x", n, sum, len(lines), want)
	}
}

func TestRunEmpty(t *testing.T) {
	n, sum, err := run(strings.NewReader(""))
	if err != nil || n != 0 || sum != 0 {
		t.Errorf("run of nothing = %d, %x, %v", n, sum, err)
	}
}
