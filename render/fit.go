package render

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/terse-dev/terse/report"
	"github.com/terse-dev/terse/tokens"
)

// Fit is a reader's limit on the size of what it is shown, in characters.
// Claude Code shows a failing command's output whole only up to 10,000
// characters (beyond, the first and last 5,000) and replaces a successful
// command's output over 30,000 characters by a preview: a page that does not
// fit loses its middle, hint lines included.
type Fit struct {
	// Fail and Pass are the budgets for a failing and a passing report
	// (0: no limit).
	Fail, Pass int
	// Why names the limit in the page's last line.
	Why string
	// NextAt is the command that shows the page at offset with limit
	// failures; it replaces Hints.Next when the page is cut.
	NextAt func(offset, limit int) string
	// Measure is the size of a text in the budget's unit: characters when
	// nil (Claude Code's view), or exact tokens (--max-tokens).
	Measure func(string) int
	// KeepPage keeps the page whole (an explicit --limit is the user's
	// choice), and fits only the names of the failures after it
	// (offPageLines) into what the page leaves of the budget.
	KeepPage bool
	// over is set for a JSON page that shows its first failure over the
	// budget (overBudget).
	over bool
}

// size measures text in the budget's unit.
func (f *Fit) size(s string) int {
	if f.Measure != nil {
		return f.Measure(s)
	}
	return chars(s)
}

// Size measures text in the budget's unit (for a line written after the
// page, which the budget must leave room for).
func (f *Fit) Size(s string) int { return f.size(s) }

// ClaudeCodeFit is the budget under Claude Code, with room left for the
// "Exit code N" line the client puts first and a line terse prints on
// stderr.
func ClaudeCodeFit(nextAt func(offset, limit int) string) *Fit {
	return &Fit{Fail: 9_800, Pass: 29_800, Why: "page cut to fit Claude Code's 10,000-character view", NextAt: nextAt}
}

// TokenFit is the budget of --max-tokens: n o200k_base tokens, counted
// exactly, for any report.
func TokenFit(n int, nextAt func(offset, limit int) string) *Fit {
	return &Fit{Fail: n, Pass: n, Why: fmt.Sprintf("page cut to %d tokens", n), NextAt: nextAt, Measure: TokenSize}
}

// LineFit is the budget of --max-lines: n lines of llm text, for a page a
// reader cuts by lines (`CMD 2>&1 | tail -30` keeps the last 30): fitted,
// the whole page gets through, its first line (the status) included.
func LineFit(n int, nextAt func(offset, limit int) string) *Fit {
	return &Fit{Fail: n, Pass: n, Why: fmt.Sprintf("page cut to %d lines", n), NextAt: nextAt, Measure: LineSize}
}

// LineSize is the number of lines s takes: its newlines, and one more for
// a last line without one.
func LineSize(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}

// TokenSize is the exact o200k_base size of s.
func TokenSize(s string) int {
	c, err := tokens.Count(tokens.Default, []byte(s))
	if err != nil {
		return len(s) // not for a built-in encoding; bytes bound tokens
	}
	return c
}

func (f *Fit) budget(r *report.Report) int {
	if r.Status == report.StatusPass {
		return f.Pass
	}
	return f.Fail
}

// fitLLM writes the llm text of r with as many of the page's failures as fit
// the budget, and the command for the rest. The first failure is always
// shown, its lines cut if it alone is too big; the cleaned lines of a text
// report are cut likewise, counted.
func fitLLM(w io.Writer, r *report.Report, h Hints) error {
	p, err := newFitPage(r, h)
	if err != nil {
		return err
	}
	k := p.fitting()
	if k < len(p.blocks) && cutsGroups(r, h, len(p.sizes)) {
		return fitLLM(w, r, ungrouped(h))
	}
	// The parts were measured one by one; tokens can merge across their
	// seams, so the whole is measured again and the page shortened until
	// it fits.
	text := p.build(k, 0)
	for slack := 8; h.Fit.size(text) > p.budget && slack < p.budget; slack *= 2 {
		if k > 0 && !h.Fit.KeepPage {
			k--
			p.used -= h.Fit.size(p.blocks[k])
		}
		text = p.build(k, slack)
	}
	if _, err := io.WriteString(w, text); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	if h.Shown != nil {
		// The first failure, cut when not even it fits (k 0), is not
		// shown in full.
		for _, e := range p.whole[:k] {
			for _, f := range e {
				h.Shown(f)
			}
		}
	}
	return nil
}

// fitPage is a page of llm text being fitted to a budget: its head, and
// its entries written one block each.
type fitPage struct {
	r      *report.Report
	h      Hints
	budget int
	head   string
	blocks []string
	// sizes are the page items each block shows: fewer blocks than
	// failures when grouped.
	sizes []int
	// entries are each block's failures by name (for the end of a page
	// that cuts them), whole those failures as they are (for h.Shown).
	entries, whole [][]report.Failure
	// used is the size of the head and the blocks fitting says fit.
	used  int
	after string
}

// newFitPage writes r's head and entries, each on its own.
func newFitPage(r *report.Report, h Hints) (*fitPage, error) {
	p := &fitPage{r: r, h: h, budget: h.Fit.budget(r), after: linesAfter(r)}
	var head strings.Builder
	writeHead(&head, r)
	p.head = head.String()
	if n := h.Fit.size(p.head); n > p.budget/2 && !h.Fit.KeepPage {
		p.head = cutLines(p.head, p.budget/2, "line", "lines", h.Fit.size)
	}
	var prev *report.Failure
	err := eachEntry(r, h.Group, func(e []report.Failure) error {
		var b strings.Builder
		writeEntry(&b, e, prev, r.Delta, h.Verbose)
		p.blocks = append(p.blocks, b.String())
		p.sizes = append(p.sizes, entryCount(r, e))
		p.entries = append(p.entries, namedOnly(e))
		if h.Shown != nil {
			p.whole = append(p.whole, e)
		}
		prev = &e[len(e)-1]
		return nil
	})
	return p, err
}

// fitting is how many blocks fit whole, with the end of the page: the
// failures shown whole come first, and the names of those left out get
// the room they leave (build). It sets used.
func (p *fitPage) fitting() int {
	size := p.h.Fit.size
	p.used = size(p.head)
	k := 0
	for k < len(p.blocks) && (p.h.Fit.KeepPage || p.used+size(p.blocks[k])+p.endSize(k+1) <= p.budget) {
		p.used += size(p.blocks[k])
		k++
	}
	return k
}

// endSize is the size of the end of a page of the first k blocks, with
// room to name the first failure it cuts, where the page names failures:
// filled to its budget with whole failures, a page named none of those it
// left out ("… 30 more failures"), and its reader could not tell what
// they were.
func (p *fitPage) endSize(k int) int {
	size := p.h.Fit.size
	n := size(p.tail(k, 0))
	if k < len(p.entries) && len(p.entries[k]) > 0 && p.r.Lint == nil && p.r.LineItems == 0 {
		f := p.entries[k][0]
		n += size(namedHead(1, 2)) + size(clip(strings.TrimPrefix(header(f), "--- "))+"\n")
	}
	return n
}

// shownBy is how many page items the first k blocks show.
func (p *fitPage) shownBy(k int) int {
	n := 0
	for _, s := range p.sizes[:k] {
		n += s
	}
	return n
}

// tail is the end of a page of the first k blocks, naming the failures it
// leaves out in room (none when room is 0).
func (p *fitPage) tail(k, room int) string {
	r, h := p.r, p.h
	n := p.shownBy(k)
	end := pageEnd{shown: n + r.LinesShown(), hasMore: r.Page.HasMore, next: h.Next,
		off: offPage{room: room, size: h.Fit.size}}
	if room > 0 {
		end.off.cut = flatten(p.entries[min(k, len(p.entries)):])
	}
	if k < len(p.blocks) {
		// The next page starts at the first failure cut: the blocks of
		// lines of a merged page come after the failures in its order,
		// so they are shown again there, and the range said here ends at
		// the last failure shown.
		end.shown = n
		end.hasMore, end.cutWhy = true, h.Fit.Why
		if h.Fit.NextAt != nil {
			end.next = h.Fit.NextAt(r.Page.Offset+n, n)
		}
	}
	var b strings.Builder
	writeTail(&b, r, h, end)
	return b.String()
}

// build is the page of the first k blocks (the first cut, when k is 0),
// slack under the budget.
func (p *fitPage) build(k, slack int) string {
	size := p.h.Fit.size
	var out strings.Builder
	out.WriteString(p.head)
	var tail string
	if k == 0 && len(p.blocks) > 0 {
		// Not even one failure fits whole: the first, cut.
		tail = p.tail(1, 0)
		out.WriteString(cutFailure(p.blocks[0], p.budget-p.used-size(tail)-slack, size))
	} else {
		for _, b := range p.blocks[:k] {
			out.WriteString(b)
		}
		tail = p.tail(k, 0)
	}
	if p.after != "" && p.h.Fit.KeepPage {
		out.WriteString(p.after)
	} else if p.after != "" {
		// The lines after the failures get what they leave.
		room := p.budget - size(out.String()) - size(tail) - slack
		out.WriteString("\n" + cutLines(p.after[1:], room-1, "line", "lines", size))
	}
	if room := p.budget - size(out.String()) - size(tail) - slack; room > 0 {
		tail = p.tail(max(k, min(len(p.blocks), 1)), room) // the first is shown, if cut
	}
	out.WriteString(tail)
	return out.String()
}

func chars(s string) int { return utf8.RuneCountInString(s) }

// namedOnly is the failures of an entry as names only: what the end of a
// page that cuts them names them by (offPageLines).
func namedOnly(e []report.Failure) []report.Failure {
	out := make([]report.Failure, len(e))
	for i, f := range e {
		out[i] = report.Failure{Kind: f.Kind, File: f.File, Line: f.Line, Name: f.Name}
	}
	return out
}

// flatten is the failures of entries, in order.
func flatten(entries [][]report.Failure) []report.Failure {
	var out []report.Failure
	for _, e := range entries {
		out = append(out, e...)
	}
	return out
}

// cutLines keeps the first lines of text that fit in budget characters,
// with a last line counting the rest.
func cutLines(text string, budget int, one, many string, size func(string) int) string {
	lines := strings.SplitAfter(text, "\n")
	var b strings.Builder
	used := 0
	for i, l := range lines {
		marker := fmt.Sprintf("… %d more %s cut to fit\n", len(lines)-i, plural(len(lines)-i, one, many))
		if used+size(l)+size(marker) > budget {
			rest := nonEmpty(lines[i:])
			if strings.TrimSpace(b.String()) == "" {
				// The first line alone is too big (a long line the
				// generic cleaner keeps, a failure's header under a
				// small budget): its start, rather than a page that
				// shows nothing of it.
				after := ""
				if rest > 1 {
					after = fmt.Sprintf("… %d more %s cut to fit\n", rest-1, plural(rest-1, one, many))
				}
				if head := lineStart(l, budget-used-size(after), size); head != "" {
					b.WriteString(head)
					rest--
				}
			}
			if rest == 0 {
				break
			}
			fmt.Fprintf(&b, "… %d more %s cut to fit\n", rest, plural(rest, one, many))
			break
		}
		b.WriteString(l)
		used += size(l)
	}
	return b.String()
}

// cutFailure is cutLines for the first failure of a page, which is always
// shown: its header stays whole when not even its start fits (a budget the
// page's head and tail fill), over the budget, since the next page starts
// after it and no page would name it.
func cutFailure(block string, budget int, size func(string) int) string {
	out := cutLines(block, budget, "line of this failure", "lines of this failure", size)
	if kept := strings.TrimLeft(out, "\n"); kept != "" && !strings.HasPrefix(kept, "… ") {
		return out // its start, at least, is there
	}
	lead := len(block) - len(strings.TrimLeft(block, "\n"))
	header, rest, _ := strings.Cut(block[lead:], "\n")
	more := nonEmpty(strings.SplitAfter(rest, "\n"))
	out = block[:lead] + header + "\n"
	if more > 0 {
		out += fmt.Sprintf("… %d more %s cut to fit\n", more, plural(more, "line of this failure", "lines of this failure"))
	}
	return out
}

// nonEmpty counts the lines that are not "" (SplitAfter's last, after a
// text's final newline).
func nonEmpty(lines []string) int {
	n := 0
	for _, l := range lines {
		if l != "" {
			n++
		}
	}
	return n
}

// lineStart is the longest start of line l, ended by lineCutMark and a
// newline, whose size is at most budget ("" if not even its first
// character fits).
func lineStart(l string, budget int, size func(string) int) string {
	l = strings.TrimSuffix(l, "\n")
	with := func(n int) string { return l[:n] + lineCutMark + "\n" }
	// The character boundaries, as the line decodes (a byte that is not
	// UTF-8 is one character).
	var at []int
	for i := 0; i < len(l); {
		_, n := utf8.DecodeRuneInString(l[i:])
		i += n
		at = append(at, i)
	}
	// The longest start that fits, in characters: sizes grow with the
	// start (tokens all but always), so a binary search; no start longer
	// than hi characters fits.
	lo, hi := 0, len(at)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if size(with(at[mid-1])) <= budget {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return ""
	}
	return with(at[lo-1])
}

// lineCutMark ends a line whose start alone fits the budget.
const lineCutMark = " …[line cut to fit]"

// cutsGroups reports whether a page of r cut short, written as entries
// entries, would cut after a group: a group gathers failures from further
// down the page, and the next page's offset (in failures) would skip the
// failures between. Such a page is written ungrouped, unless the page
// counts entries. Only a grouped page has fewer entries than failures: the
// blocks of lines a merged page shows are no failures, and counting them
// made a page without groups ask to be ungrouped again, until the stack
// ran out.
func cutsGroups(r *report.Report, h Hints, entries int) bool {
	return h.Group && !r.Page.Grouped && entries < r.Shown()-r.LinesShown()
}

// ungrouped is h for a page written without groups because it was cut: its
// offsets count failures, so the command for the next page says --no-group
// too (a grouped page would read the offset as entries).
func ungrouped(h Hints) Hints {
	h.Group = false
	if h.Fit != nil && h.Fit.NextAt != nil {
		f := *h.Fit
		at := f.NextAt
		f.NextAt = func(offset, limit int) string { return at(offset, limit) + " --no-group" }
		h.Fit = &f
	}
	return h
}
