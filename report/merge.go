package report

// Part is one tool's run inside a stream that held several (make test
// running pytest then jest): its tool, status and counts, so the merged
// status line can say each one.
type Part struct {
	Tool         string  `json:"tool"`
	Status       Status  `json:"status"`
	Tests        Counts  `json:"tests"`
	Suites       *Counts `json:"suites,omitempty"`
	Lint         *Lint   `json:"lint,omitempty"`
	TestsPartial bool    `json:"testsPartial,omitempty"`
	SuiteNoun    string  `json:"-"`
	Unexplained  int     `json:"unexplained,omitempty"`
	// Failures is how many failures the part's report lists (its
	// Page.Total): the status line counts those no count accounts for
	// (jest's "FAIL 0/2, 1 error outside the tests", a global teardown's).
	Failures int `json:"-"`
}

// Report returns the part as a report of its own, without failures: what a
// renderer needs to say its status.
func (p Part) Report() *Report {
	return &Report{Tool: p.Tool, Status: p.Status, Tests: p.Tests, Suites: p.Suites, Lint: p.Lint,
		TestsPartial: p.TestsPartial, SuiteNoun: p.SuiteNoun, Unexplained: p.Unexplained, Page: Page{Total: p.Failures}}
}

// WindowAfter is the window of failures a part sees when seen failures came
// before it in the stream: the page is one list across all parts.
func WindowAfter(win Window, seen, shown int) Window {
	off := max(0, win.Offset-seen)
	if win.Limit == 0 {
		return Window{Offset: off}
	}
	left := win.Limit - shown
	if left <= 0 {
		// The page is full: the part keeps nothing (Limit 0 would keep all).
		return Window{Offset: int(^uint(0) >> 2), Limit: 1}
	}
	return Window{Offset: off, Limit: left}
}

// Merge joins the reports of the parts of one stream, in order, into one:
// FAIL if any part failed, counts summed, every part's failures kept on one
// page (win, the page the caller asked for), omissions summed.
func Merge(parts []*Report, win Window) *Report {
	m := &Report{Status: mergedStatus(parts), Counted: true}
	omits := map[string]int{}
	var order []string
	total := 0
	// failed says a part before holds failures: the lines of the
	// generic cleaner's parts after it go after them (LinesAfter).
	failed := false
	for i, p := range parts {
		if i > 0 {
			m.Tool += "+"
		}
		m.Tool += p.Tool
		m.Tests.Add(p.Tests)
		if p.Suites != nil {
			if m.Suites == nil {
				m.Suites = &Counts{}
			}
			m.Suites.Add(*p.Suites)
		}
		m.Parts = append(m.Parts, Part{Tool: p.Tool, Status: p.Status, Tests: p.Tests, Suites: p.Suites,
			Lint: p.Lint, TestsPartial: p.TestsPartial, SuiteNoun: p.SuiteNoun, Unexplained: p.Unexplained,
			Failures: p.Page.Total})
		m.Unexplained += p.Unexplained
		m.Counted = m.Counted && p.Counted
		for _, n := range p.Notes {
			m.addNote(n)
		}
		m.Lines = append(m.Lines, p.Lines...)
		switch {
		case !p.pagedLines:
			if len(p.Lines) > 0 {
				m.LinesAfter = 0 // the lines after are those of the end
			}
			failed = failed || p.Page.Total > 0
		case failed:
			m.LinesAfter += len(p.Lines)
		}
		for _, o := range p.Omitted {
			if _, ok := omits[o.What]; !ok {
				order = append(order, o.What)
			}
			omits[o.What] += o.Count
		}
		total += p.Page.Total
		for _, f := range p.Past {
			m.addPast(f)
		}
	}
	for _, w := range order {
		m.Omitted = append(m.Omitted, Omission{What: w, Count: omits[w]})
	}
	m.parts = parts
	m.Page = Page{Total: total, Limit: win.Limit, Offset: win.Offset, HasMore: win.HasMore(total)}
	return m
}

// SplitLines is r's Lines in two: those its text shows before the failures
// and those after them (LinesAfter, bounded by Lines, whatever a caller set).
func (r *Report) SplitLines() (head, after []string) {
	n := len(r.Lines) - min(max(r.LinesAfter, 0), len(r.Lines))
	return r.Lines[:n], r.Lines[n:]
}

// MixesEntries reports whether r merges a part whose page counts blocks of
// lines (LineItems: the generic cleaner's) with others: its page then
// counts entries of both kinds, not failures alone.
func (r *Report) MixesEntries() bool {
	if len(r.parts) < 2 {
		return false
	}
	for _, p := range r.parts {
		if p.pagedLines {
			return true
		}
	}
	return false
}

// LinesShown is the blocks of lines the page shows (LineItems), those of
// the merged parts' included.
func (r *Report) LinesShown() int {
	n := r.LineItems
	for _, p := range r.parts {
		n += p.LinesShown()
	}
	return n
}

func (r *Report) addNote(n string) {
	for _, have := range r.Notes {
		if have == n {
			return
		}
	}
	r.Notes = append(r.Notes, n)
}

// mergedStatus: any failure fails the whole; an error (a crash) comes next;
// PASS only when some part passed and none failed.
func mergedStatus(parts []*Report) Status {
	has := map[Status]bool{}
	for _, p := range parts {
		has[p.Status] = true
	}
	for _, s := range []Status{StatusFail, StatusError, StatusPass} {
		if has[s] {
			return s
		}
	}
	return StatusNone
}
