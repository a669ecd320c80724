package render

import (
	"fmt"
	"strings"

	"github.com/terse-dev/terse/report"
)

// maxNamed bounds the failures named after a page: two pages' worth (of
// the default --limit), the ones the next pages would show first. Past
// them a list of names is no longer a list the reader reads: the count
// and the next page's command say the rest.
const maxNamed = 40

// offPage is what the end of a page names of the failures it does not
// show: those cut from it to fit the budget, then those after it
// (report.Past), one line each.
type offPage struct {
	cut []report.Failure
	// room bounds the lines' size, measured by size, when size is set
	// (a page fitted to a budget: no room, no names); without size,
	// maxNamed alone bounds them.
	room int
	size func(string) int
}

// offPageLines are the lines that name the failures a page leaves out,
// rest of them in all ("" when it names none): a reader told "… 2 more
// failures" has not read them and cannot tell whether they share the
// cause of those above (under Claude Code, 22 jest failures showed 20,
// and the 2 left were a TypeError and an object diff, unlike the rest).
// As many as fit are named, in the page's order; the header says how many
// when it is not all of them.
//
//	not on this page:
//	src/user.test.js:41 "user › parses the date"
func offPageLines(r *report.Report, o offPage, rest int) string {
	if rest <= 0 || r.Lint != nil || r.LineItems > 0 || o.size != nil && o.room <= 0 {
		// A linter's problems are counted by file and rule; a cleaned
		// text's blocks have no name.
		return ""
	}
	names := make([]report.Failure, 0, len(o.cut)+len(r.Past))
	names = append(append(names, o.cut...), r.Past...)
	var lines []string
	used := 0
	for _, f := range names {
		if len(lines) == maxNamed {
			break
		}
		if f.File == "" && f.Name == "" {
			continue // nothing to name it by (a run that crashed)
		}
		l := clip(strings.TrimPrefix(header(f), "--- ")) + "\n"
		if o.size != nil {
			if used+o.size(l) > o.room-o.size(namedHead(len(lines)+1, rest)) {
				break
			}
			used += o.size(l)
		}
		lines = append(lines, l)
	}
	if len(lines) == 0 {
		return ""
	}
	return namedHead(len(lines), rest) + strings.Join(lines, "")
}

// namedHead opens the lines that name n of the rest failures left out.
func namedHead(n, rest int) string {
	if n >= rest {
		return "not on this page:\n"
	}
	return fmt.Sprintf("not on this page (%d of %d named):\n", n, rest)
}
