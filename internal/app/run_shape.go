package app

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/terse-dev/terse/internal/delta"
	"github.com/terse-dev/terse/internal/statedir"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// This file is what terse run does with the output once the session has
// it: shaping (with its fallbacks), the notes that say how the command
// ended, rendering, and the token accounting. None of it starts or waits
// for a process, so the same steps serve terse show on a saved run.

// shape shapes the output, turning a panic of a parser into an error, so
// the fallback can pass the raw output through.
func (j *runJob) shape(in io.Reader, opt profiles.Options) (out profiles.Outcome, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error (%v)", p)
		}
	}()
	return j.set.Shape(in, j.prof, opt)
}

// fallbacks re-shape the saved output when the first try missed: the
// stdout of a machine-format run that held no document the profile reads
// (jest --json --outputFile=x, a crash before the report), or a profile
// chosen from the command that found nothing it knows in the output (the
// generic cleaner then shows it: never silence).
func (j *runJob) fallbacks(out profiles.Outcome, err error, split bool, logPath string, size int64) (profiles.Outcome, error) {
	switch {
	case split && (err != nil || !(out.JSONIn && out.Report != nil)):
		out.All.Close()
		return j.reshape(logPath, j.prof)
	case err == nil && j.prof != nil && !j.forced && size > 0 && out.Report != nil && emptyReport(profiles.Unguarded(out.Report)):
		out.All.Close()
		generic, _ := j.set.Get(profiles.Generic)
		return j.reshape(logPath, generic)
	}
	return out, err
}

// page makes the page of an outcome shaped whole (Options.Whole), and
// keeps the whole report in j.whole for runDelta; an output whose report
// PageOf cannot page is shaped again from the saved output at path, with
// the window.
func (j *runJob) page(out profiles.Outcome, path string) (profiles.Outcome, error) {
	if out.All != nil {
		j.keepAll(out.Report, out.All)
		out.All = nil
	}
	if !out.Whole || out.Report == nil {
		return out, nil
	}
	page, err := out.Report.PageOf(j.opt.Window)
	if err != nil {
		out.Report.Close()
		return j.reshapeWith(path, shapedBy(out), j.opt)
	}
	j.whole, out.Report, out.Whole = out.Report, page, false
	return out, nil
}

// keepAll keeps all, every failure of the run of which r holds a page
// (profiles.Outcome.All), in j.whole for runDelta, when r is not the whole
// run and all holds every failure of it: the output need not be shaped
// again for them. Otherwise it lets all go.
func (j *runJob) keepAll(r, all *report.Report) {
	if r == nil || wholePage(r) || all.Page.Total != r.Page.Total || all.Page.Total > delta.MaxEntries {
		all.Close()
		return
	}
	j.whole = all
}

// shapedBy is the profile to shape out's input again with: none for a
// stream of several runs (its report's parts), which detection splits
// again as it did, where one profile would read all of it as its own (a
// pytest run then a jest run, shaped again as pytest's, passed with ten
// unexplained failure lines).
func shapedBy(out profiles.Outcome) *profiles.Profile {
	if out.Report != nil && len(out.Report.Parts) > 0 {
		return nil
	}
	return out.Profile
}

// reshape shapes the saved output again with prof.
func (j *runJob) reshape(path string, prof *profiles.Profile) (out profiles.Outcome, err error) {
	return j.reshapeWith(path, prof, j.opt)
}

// reshapeWith shapes the saved output again with prof and opt.
func (j *runJob) reshapeWith(path string, prof *profiles.Profile, opt profiles.Options) (out profiles.Outcome, err error) {
	f, err := statedir.Open(path)
	if err != nil {
		return out, fmt.Errorf("reading the saved output: %w", err)
	}
	defer f.Close()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error (%v)", p)
		}
	}()
	return j.set.Shape(f, prof, opt)
}

// emptyReport is a report that says nothing at all.
func emptyReport(r *report.Report) bool {
	return render.StatusLine(r) == "" && len(r.Failures) == 0 && len(r.Lines) == 0 && len(r.Notes) == 0
}

// exitNote says how the command ended when the shaped output would not:
// a non-zero exit without a failure in the output (a coverage threshold, a
// crash after the summary), or a signal.
func exitNote(r *report.Report, code int, signal string) string {
	switch {
	case signal != "":
		return fmt.Sprintf("killed by signal %s (exit %d)", signal, code)
	case code != 0 && r.Status != report.StatusFail:
		return fmt.Sprintf("exit code %d", code)
	}
	return ""
}

// runView is the saved run of a session as its output names it (or the
// command to run again, when it could not be saved). Call it after end:
// the raw side's token count needs every raw byte.
func (j *runJob) runView(s *session, e ending) runView {
	rec := s.rec
	if rec == nil {
		return runView{rerun: j.argv, exit: e.code, signal: e.signal, interrupted: e.interrupted}
	}
	v := runView{id: rec.ID, logPath: rec.Path, bytes: rec.Bytes, exit: e.code, signal: e.signal,
		interrupted: e.interrupted, note: rec.LogNote()}
	if j.acct == nil || !rec.Whole() {
		return v
	}
	// Counted, or past the exact limit extrapolated from the counted
	// part: either is far nearer than a ratio.
	if t, err := j.acct.rawTally(); err == nil {
		v.tokens, v.tokensExact = t.Tokens, t.Exact
		if t.Exact {
			rec.Tokens = t.Tokens // for terse show and terse last
		}
	}
	return v
}

// passOn is the way out when shaping failed: terse failed, not the
// command, so the raw bytes go through unchanged and the command's exit
// code still wins.
func (j *runJob) passOn(shapeErr error, s *session, e ending) error {
	fmt.Fprintf(j.env.Stderr, "terse: %v; passing the output through unchanged\n", shapeErr)
	if e.interrupted != "" {
		fmt.Fprintf(j.env.Stderr, "terse: %s\n", e.interrupted)
	}
	if err := s.replay(j.env.Stdout); err != nil {
		fmt.Fprintf(j.env.Stderr, "terse: %v\n", err)
	}
	return exitWith(e.exit)
}

// annotate adds to a shaped report what only the session knows: the
// stderr a document left aside, output cut by a background process, the
// exit code (a command that exited non-zero did not pass), and the change
// since the previous run of the command.
func (j *runJob) annotate(r *report.Report, out profiles.Outcome, s *session, e ending, v runView) {
	if s.split && out.JSONIn && s.stderrLines > 0 {
		// The human report on stderr says what the document says.
		r.Omitted = append(r.Omitted, report.Omission{What: "stderr lines", Count: s.stderrLines})
	}
	if s.p.OutputCut() {
		r.Notes = append(r.Notes,
			"output cut: a process the command left in the background still held it open after the command exited")
	}
	profiles.ReconcileExit(r, e.code)
	if note := exitNote(r, e.code, e.signal); note != "" {
		r.Notes = append(r.Notes, note)
	}
	if s.rec != nil {
		j.runDelta(s.store, s.rec, out, v)
	}
}

// present writes the outcome (the raw output when there is no report to
// render), counts it and records the run in the ledger, then exits with
// the command's code; a failure to write turns a clean exit into 1.
func (j *runJob) present(out profiles.Outcome, s *session, e ending, v runView, profile string) error {
	env := j.env
	env.Stdout = j.acct.output(env.Stdout)
	var seen *seenRecorder
	tool := ""
	if j.session != "" && s.rec != nil && out.Report != nil && out.Passthrough == nil {
		// What this reader reads in full, for the next run of the
		// command in its session (readPrevious).
		seen, tool = &seenRecorder{entries: j.carry}, out.Report.Tool
		j.view.shown = seen.add
	}
	err := j.view.write(env, out, v)
	if err == nil && seen != nil {
		if serr := seen.save(s.store, s.rec.ID, tool); serr != nil {
			fmt.Fprintf(j.env.Stderr, "terse: the next run will show every failure in full: %v\n", serr)
		}
	}
	if errors.Is(err, errNoReport) {
		err = s.replay(env.Stdout)
	}
	code := e.code
	j.acct.finish(runInfo{command: strings.Join(j.argv, " "), profile: profile, exit: &code})
	if err != nil {
		fmt.Fprintf(j.env.Stderr, "terse: %v\n", err)
		if e.exit == 0 {
			return reportedExit(1)
		}
	}
	return exitWith(e.exit)
}
