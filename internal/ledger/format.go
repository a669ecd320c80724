package ledger

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/terse-dev/terse/tokens"
)

// TextOptions tune WriteText.
type TextOptions struct {
	// Rows caps the rows of each table (0: all). Rows left out are
	// counted under the table, never dropped silently.
	Rows int
}

// WriteText renders s for people: the totals, then tables per profile,
// per command and per day (the most recent days).
func WriteText(w io.Writer, s Summary, opt TextOptions) error {
	ew := &errWriter{w: w}
	if s.Total.Runs == 0 {
		fmt.Fprintf(ew, "no shaped runs recorded yet in %s\n", s.Path)
		if s.Skipped > 0 {
			fmt.Fprintf(ew, "%s skipped\n", plural(s.Skipped, "unreadable line", "unreadable lines"))
		}
		return ew.err
	}
	t := s.Total
	fmt.Fprintf(ew, "%s from %s to %s: %s tokens raw -> %s shaped, %s saved (%.1f%%)\n",
		plural(t.Runs, "run", "runs"), s.First.Format(time.DateOnly), s.Last.Format(time.DateOnly),
		tokens.Group(t.Raw), tokens.Group(t.Shaped), tokens.Group(t.Saved()), t.Percent())
	fmt.Fprintf(ew, "tokens counted with %s; raw = all the output the agent would have read without terse\n",
		strings.Join(s.Encodings, ", "))
	if t.Estimated > 0 {
		fmt.Fprintf(ew, "%s raw output over the exact-count limit: its raw count is extrapolated (marked ~)\n", plural(t.Estimated, "run had", "runs had"))
	}
	table(ew, "profile", s.Profiles, opt.Rows, false)
	table(ew, "command", s.Commands, opt.Rows, false)
	table(ew, "day", s.Days, opt.Rows, true)
	if s.Skipped > 0 {
		fmt.Fprintf(ew, "\n%s in %s skipped\n", plural(s.Skipped, "unreadable line", "unreadable lines"), s.Path)
	}
	return ew.err
}

// table writes one group table. latest keeps the last rows (days) rather
// than the first.
func table(w io.Writer, title string, gs []Group, rows int, latest bool) {
	shown, left := gs, 0
	if rows > 0 && len(gs) > rows {
		left = len(gs) - rows
		if latest {
			shown = gs[left:]
		} else {
			shown = gs[:rows]
		}
	}
	cells := [][]string{{title, "runs", "raw", "shaped", "saved"}}
	for _, g := range shown {
		raw := tokens.Group(g.Raw)
		if g.Estimated > 0 {
			raw = "~" + raw
		}
		cells = append(cells, []string{g.Key, tokens.Group(int64(g.Runs)), raw,
			tokens.Group(g.Shaped), fmt.Sprintf("%.1f%%", g.Percent())})
	}
	width := make([]int, len(cells[0]))
	for _, row := range cells {
		for i, c := range row {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	fmt.Fprintln(w)
	for _, row := range cells {
		var b strings.Builder
		for i, c := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if i == 0 {
				b.WriteString(c + pad) // names left, numbers right
			} else {
				b.WriteString("  " + pad + c)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	if left > 0 {
		which := "more"
		if latest {
			which = "earlier"
		}
		fmt.Fprintf(w, "… %s not shown (terse gain --rows 0 shows all)\n", plural(left, which+" "+title, which+" "+title+"s"))
	}
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	n, err := e.w.Write(p)
	if err != nil {
		e.err = fmt.Errorf("writing summary: %w", err)
	}
	return n, nil
}

// plural writes n with the singular or plural noun: "1 run", "2 runs".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return tokens.Group(int64(n)) + " " + many
}
