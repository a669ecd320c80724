package profiles

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/terse-dev/terse/filters"
	"github.com/terse-dev/terse/report"
)

func init() { RegisterTextParser("generic", parseGeneric) }

// Generic output keeps this many lines from the start and the end; the middle
// of a longer output is counted, not shown.
const (
	genericHead = 150
	genericTail = 100
)

// parseGeneric cleans output terse has no profile for: escapes and
// carriage-return progress are resolved, runs of blank lines become one, and
// identical consecutive lines fold into one with a count. Output longer than
// the budget keeps its head and tail. Memory holds the budget, not the input.
func parseGeneric(lr *filters.LineReader, b *report.Builder, opt Options) error {
	var (
		head    []string
		tail    = make([]string, 0, genericTail)
		tailAt  int
		middle  int
		prev    string
		repeats int
		blank   bool
		started bool
	)
	push := func(l string) {
		if len(head) < genericHead {
			head = append(head, l)
			return
		}
		if len(tail) < genericTail {
			tail = append(tail, l)
			return
		}
		tail[tailAt] = l
		tailAt = (tailAt + 1) % genericTail
		middle++
	}
	flushRepeat := func() {
		if repeats > 0 {
			push(fmt.Sprintf("  … previous line repeated %d more %s", repeats, pluralS(repeats, "time")))
			b.Omit("repeated lines", repeats)
			repeats = 0
		}
	}
	for {
		raw, cut, err := lr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		l := strings.TrimRight(filters.CleanLine(string(raw)), " \t")
		if cut {
			l += " …[line cut]"
		}
		if l == "" {
			if started && !blank {
				blank = true
			} else if started {
				b.Omit("blank lines", 1)
			}
			continue
		}
		if started && l == prev && !blank {
			repeats++
			continue
		}
		flushRepeat()
		if blank {
			push("")
			blank = false
		}
		push(l)
		prev, started = l, true
	}
	flushRepeat()
	lines := head
	if middle > 0 {
		lines = append(lines, fmt.Sprintf("… %d lines omitted …", middle))
		b.Omit("lines", middle)
	}
	lines = append(lines, tail[tailAt:]...)
	lines = append(lines, tail[:tailAt]...)
	b.SetLines(lines)
	return nil
}
