package filters

import (
	"strings"
	"testing"
)

// Watch is shown the visible text of every line Next returns, as Next
// returns it: a line without its end, a last line without a newline, a
// line cut at Max, a coloured line without its escapes.
func TestLineReaderWatch(t *testing.T) {
	in := "one\r\n\n\x1b[31mFAIL\x1b[0m three " + strings.Repeat("x", 40) + "\nlast"
	lr := NewLineReader(strings.NewReader(in))
	lr.Max = 30
	var watched, read []string
	lr.Watch = func(line string) { watched = append(watched, strings.Clone(line)) }
	for {
		line, _, err := lr.Next()
		if err != nil {
			break
		}
		read = append(read, CleanLine(string(line)))
	}
	if strings.Join(watched, "|") != strings.Join(read, "|") || len(read) != 4 || !strings.HasPrefix(watched[2], "FAIL three") {
		t.Errorf("watched %q, read %q", watched, read)
	}
}

// A reader that cleans its lines shows Watch the clean text once, and Next
// then does not: EachClean's lines are watched once each.
func TestLineReaderWatchedOnce(t *testing.T) {
	in := "a\n\x1b[1mb\x1b[0m\n\nc"
	for _, ahead := range []bool{true, false} {
		lr := NewLineReader(strings.NewReader(in))
		lr.inline = !ahead
		var watched, read []string
		lr.Watch = func(line string) { watched = append(watched, strings.Clone(line)) }
		if err := lr.EachClean(func(l string) { read = append(read, l) }); err != nil {
			t.Fatal(err)
		}
		if strings.Join(watched, "|") != "a|b||c" || strings.Join(read, "|") != "a|b||c" {
			t.Errorf("ahead %v: watched %q, read %q", ahead, watched, read)
		}
	}
}
