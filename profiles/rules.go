package profiles

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/terse-dev/terse/filters"
	"github.com/terse-dev/terse/report"
)

// parseRules is the text parser of profiles written as data: each line goes
// to the first rule whose pattern matches it.
func parseRules(p *Profile, lr *filters.LineReader, b *report.Builder, opt Options) error {
	if err := p.patterns(); err != nil {
		return fmt.Errorf("profile %s: %w", p.Name, err)
	}
	var (
		cur     *report.Failure
		kept    []string
		keepAll = p.Text.Unmatched != "drop"
	)
	flush := func() {
		if cur != nil {
			b.AddFailure(*cur)
			cur = nil
		}
	}
	for {
		raw, _, err := lr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		line := filters.CleanLine(string(raw))
		if strings.TrimSpace(line) == "" {
			continue
		}
		matched := false
		for _, r := range p.rules {
			m := r.re.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			matched = true
			group := func(name string) string {
				if i := r.re.SubexpIndex(name); i > 0 {
					return m[i]
				}
				return ""
			}
			num := func(name string) int {
				n, _ := strconv.Atoi(group(name))
				return n
			}
			switch r.Emit {
			case "failure":
				flush()
				kind := group("kind")
				if kind == "" {
					kind = r.Kind
				}
				if kind == "" {
					kind = report.KindError
				}
				cur = &report.Failure{Kind: kind, File: opt.Rel(group("file")), Line: num("line"),
					Column: num("column"), Severity: group("severity"), Name: group("name"), Message: group("message")}
			case "detail":
				if cur != nil {
					cur.Details = append(cur.Details, strings.TrimSpace(line))
				} else {
					b.Note(strings.TrimSpace(line))
				}
			case "counts":
				b.AddTests(report.Counts{Total: num("total"), Passed: num("passed"), Failed: num("failed"),
					Skipped: num("skipped"), Todo: num("todo"), Errors: num("errors")})
			case "note":
				b.Note(strings.TrimSpace(line))
			case "drop":
				b.Omit("lines", 1)
			}
			break
		}
		if matched {
			continue
		}
		if keepAll {
			kept = append(kept, line)
			if len(kept) > 200 {
				kept = kept[1:]
				b.Omit("unmatched lines", 1)
			}
		} else {
			b.Omit("lines", 1)
		}
	}
	flush()
	if len(kept) > 0 {
		b.SetLines(kept)
	}
	return nil
}
