package render

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/terse-dev/terse/report"
)

// jsonPart is one entry of the page as JSON writes it: its failures' items,
// the group they share (if any) and how many page items it counts for.
type jsonPart struct {
	items [][]byte
	group *jsonGroup
	count int
}

// fitJSON writes the JSON document of r with as many entries of the page as
// fit the token budget, in page order (which puts errors before warnings and
// new failures before unchanged ones), and the pagination that leads to the
// rest. When not even the first entry fits, it is written without its diff,
// frames and details, marked "trimmed"; when that does not fit either, the
// page holds no failure and "next" shows it.
func fitJSON(w io.Writer, r *report.Report, h Hints) error {
	budget := h.Fit.budget(r)
	parts, err := jsonParts(r, h)
	if err != nil {
		return err
	}
	hd, err := marshal(jsonHead{Report: r}, false)
	if err != nil {
		return fmt.Errorf("encoding report: %w", err)
	}
	head := hd[:len(hd)-1]
	notes, lines := r.Notes, r.Lines
	build := func(parts []jsonPart, k int) (string, error) {
		return buildJSON(r, h, head, notes, lines, parts, k)
	}
	// The notes of a stream of several runs (the commands make echoed,
	// its errors) can outgrow a small budget on their own: they are cut
	// as the lines are, and first, so that a page has room for a failure.
	if notes, err = fitLines(r.Notes, budget/2, "note", "notes", func(n []string) (string, error) {
		return buildJSON(r, h, head, n, nil, nil, 0)
	}, h.Fit.size); err != nil {
		return err
	}
	if lines, err = fitLines(r.Lines, budget/2, "line", "lines", func(l []string) (string, error) {
		return buildJSON(r, h, head, notes, l, nil, 0)
	}, h.Fit.size); err != nil {
		return err
	}
	k := len(parts)
	text, err := build(parts, k)
	if err != nil {
		return err
	}
	if h.Fit.size(text) > budget {
		// What a page costs beside its entries: the head, and the tail
		// of a page that holds none.
		bare, err := build(parts, 0)
		if err != nil {
			return err
		}
		k = fitCount(parts, budget-h.Fit.size(bare), h.Fit.size)
		if k < len(parts) && cutsGroups(r, h, len(parts)) {
			return fitJSON(w, r, ungrouped(h))
		}
		if text, err = shrinkJSON(parts, k, budget, build, h.Fit.size); err != nil {
			return err
		}
		if text == bare && len(parts) > 0 {
			return fitEmptyPage(w, r, h, parts, func(h Hints, ps []jsonPart, k int) (string, error) {
				return buildJSON(r, h, head, notes, lines, ps, k)
			})
		}
	}
	if _, err := io.WriteString(w, text); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// fitEmptyPage writes the JSON page of r when not even its first entry
// fits, trimmed: a page without one would name itself as the next page.
// build makes the document with hints h and the first k of parts.
func fitEmptyPage(w io.Writer, r *report.Report, h Hints, parts []jsonPart, build func(Hints, []jsonPart, int) (string, error)) error {
	switch {
	case h.Group && parts[0].group != nil:
		// Not even the first group fits, trimmed: its failures one by
		// one do.
		return fitJSON(w, r, ungrouped(h))
	case len(r.Omitted) > 0:
		// The counts of what was left out make room for it (a stream
		// of several runs has a long head), and the cut says so.
		lean := *r
		lean.Omitted = nil
		h.Fit = leftOutCounts(h.Fit)
		return fitJSON(w, &lean, h)
	}
	// Nothing is left to leave out, and a harness that follows "next"
	// would read this page again and again: the first failure is shown,
	// trimmed, over the budget, as the llm text shows its first failure,
	// and the cut says so.
	h.Fit = overBudget(h.Fit)
	text, err := build(h, append([]jsonPart{trimPart(parts[0])}, parts[1:]...), 1)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, text); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// jsonParts is the page's entries as JSON writes them.
func jsonParts(r *report.Report, h Hints) ([]jsonPart, error) {
	var parts []jsonPart
	var ids int
	err := eachJSONEntry(r, h.Group, func(e []report.Failure) error {
		items, g, err := jsonEntry(e, ids+1)
		if err != nil {
			return err
		}
		if g != nil {
			ids++
		}
		parts = append(parts, jsonPart{items: items, group: g, count: entryCount(r, e)})
		return nil
	})
	return parts, err
}

// shrinkJSON is the document with the first k parts, or fewer until it fits:
// the parts were measured one by one, and tokens can merge across their
// seams. With none left, the first part trimmed, if that fits.
func shrinkJSON(parts []jsonPart, k, budget int, build func([]jsonPart, int) (string, error), size func(string) int) (string, error) {
	text, err := build(parts, k)
	for ; err == nil && k > 0 && size(text) > budget; text, err = build(parts, k) {
		k--
	}
	if err != nil {
		return "", err
	}
	if k == 0 && len(parts) > 0 {
		trimmed := append([]jsonPart{trimPart(parts[0])}, parts[1:]...)
		if t, err := build(trimmed, 1); err == nil && size(t) <= budget {
			return t, nil
		}
	}
	return text, nil
}

// fitCount is how many parts, in order, fit in budget when each is measured
// alone.
func fitCount(parts []jsonPart, budget int, size func(string) int) int {
	used := 0
	for k, p := range parts {
		n := 0
		for _, it := range p.items {
			n += size(string(it)) + 1
		}
		if p.group != nil {
			g, _ := marshal(p.group, false)
			n += size(string(g)) + 1
		}
		if used+n > budget {
			return k
		}
		used += n
	}
	return len(parts)
}

// buildJSON writes the document with the first k parts; with fewer than all,
// the pagination says where the rest are and why the page was cut.
func buildJSON(r *report.Report, h Hints, head []byte, notes, lines []string, parts []jsonPart, k int) (string, error) {
	var out bytes.Buffer
	b := bufio.NewWriter(&out)
	b.Write(head)
	var groups []jsonGroup
	n, shown := 0, 0
	for _, p := range parts[:k] {
		if p.group != nil {
			groups = append(groups, *p.group)
		}
		shown += p.count
		for _, it := range p.items {
			if n == 0 {
				b.WriteString(`,"failures":[`)
			} else {
				b.WriteByte(',')
			}
			n++
			b.Write(it)
		}
	}
	if n > 0 {
		b.WriteByte(']')
	}
	tail := newJSONTail(r, h)
	tail.Groups, tail.Notes, tail.Lines = groups, notes, lines
	if k < len(parts) {
		p := r.Page
		p.Limit, p.HasMore = shown, true
		tail.Pagination = &p
		tail.Cut = h.Fit.Why
		tail.Next = h.Next
		if h.Fit.NextAt != nil {
			tail.Next = h.Fit.NextAt(r.Page.Offset+shown, max(shown, 1))
		}
	}
	if h.Fit.over {
		// The last page too: its one failure is over the budget.
		tail.Cut = h.Fit.Why
	}
	if err := writeJSONTail(b, tail); err != nil {
		return "", err
	}
	if err := b.Flush(); err != nil {
		return "", fmt.Errorf("encoding report: %w", err)
	}
	return out.String(), nil
}

// leftOutCounts is f for a page written without the counts of what was
// left out: its cut says so.
func leftOutCounts(f *Fit) *Fit {
	g := *f
	g.Why += "; the omitted counts left out to fit"
	return &g
}

// overBudget is f for a page that shows its first failure, trimmed, though
// it does not fit: its cut says so.
func overBudget(f *Fit) *Fit {
	g := *f
	g.Why += "; its first failure, trimmed, shown over the budget"
	g.over = true
	return &g
}

// trimPart is a part whose failures keep their location, name and the first
// line of their message: what shows where to look when the whole does not fit.
func trimPart(p jsonPart) jsonPart {
	out := jsonPart{count: p.count}
	if p.group != nil {
		g := *p.group
		g.Message, _, _ = strings.Cut(g.Message, "\n")
		g.Details, g.Frames = nil, nil
		out.group = &g
	}
	for _, it := range p.items {
		var f jsonItem
		if err := jsonUnmarshal(it, &f); err != nil {
			out.items = append(out.items, it)
			continue
		}
		f.Message, _, _ = strings.Cut(f.Message, "\n")
		f.Message = clip(f.Message)
		f.Expected, f.Received, f.Diff, f.Details, f.Frames = "", "", nil, nil, nil
		f.Trimmed = true
		b, err := marshal(f, false)
		if err != nil {
			out.items = append(out.items, it)
			continue
		}
		out.items = append(out.items, b)
	}
	return out
}

// fitLines keeps the first of a text report's cleaned lines (or its notes:
// one and many name them) that fit, with the budget, in a page without
// failures (build), and a last line that counts the rest, as the llm text
// cuts them.
func fitLines(lines []string, budget int, one, many string, build func([]string) (string, error), size func(string) int) ([]string, error) {
	keep := func(n int) []string {
		if n == len(lines) {
			return lines
		}
		return append(append([]string(nil), lines[:n]...), fmt.Sprintf("… %d more %s cut to fit", len(lines)-n, plural(len(lines)-n, one, many)))
	}
	fits := func(n int) (bool, error) {
		t, err := build(keep(n))
		return err == nil && size(t) <= budget, err
	}
	if ok, err := fits(len(lines)); ok || err != nil {
		return lines, err
	}
	lo, hi := 0, len(lines) // fits(lo) is assumed; fits(hi) is false
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		ok, err := fits(mid)
		if err != nil {
			return nil, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	return keep(lo), nil
}
