package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/terse-dev/terse/report"
)

// maxGroupPage bounds the page held in memory to find failures of one
// cause; a larger page (--limit 0 on a huge run) is written as it streams.
const maxGroupPage = 5_000

// eachEntry walks the page as the text shows it, one entry at a time: a
// failure alone, or with group set, the failures that share a cause
// (report.CauseKey) together, at the place of the first. Unchanged
// failures (with a delta) come last and are never grouped: they are a line
// each already.
func eachEntry(r *report.Report, group bool, fn func([]report.Failure) error) error {
	if !group || r.Shown() > maxGroupPage {
		return eachInOrder(r, func(f report.Failure) error { return fn([]report.Failure{f}) })
	}
	var fresh, same []report.Failure
	err := r.Each(func(f report.Failure) error {
		if r.Delta != nil && f.Change == report.ChangeUnchanged {
			same = append(same, f)
		} else {
			fresh = append(fresh, f)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, e := range report.Groups(fresh) {
		if err := fn(e); err != nil {
			return err
		}
	}
	for _, f := range same {
		if err := fn([]report.Failure{f}); err != nil {
			return err
		}
	}
	return nil
}

// entryCount is what an entry counts for on the page: one when the page
// counts entries (report.Page.Grouped), else its failures.
func entryCount(r *report.Report, e []report.Failure) int {
	if r.Page.Grouped {
		return 1
	}
	return len(e)
}

// writeEntry writes one entry of the page; prev is the failure before it.
func writeEntry(b textWriter, e []report.Failure, prev *report.Failure, d *report.Delta, verbose bool) {
	if len(e) == 1 {
		writeBlock(b, e[0], prev, d, verbose)
		return
	}
	writeGroup(b, e)
}

// writeGroup writes failures of one cause as one block: their message and
// details once (the same text, report.CauseKey), the first one's frames,
// then every failure by location and name.
// "--- [×38] TypeError: Cannot read properties of undefined (reading 'id')".
func writeGroup(b textWriter, e []report.Failure) {
	first := e[0]
	head, rest, _ := strings.Cut(first.Message, "\n")
	b.WriteByte('\n')
	writeLine(b, fmt.Sprintf("--- [×%d] %s", len(e), head))
	if rest != "" {
		for _, l := range strings.Split(rest, "\n") {
			writeLine(b, marginSafe(l))
		}
	}
	for _, d := range first.Details {
		writeLine(b, marginSafe(d))
	}
	for _, fr := range first.Frames {
		writeLine(b, "  at "+fr.String())
	}
	for i := 0; i < len(e); {
		j := i + 1
		for j < len(e) && e[j].File != "" && e[j].File == e[i].File {
			j++
		}
		if j-i == 1 {
			writeLine(b, strings.TrimPrefix(header(e[i]), "--- "))
		} else {
			writeFileRun(b, e[i:j])
		}
		i = j
	}
}

// writeFileRun writes the members of a group that are in one file: the file
// once, then each by line and name, without the start of the name that all
// of them share (a describe block, a class): the file and that start cost
// more tokens than the rest of each line.
//
//	__tests__/profile.test.js "profile › …":
//	  :5 "displayName of user 1 is upper case"
func writeFileRun(b textWriter, run []report.Failure) {
	names := make([]string, len(run))
	for i, f := range run {
		names[i] = f.Name
	}
	prefix := namePrefix(names)
	if prefix == "" {
		writeLine(b, run[0].File+":")
	} else {
		writeLine(b, run[0].File+" "+strconv.Quote(prefix+"…")+":")
	}
	for _, f := range run {
		line := "  "
		if f.Line > 0 {
			line += ":" + strconv.Itoa(f.Line)
		}
		if f.Name != "" {
			if f.Line > 0 {
				line += " "
			}
			line += strconv.Quote(strings.TrimPrefix(f.Name, prefix))
		}
		writeLine(b, line)
	}
}

// namePrefix is the start all names share, up to the end of a separator
// (" › ", "::", "/", a space), so that no word is cut; "" when it is too
// short to be worth saying or would leave a name empty.
func namePrefix(names []string) string {
	p := names[0]
	for _, n := range names[1:] {
		k := 0
		for k < len(p) && k < len(n) && p[k] == n[k] {
			k++
		}
		p = p[:k]
	}
	cut := strings.LastIndexAny(p, " /:.")
	if cut < 0 {
		return ""
	}
	p = p[:cut+1]
	if len(p) < 4 {
		return ""
	}
	for _, n := range names {
		if len(n) == len(p) {
			return ""
		}
	}
	return p
}
