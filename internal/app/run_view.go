package app

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/terse-dev/terse/internal/runlog"
	"github.com/terse-dev/terse/internal/runner"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
	"github.com/terse-dev/terse/tokens"
)

// viewOpts are the flags that decide how a run is shown, kept to write the
// commands that bring back what a page leaves out.
type viewOpts struct {
	mode   Mode
	pretty bool
	// doc says how a shaped JSON document is written.
	doc    docOut
	limit  int
	offset int
	// format are the flags that ask for the format in use, if any.
	format []string
	// fit cuts llm text to Claude Code's view (see render.ClaudeCodeFit);
	// keepPage keeps the page whole then (fitsClaudeCode).
	fit, keepPage bool
	// group writes failures of one cause as one block (render.Hints.Group).
	group bool
	// maxTokens fits llm text or a JSON report in that many tokens
	// (--max-tokens), 0: none.
	maxTokens int
	// maxLines fits llm text in that many lines (--max-lines), 0: none.
	maxLines int
	// shown is given each failure the text shows in full
	// (render.Hints.Shown), nil for none.
	shown func(report.Failure)
}

// runView is the saved run an output comes from (or the command to run
// again, when it could not be saved).
type runView struct {
	id      int
	logPath string
	bytes   int64
	// tokens is the saved output's size in tokens when it was counted
	// (for the ledger or --stats), exact or extrapolated past the
	// counter's limit (tokensExact false); else 0 and the size is
	// estimated from its bytes.
	tokens      int64
	tokensExact bool
	exit        int
	signal      string
	rerun       []string
	// interrupted is the line that opens the output of a run that was
	// stopped by a signal (INTERRUPTED at 2.0s (SIGTERM)), "" if none.
	interrupted string
	// note says what the saved log lacks (runlog.Meta.LogNote).
	note string
}

// hints are the exact commands that show what a page leaves out: `terse
// show ID ...` on the saved run, which re-shapes it without running the
// command again.
func (v viewOpts) hints(rv runView) render.Hints {
	with := func(extra ...string) string { return v.command(rv, extra) }
	// Every page after this one is shaped as this one was, its budget
	// included, whether this page was cut to it or not.
	shape := append([]string(nil), v.format...)
	if v.maxTokens > 0 {
		shape = append(shape, "--max-tokens", strconv.Itoa(v.maxTokens))
	} else if v.maxLines > 0 {
		shape = append(shape, "--max-lines", strconv.Itoa(v.maxLines))
	}
	next := append(shape[:len(shape):len(shape)], "--offset", strconv.Itoa(v.offset+v.limit))
	if v.limit != DefaultLimit {
		next = append(next, "--limit", strconv.Itoa(v.limit))
	}
	h := render.Hints{Next: with(next...), Group: v.group, Shown: v.shown, Verbose: v.mode.Verbose}
	nextAt := func(offset, limit int) string {
		page := append(shape[:len(shape):len(shape)], "--offset", strconv.Itoa(offset), "--limit", strconv.Itoa(limit))
		return with(page...)
	}
	if v.maxTokens > 0 {
		h.Fit = render.TokenFit(v.maxTokens, nextAt)
	} else if v.maxLines > 0 {
		h.Fit = render.LineFit(v.maxLines, nextAt)
	} else if v.fit {
		h.Fit = claudeCodeFit(v.keepPage, nextAt)
	}
	if !v.mode.Verbose {
		more := []string{"--llm=verbose"}
		if v.mode.Format == FormatJSON {
			more = []string{"--format", "json", "--verbose"}
		}
		h.More = with(more...)
	}
	if rv.logPath != "" {
		size := runlog.FormatTokens(tokens.Estimate(rv.bytes))
		switch {
		case rv.tokens > 0 && rv.tokensExact:
			size = tokens.Group(rv.tokens) + " tokens"
		case rv.tokens > 0:
			size = runlog.FormatTokens(rv.tokens)
		}
		h.Raw = runner.Quote(rv.logPath) + " (" + size + rv.note + ")"
	}
	if h.Fit != nil && h.Raw != "" {
		// The raw line comes after the page (write): the page's budget
		// leaves room for it (under Claude Code, a page whose end names
		// the failures it leaves out fills its budget).
		raw := h.Fit.Size("raw: " + h.Raw + "\n")
		h.Fit.Fail, h.Fit.Pass = max(h.Fit.Fail-raw, 1), max(h.Fit.Pass-raw, 1)
	}
	return h
}

// command is the exact command that shows the run with flags: terse show ID
// on a saved run, else terse run with the command again.
func (v viewOpts) command(rv runView, flags []string) string {
	var args []string
	if rv.id > 0 {
		args = []string{"terse", "show", strconv.Itoa(rv.id)}
	} else {
		args = []string{"terse", "run"}
	}
	args = append(args, flags...)
	if rv.id == 0 {
		args = append(args, "--")
		return strings.Join(args, " ") + " " + runner.QuoteArgs(rv.rerun)
	}
	return strings.Join(args, " ")
}

// errNoReport is returned by write for an outcome without a report.
var errNoReport = errors.New("no report to render")

// write renders an outcome of a run. In text, when anything was left out,
// the last line names the raw log and its size in tokens. An interrupted run
// says so first (in JSON, in its first note; on stderr when the output is
// passed on as it came) and always names its raw log.
func (v viewOpts) write(env Env, out profiles.Outcome, rv runView) error {
	if rv.interrupted != "" && (out.Report == nil || out.Passthrough != nil) {
		fmt.Fprintf(env.Stderr, "terse: %s\n", rv.interrupted)
	}
	if out.Passthrough != nil {
		return writePassthrough(env, out)
	}
	if out.Doc != nil && v.doc.hintsWith != nil {
		d := v.doc
		d.hints = d.hintsWith(func(args []string) string { return v.command(rv, args) })
		return d.write(env.Stdout, out.Doc)
	}
	r := out.Report
	if r == nil {
		// An outcome this code does not render: the caller passes the
		// raw output on, unchanged.
		return errNoReport
	}
	// A report may hold resources (failures spilled to a temporary file on
	// a huge run); release them when it has been written.
	if c, ok := any(r).(interface{ Close() }); ok {
		defer c.Close()
	}
	if v.mode.Format == FormatJSON || (out.JSONIn && !v.mode.TextAsked && v.mode.Format == FormatLLM) {
		return v.writeJSON(env.Stdout, r, rv)
	}
	return v.writeText(env.Stdout, r, rv)
}

// writePassthrough writes output the profile passed on as it came, and says
// on stderr why it was not shaped when it was invalid.
func writePassthrough(env Env, out profiles.Outcome) error {
	if _, err := env.Stdout.Write(out.Passthrough); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	if out.Invalid != nil {
		fmt.Fprintln(env.Stderr, "terse: "+out.Invalid.Error())
	}
	return nil
}

// writeJSON renders r as JSON. JSON has no last line: an interrupted run
// says so in its first note, with its raw log, which the JSON otherwise
// names only beside omitted counts.
func (v viewOpts) writeJSON(w io.Writer, r *report.Report, rv runView) error {
	h := v.hints(rv)
	if rv.interrupted != "" {
		note := rv.interrupted
		if h.Raw != "" {
			note += "; raw: " + h.Raw
		}
		r.Notes = append([]string{note}, r.Notes...)
	}
	return render.JSON(w, r, h, v.pretty)
}

// writeText renders r as llm text, opened by the interrupted line if any;
// the raw log is named once, on the last line, when the agent may need it:
// something was left out, there are more pages, or the run was stopped.
func (v viewOpts) writeText(w io.Writer, r *report.Report, rv runView) error {
	h := v.hints(rv)
	raw := h.Raw
	h.Raw = "" // said once, on the last line
	if rv.interrupted != "" {
		if _, err := fmt.Fprintln(w, rv.interrupted); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
	}
	if err := render.LLM(w, r, h); err != nil {
		return err
	}
	if raw != "" && (render.ShowsOmitted(r) || r.Page.HasMore || rv.interrupted != "") {
		if _, err := fmt.Fprintf(w, "raw: %s\n", raw); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
	}
	return nil
}
