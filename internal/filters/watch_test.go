package filters

import (
	"strings"
	"testing"
)

// Watch is shown every line Next returns, as Next returns it: a line
// without its end, a last line without a newline, a line cut at Max.
func TestLineReaderWatch(t *testing.T) {
	in := "one\r\n\nthree " + strings.Repeat("x", 40) + "\nlast"
	lr := NewLineReader(strings.NewReader(in))
	lr.Max = 20
	var watched, read []string
	lr.Watch = func(line []byte) { watched = append(watched, string(line)) }
	for {
		line, _, err := lr.Next()
		if err != nil {
			break
		}
		read = append(read, string(line))
	}
	if strings.Join(watched, "|") != strings.Join(read, "|") || len(read) != 4 {
		t.Errorf("watched %q, read %q", watched, read)
	}
	if read[2] != "three "+strings.Repeat("x", 14) {
		t.Errorf("cut line %q", read[2])
	}
}
