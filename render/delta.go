package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/terse-dev/terse/report"
)

// deltaSuffix is what the status line says of the change since the
// previous run of the command: " (since run 41: 2 new, 1 fixed, 12
// unchanged)".
func deltaSuffix(d *report.Delta) string {
	if d == nil {
		return ""
	}
	return fmt.Sprintf(" (since run %d: %d new, %d fixed, %d unchanged)", d.Since, d.New, d.Fixed, d.Unchanged)
}

// eachInOrder walks the page's failures as the text shows them: with a
// delta, the new ones first, in full, then the unchanged ones, a line each
// under one header.
func eachInOrder(r *report.Report, fn func(report.Failure) error) error {
	if r.Delta == nil {
		return r.Each(fn)
	}
	for _, unchanged := range []bool{false, true} {
		err := r.Each(func(f report.Failure) error {
			if (f.Change == report.ChangeUnchanged) != unchanged {
				return nil
			}
			return fn(f)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// writeUnchanged writes an unchanged failure as one line, under the header
// that opens the list: its location and name, no more.
func writeUnchanged(b textWriter, f report.Failure, prev *report.Failure, d *report.Delta) {
	if prev == nil || prev.Change != report.ChangeUnchanged {
		b.WriteByte('\n')
		// The status line says since when.
		head := "unchanged"
		if d.Show != "" {
			head += " (in full: " + d.Show + ")"
		}
		writeLine(b, head+":")
	}
	writeLine(b, strings.TrimPrefix(header(f), "--- "))
}

// fixedLine names the failures of the previous run that are gone.
func fixedLine(d *report.Delta) string {
	if d == nil || d.Fixed == 0 {
		return ""
	}
	names := make([]string, len(d.FixedNames))
	for i, n := range d.FixedNames {
		names[i] = strconv.Quote(n)
	}
	s := fmt.Sprintf("fixed since run %d: %s", d.Since, strings.Join(names, ", "))
	if rest := d.Fixed - len(d.FixedNames); rest > 0 {
		s += fmt.Sprintf(" and %d more", rest)
	}
	return s
}

// jsonFailure is a failure as JSON writes it: an unchanged one (with a
// delta) keeps only what names it, as the text does.
func jsonFailure(f report.Failure) report.Failure {
	if f.Change != report.ChangeUnchanged {
		return f
	}
	return report.Failure{Kind: f.Kind, Severity: f.Severity, File: f.File, Line: f.Line, Column: f.Column,
		Name: f.Name, Change: f.Change}
}
