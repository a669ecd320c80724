package report

import "errors"

// SetChange makes Each give every failure the Change that of returns: the
// page's failures may be in memory, spilled to disk or in merged parts, and
// are marked as they are walked.
func (r *Report) SetChange(of func(Failure) string) { r.changeOf = of }

// Retain narrows the report to the failures keep accepts (after their
// Change is set), then to the page win of those: `terse show N --only
// unchanged`. The report must hold every failure (shaped with no limit).
// Page and the failure counts of the status line are left as the run's
// own, except Page, which now pages the retained failures.
func (r *Report) Retain(keep func(Failure) bool, win Window) error {
	var kept []Failure
	err := r.Each(func(f Failure) error {
		if keep(f) {
			kept = append(kept, f)
		}
		return nil
	})
	if err != nil {
		return err
	}
	r.Close()
	r.spill, r.parts = nil, nil
	r.changeOf = nil
	var page []Failure
	r.Past = nil
	for i, f := range kept {
		if win.Keeps(i) {
			page = append(page, f)
		} else if i >= win.Offset {
			r.addPast(f)
		}
	}
	r.Failures = page
	r.Page = Page{Total: len(kept), Limit: win.Limit, Offset: win.Offset, HasMore: win.HasMore(len(kept))}
	return nil
}

// Repage replaces the page of r with the page win of all's failures (all
// is the same run shaped without a limit), each marked by change when it
// is set, the new ones first: with a delta, a new failure past the first
// page of the tool's order must not wait behind unchanged ones. With group,
// the failures that share a cause (Groups; never unchanged ones) are one
// entry, gathered at the place of the first, and win counts entries.
// Counts, notes and omissions stay r's own.
func (r *Report) Repage(all *Report, change func(Failure) string, group bool, win Window) error {
	var fresh, same []Failure
	err := all.Each(func(f Failure) error {
		if change != nil {
			f.Change = change(f)
		}
		if f.Change == ChangeUnchanged {
			same = append(same, f)
		} else {
			fresh = append(fresh, f)
		}
		return nil
	})
	if err != nil {
		return err
	}
	r.Close()
	r.spill, r.parts = nil, nil
	r.changeOf = nil
	var entries [][]Failure
	if group {
		entries = Groups(fresh)
	} else {
		for _, f := range fresh {
			entries = append(entries, []Failure{f})
		}
	}
	for _, f := range same {
		entries = append(entries, []Failure{f})
	}
	var page []Failure
	r.Past = nil
	for i, e := range entries {
		if win.Keeps(i) {
			page = append(page, e...)
		} else if i >= win.Offset {
			for _, f := range e {
				r.addPast(f)
			}
		}
	}
	r.Failures = page
	r.Page = Page{Total: len(entries), Limit: win.Limit, Offset: win.Offset, HasMore: win.HasMore(len(entries)),
		Grouped: group && len(entries) < len(fresh)+len(same)}
	return nil
}

// pageInMemory is PageOf when the page ends among the failures r holds in
// memory: those past it, spilled, are counted, not read back (a run of
// 100 MB spills a hundred thousand, and its page is the first twenty).
func (r *Report) pageInMemory(p Report, win Window) (*Report, bool) {
	total := len(r.Failures)
	if r.spill != nil {
		if r.spill.err != nil {
			return nil, false // PageOf says what went wrong
		}
		total += r.spill.count
	}
	if win.Limit == 0 || win.Offset+win.Limit > len(r.Failures) {
		return nil, false
	}
	p.Failures = append([]Failure(nil), r.Failures[win.Offset:win.Offset+win.Limit]...)
	p.Past = nil
	for _, f := range r.Failures[win.Offset+win.Limit:] {
		p.addPast(f)
	}
	p.Page = Page{Total: total, Limit: win.Limit, Offset: win.Offset, HasMore: win.HasMore(total)}
	return &p, true
}

// PageOf is the report that shaping r's run with window win makes, from
// r, which holds every failure of the run (shaped with no limit): a copy
// with the same counts, notes and omissions, holding the failures win
// keeps, and as many in memory (the rest spilled to disk) as a Builder
// holds. r is left as it was; each of the two is closed on its own. A
// report of several tools' runs (Parts), or of the generic cleaner's
// lines, pages its own way: PageOf refuses it.
func (r *Report) PageOf(win Window) (*Report, error) {
	if len(r.parts) > 0 || len(r.Parts) > 0 || r.LineItems > 0 || r.changeOf != nil {
		return nil, errors.New("report: PageOf pages one list of failures")
	}
	p := *r
	p.Failures, p.spill, p.parts, p.Past = nil, nil, nil, nil
	if page, ok := r.pageInMemory(p, win); ok {
		return page, nil
	}
	n := 0
	err := r.Each(func(f Failure) error {
		if win.Keeps(n) {
			if len(p.Failures) < MemFailures {
				p.Failures = append(p.Failures, f)
			} else {
				if p.spill == nil {
					p.spill = &spill{}
				}
				p.spill.add(f)
			}
		} else if win.Limit > 0 && n >= win.Offset+win.Limit {
			p.addPast(f)
		}
		n++
		return nil
	})
	if err == nil && p.spill != nil {
		err = p.spill.err
	}
	if err != nil {
		p.Close()
		return nil, err
	}
	p.Page = Page{Total: n, Limit: win.Limit, Offset: win.Offset, HasMore: win.HasMore(n)}
	return &p, nil
}
