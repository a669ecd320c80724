// Package eslint reads the stylish formatter's text and the problems its
// JSON forms list: what the eslint profile's YAML rules cannot say (each
// file's errors before the warnings of files without any).
package eslint

import (
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// AnalyzeMessages adds the problems the JSON forms list. Their strings
// come from plugins and source text, so they are cleaned like text lines:
// a message may hold escapes or line breaks.
func AnalyzeMessages(items []parse.JSONFailure, b *report.Builder, opt parse.Options) {
	for _, it := range items {
		f := it.Failure
		f.File = opt.Rel(filters.CleanLine(f.File))
		f.Name = filters.CleanLine(f.Name)
		msg, rest, _ := strings.Cut(f.Message, "\n")
		f.Message = filters.CleanLine(msg)
		for _, l := range strings.Split(rest, "\n") {
			if l = strings.TrimSpace(filters.CleanLine(l)); l != "" {
				f.Details = append(f.Details, l)
			}
		}
		b.AddFailure(f)
	}
}

var (
	summaryRe = filters.Lazy(`^✖ (\d+) problems? \((\d+) errors?, (\d+) warnings?\)$`)
	fixRe     = filters.Lazy(`^\s*(\d+) errors? and (\d+) warnings? potentially fixable with the`)
	maxWarnRe = filters.Lazy(`^ESLint found too many warnings \(maximum: -?\d+\)\.?$`)
)

// parser reads the stylish formatter's output: a file path alone on a
// line, its problems as table rows, a blank line; at the end the tally and
// the fixable count. Each file is shown once, its errors before its
// warnings. A file with errors goes to the report when its table ends; the
// warnings of files without errors are held back (only as many as the page
// can show, the rest counted) and added after all files with errors, so the
// first page holds the errors.
type parser struct {
	b   *report.Builder
	opt parse.Options

	file       string // the file whose rows follow
	rel, relOf string // opt.Rel(relOf), the last file made relative
	candidate  string // a line at the margin that may be a file path
	rows       int    // rows seen under the candidate or file
	// The current file's rows: errors and warnings, in the table's order.
	fileErrors, fileWarnings []report.Failure

	warnings     []report.Failure // held-back warnings that may fall on the page
	warningsSeen int
	seen         report.Lint // counted from the rows, for output without a tally
	summary      bool
	notes        int
}

// Parse reads eslint's stylish text output into b (a parse.TextParser).
func Parse(lr *filters.LineReader, b *report.Builder, opt parse.Options) error {
	p := &parser{b: b, opt: opt}
	if err := lr.EachClean(p.feed); err != nil {
		return err
	}
	p.end()
	return nil
}

func (p *parser) feed(line string) {
	if f, ok := parseRow(line); ok {
		p.row(f)
		return
	}
	t := strings.TrimSpace(line)
	switch {
	case t == "":
		p.dropCandidate()
		return
	case summaryRe.MatchString(t):
		p.dropCandidate()
		m := summaryRe.FindStringSubmatch(t)
		e, _ := strconv.Atoi(m[2])
		w, _ := strconv.Atoi(m[3])
		p.b.AddLint(report.Lint{Errors: e, Warnings: w})
		p.summary = true
		return
	case fixRe.MatchString(t):
		p.dropCandidate()
		m := fixRe.FindStringSubmatch(t)
		e, _ := strconv.Atoi(m[1])
		w, _ := strconv.Atoi(m[2])
		p.b.AddLint(report.Lint{FixableErrors: e, FixableWarnings: w})
		p.b.Note(t)
		return
	case maxWarnRe.MatchString(t):
		p.dropCandidate()
		p.b.AddLint(report.Lint{WarningsFail: true})
		p.b.Note(t)
		return
	}
	if !strings.HasPrefix(line, " ") {
		// A file path, or some other line at the margin (a crash
		// message): it is a file once a row follows it.
		p.dropCandidate()
		p.candidate, p.rows = t, 0
		return
	}
	p.other(t)
}

// row records one problem row under the current file.
func (p *parser) row(f report.Failure) {
	if p.candidate != "" {
		p.endFile()
		p.file, p.candidate = p.candidate, ""
		p.seen.FilesWithProblems++
	}
	p.rows++
	if p.file != p.relOf {
		// Rel is filepath.Rel for an absolute path (eslint prints them
		// all so): once per file, not per row.
		p.rel, p.relOf = p.opt.Rel(p.file), p.file
	}
	f.File = p.rel
	if f.Severity == "error" {
		p.seen.Errors++
		p.fileErrors = append(p.fileErrors, f)
		// An error fails the run: what watches the input for failure
		// signals may stop.
		p.b.MarkRed()
		return
	}
	p.seen.Warnings++
	p.fileWarnings = append(p.fileWarnings, f)
}

// endFile hands the current file's rows to the report: all of them now if
// it has errors, else its warnings to the held-back list.
func (p *parser) endFile() {
	if len(p.fileErrors) > 0 {
		for _, f := range p.fileErrors {
			p.b.AddFailure(f)
		}
		for _, f := range p.fileWarnings {
			p.b.AddFailure(f)
		}
	} else {
		for _, f := range p.fileWarnings {
			// Held-back warning number k lands at index (files with
			// errors)+k, and that part can only grow: one past
			// Offset+Limit never reaches the page.
			if w := p.opt.Window; w.Limit == 0 || p.warningsSeen < w.Offset+w.Limit {
				p.warnings = append(p.warnings, f)
			}
			p.warningsSeen++
		}
	}
	p.fileErrors, p.fileWarnings = p.fileErrors[:0], p.fileWarnings[:0]
}

// dropCandidate ends a margin line that no row followed: it was not a file.
func (p *parser) dropCandidate() {
	if p.candidate != "" {
		p.other(p.candidate)
		p.candidate = ""
	}
}

// other keeps a line that is not part of the table (a crash message, a
// warning about the config) as a note, up to ten, and counts the rest.
func (p *parser) other(t string) {
	p.notes++
	if p.notes <= 10 {
		p.b.Note(t)
	} else {
		p.b.OmitKey(report.OmitOtherLines, 1)
	}
}

func (p *parser) end() {
	p.dropCandidate()
	p.endFile()
	for i := 0; i < p.warningsSeen; i++ {
		if i < len(p.warnings) {
			p.b.AddFailure(p.warnings[i])
		} else {
			// Beyond the page: counted, never shown.
			p.b.AddFailure(report.Failure{Kind: report.KindLint, Severity: "warning"})
		}
	}
	switch {
	case p.summary:
		p.b.AddLint(report.Lint{FilesWithProblems: p.seen.FilesWithProblems})
	case p.seen.Errors+p.seen.Warnings > 0:
		// No tally (cut output): the rows are all there is to count.
		p.b.AddLint(p.seen)
		p.b.Note("no eslint summary line: counts are from the problems shown")
	}
}

// parseRow reads a row of the stylish table: indented "line:col",
// "error" or "warning", the message, and the rule id as the last cell after
// the table's padding (at least two spaces). Plain code rather than a
// regular expression: rows are nearly every line, and the backtracking a
// lazy message pattern needs made parsing four times slower.
func parseRow(line string) (report.Failure, bool) {
	f := report.Failure{Kind: report.KindLint}
	rest := strings.TrimLeft(line, " ")
	if len(rest) == len(line) {
		return f, false // rows are indented
	}
	var ok bool
	if f.Line, rest, ok = parse.LeadingInt(rest); !ok || !strings.HasPrefix(rest, ":") {
		return f, false
	}
	if f.Column, rest, ok = parse.LeadingInt(rest[1:]); !ok || !strings.HasPrefix(rest, " ") {
		return f, false
	}
	rest = strings.TrimLeft(rest, " ")
	switch {
	case strings.HasPrefix(rest, "error "):
		f.Severity = "error"
	case strings.HasPrefix(rest, "warning "):
		f.Severity = "warning"
	default:
		return f, false
	}
	f.Message = strings.TrimLeft(rest[len(f.Severity):], " ")
	if i := lastDoubleSpace(f.Message); i >= 0 && isRuleID(f.Message[i+2:]) {
		f.Message, f.Name = strings.TrimRight(f.Message[:i], " "), f.Message[i+2:]
	}
	return f, f.Message != ""
}

// lastDoubleSpace is strings.LastIndex(s, "  "), by a plain backward scan:
// the rule id is a few bytes from the end.
func lastDoubleSpace(s string) int {
	for i := len(s) - 2; i >= 0; i-- {
		if s[i] == ' ' && s[i+1] == ' ' {
			return i
		}
	}
	return -1
}

// isRuleID reports whether s is a rule id: letters, digits and - _ / . @
// ("no-unused-vars", "@typescript-eslint/no-explicit-any").
func isRuleID(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_/.@", c) >= 0) {
			return false
		}
	}
	return true
}
