package report

// Window is a page of a list: Offset items skipped, at most Limit kept
// (Limit 0 keeps everything from Offset on).
type Window struct {
	Offset int
	Limit  int
}

// Keeps reports whether the item at index i (0-based) is on the page.
func (w Window) Keeps(i int) bool {
	if i < w.Offset {
		return false
	}
	return w.Limit == 0 || i < w.Offset+w.Limit
}

// HasMore reports whether items beyond the page exist when total items were seen.
func (w Window) HasMore(total int) bool {
	return w.Limit > 0 && w.Offset+w.Limit < total
}
