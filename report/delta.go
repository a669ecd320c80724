package report

import "github.com/terse-dev/terse/filters"

// SetChange makes Each give every failure the Change that of returns: the
// page's failures may be in memory, spilled to disk or in merged parts, and
// are marked as they are walked.
func (r *Report) SetChange(of func(Failure) string) { r.changeOf = of }

// Retain narrows the report to the failures keep accepts (after their
// Change is set), then to the page win of those: `terse show N --only
// unchanged`. The report must hold every failure (shaped with no limit).
// Page and the failure counts of the status line are left as the run's
// own, except Page, which now pages the retained failures.
func (r *Report) Retain(keep func(Failure) bool, win filters.Window) error {
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
	r.spill.close()
	r.spill = nil
	for _, p := range r.parts {
		p.Close()
	}
	r.parts = nil
	r.changeOf = nil
	var page []Failure
	for i, f := range kept {
		if win.Keeps(i) {
			page = append(page, f)
		}
	}
	r.Failures = page
	r.Page = Page{Total: len(kept), Limit: win.Limit, Offset: win.Offset, HasMore: win.HasMore(len(kept))}
	return nil
}
