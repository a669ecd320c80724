package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/runlog"
	"github.com/terse-dev/terse/internal/runner"
	"github.com/terse-dev/terse/internal/statedir"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
	"github.com/terse-dev/terse/tokens"
)

// showFlags are the flags of `terse last` and `terse show`.
func showFlags() []cli.Flag {
	return append(shapeFlags(),
		&cli.BoolFlag{Name: "raw", Usage: "print the saved raw output exactly"},
		&cli.StringFlag{Name: "grep", Usage: "print the raw lines matching `PATTERN` (a Go regular expression), with their line numbers"},
		noDeltaFlag(), onlyFlag(), noGroupFlag(),
	)
}

// lastCommand is `terse last`: the newest saved run, re-shaped.
func lastCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:      "last",
		Usage:     "show the newest run saved by terse run again, with new flags, without running it (exits 0 once shown: the run's own exit code is on the page)",
		UsageText: "terse last [--offset N] [--limit N] [--format json] [--raw] [--grep PATTERN]",
		Flags:     showFlags(),
		Action: func(_ context.Context, c *cli.Command) error {
			if c.NArg() > 0 {
				return usageErr("terse last takes no argument: use terse show %s for another run", runner.Quote(c.Args().First()))
			}
			store, err := openStore(env)
			if err != nil {
				return err
			}
			m, err := latestReadable(env, store)
			if errors.Is(err, runlog.ErrNoRun) {
				return &ExitError{Code: 1, Err: errors.New("no saved run yet: terse run -- CMD saves one")}
			}
			if err != nil {
				return &ExitError{Code: 1, Err: err}
			}
			return showRun(c, env, store, m)
		},
	}
}

// showCommand is `terse show RUN`: a saved run, re-shaped; without RUN, the
// list of saved runs.
func showCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "show a run saved by terse run again, with new flags, without running it (no RUN: list the runs; exits 0 once shown: the run's own exit code is on the page)",
		UsageText: "terse show RUN [--offset N] [--limit N] [--format json] [--raw] [--grep PATTERN]\n   terse show",
		Flags:     showFlags(),
		Action: func(_ context.Context, c *cli.Command) error {
			store, err := openStore(env)
			if err != nil {
				return err
			}
			switch c.NArg() {
			case 0:
				return listRuns(env, store)
			case 1:
			default:
				return usageErr("terse show takes one run id, got %d arguments", c.NArg())
			}
			id, err := strconv.Atoi(strings.TrimPrefix(c.Args().First(), "#"))
			if err != nil || id <= 0 {
				return usageErr("%q is not a run id: terse show lists the saved runs", c.Args().First())
			}
			m, err := store.Get(id)
			if errors.Is(err, runlog.ErrNoRun) {
				return &ExitError{Code: 1, Err: fmt.Errorf("no saved run %d (the newest %d are kept): terse show lists them", id, store.Keep)}
			}
			if err != nil {
				return &ExitError{Code: 1, Err: err}
			}
			return showRun(c, env, store, m)
		},
	}
}

func openStore(env Env) (*runlog.Store, error) {
	dir := runlog.Dir(env.Getenv)
	if dir == "" {
		return nil, &ExitError{Code: 1, Err: errors.New("no state directory: set XDG_STATE_HOME or HOME")}
	}
	if _, err := os.Lstat(dir); err != nil {
		return nil, &ExitError{Code: 1, Err: errors.New("no saved run yet: terse run -- CMD saves one")}
	}
	store, err := runlog.Open(dir, keepRuns(env))
	if err != nil {
		return nil, &ExitError{Code: 1, Err: err}
	}
	return store, nil
}

func listRuns(env Env, store *runlog.Store) error {
	runs := store.List()
	if len(runs) == 0 {
		return &ExitError{Code: 1, Err: errors.New("no saved run yet: terse run -- CMD saves one")}
	}
	for _, m := range runs {
		status := "running"
		switch {
		case m.Exit != nil:
			status = "exit " + strconv.Itoa(*m.Exit)
		case !m.Live():
			// Its end was never recorded: terse was killed outright, or
			// the disk filled, while the command ran.
			status = "unknown"
		}
		prof := m.Profile
		if prof == "" {
			prof = "-"
		}
		// Every field read from the sidecar is printed quoted: a command
		// line (or a planted sidecar) must not act on the terminal.
		prof = runner.Quote(prof)
		size := runlog.FormatTokens(tokens.Estimate(m.Bytes))
		if m.Tokens > 0 {
			size = tokens.Group(m.Tokens) + " tokens"
		}
		fmt.Fprintf(env.Stdout, "%-4d %s  %-8s %7s  %-8s %s  %s\n", m.ID, m.Start.Local().Format("2006-01-02 15:04:05"),
			status, (time.Duration(m.DurationMS) * time.Millisecond).String(), prof,
			size, runner.QuoteArgs(m.Command))
	}
	return nil
}

// showRun prints a saved run: raw, grepped, or re-shaped with the flags.
// The re-shaped run is written as terse run wrote it: the same view, with
// the sidecar's word on how the run ended and the change since the
// previous run of its command.
func showRun(c *cli.Command, env Env, store *runlog.Store, m runlog.Meta) error {
	path := store.LogPath(m.ID)
	mode, err := showMode(c, env)
	if err != nil {
		return err
	}
	if c.Bool("raw") || mode.Format == FormatHuman {
		return catFile(env.Stdout, path)
	}
	if pat := c.String("grep"); pat != "" {
		re, err := regexp.Compile(pat)
		if err != nil {
			return usageErr("--grep %q is not a valid regular expression: %v", pat, err)
		}
		return grepFile(env, path, re, m.ID)
	}
	j, only, err := showJob(c, env, m, mode)
	if err != nil {
		return err
	}
	out, shapedFrom, err := j.reshapeSaved(store, m)
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	exit, signal := savedEnding(m)
	if out.Report != nil {
		if note := savedNote(out.Report, m, exit, signal); note != "" {
			out.Report.Notes = append(out.Report.Notes, note)
		}
	}
	rv := runView{id: m.ID, logPath: path, bytes: m.Bytes, tokens: m.Tokens, tokensExact: true, exit: exit, signal: signal, note: m.LogNote()} // Meta.Tokens is only ever an exact count
	if out.Report != nil && out.Passthrough == nil {
		whole := &wholeRun{j: j, page: out.Report, path: shapedFrom, prof: shapedBy(out)}
		defer whole.Close() // after the write: the page may hold its failures
		if err := j.showChanges(c, env, store, m, out.Report, whole, only, rv); err != nil {
			return err
		}
	}
	err = j.view.write(env, out, rv)
	if errors.Is(err, errNoReport) {
		return catFile(env.Stdout, path)
	}
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	return nil
}

// showMode reads the output mode of terse show and terse last. Unlike terse
// run, a human at a terminal gets the saved raw output.
func showMode(c *cli.Command, env Env) (Mode, error) {
	if c.Bool("raw") && c.String("grep") != "" {
		return Mode{}, usageErr("--raw and --grep do not go together: --grep prints raw lines already")
	}
	mode := ResolveMode(ModeInput{
		LLM: c.String("llm"), Format: c.String("format"), JSON: c.Bool("json"),
		Verbose: c.Bool("verbose"), Getenv: env.Getenv, Terminal: env.Terminal,
	})
	switch mode.Format {
	case FormatLLM, FormatJSON, FormatHuman:
		return mode, nil
	}
	return mode, usageErr("unknown --format %q: use llm, json or human", mode.Format)
}

// showJob reads the re-shaping flags of terse show into the job that shapes
// saved run m again: with the profile that shaped it unless -p names
// another, and its own working directory. only is the change --only asks
// for, "" for all.
func showJob(c *cli.Command, env Env, m runlog.Meta, mode Mode) (j *runJob, only string, err error) {
	if c.Int("limit") < 0 || c.Int("offset") < 0 {
		return nil, "", usageErr("--limit and --offset take numbers of 0 or more")
	}
	only = c.String("only")
	if only != "" && only != report.ChangeNew && only != report.ChangeUnchanged {
		return nil, "", usageErr("--only takes new or unchanged, not %q", only)
	}
	set, err := loadProfiles(env)
	if err != nil {
		return nil, "", &ExitError{Code: 2, Err: err}
	}
	j = &runJob{env: env, argv: m.Command, set: set, mode: mode, pretty: c.Bool("pretty"), view: viewFlags(c, mode, env.Getenv)}
	saved, _ := set.Get(m.Profile)
	if j.prof, j.forced, err = pickProfile(set, c.String("profile"), saved); err != nil {
		return nil, "", err
	}
	j.opt = profiles.Options{Window: showWindow(c), Verbose: mode.Verbose, Cwd: m.Cwd}
	if only != "" {
		// The change is known per failure: page after choosing them.
		j.opt.Window = report.Window{}
	}
	if j.view.doc, err = docSetup(c, env, mode, &j.opt); err != nil {
		return nil, "", err
	}
	if only != "" {
		// Every page of the list keeps to the change asked for.
		j.view.format = append(j.view.format, "--only", only)
	}
	return j, only, nil
}

// showWindow is the page --offset and --limit ask for.
func showWindow(c *cli.Command) report.Window {
	return report.Window{Offset: c.Int("offset"), Limit: c.Int("limit")}
}

// reshapeSaved shapes saved run m again: its stdout alone when it was the
// tool's machine format, as the run itself shaped it; else (and if that
// fails) the whole output, with the fallbacks terse run has. It returns the
// file it shaped, which the whole run is shaped from again if needed.
func (j *runJob) reshapeSaved(store *runlog.Store, m runlog.Meta) (profiles.Outcome, string, error) {
	path := store.LogPath(m.ID)
	var out profiles.Outcome
	err := errors.New("no stdout copy")
	shapedFrom := store.StdoutPath(m.ID)
	if m.Stdout && j.prof != nil {
		out, err = j.reshape(shapedFrom, j.prof)
		if err == nil && !(out.JSONIn && out.Report != nil) {
			err = errors.New("no document")
		}
	}
	if err != nil {
		shapedFrom = path
		out, err = j.reshape(path, j.prof)
	}
	if err == nil {
		out, err = j.fallbacks(out, err, false, path, m.Bytes)
	}
	return out, shapedFrom, err
}

// savedEnding is the exit code and signal a saved run's sidecar records;
// the signal quoted, as every word of the sidecar is when printed.
func savedEnding(m runlog.Meta) (exit int, signal string) {
	if m.Signal != "" {
		signal = runner.Quote(m.Signal)
	}
	if m.Exit != nil {
		exit = *m.Exit
	}
	return exit, signal
}

// savedNote says how a saved run ended, or that its sidecar cannot say:
// a run shown again may be unreadable, still going on, or never finished.
func savedNote(r *report.Report, m runlog.Meta, exit int, signal string) string {
	switch {
	case m.Unreadable != "":
		return "the run's sidecar was unreadable (" + m.Unreadable + "): shown from its log alone; its exit code is unknown"
	case m.Live():
		return "the run is still going on: this is its output so far"
	case m.Exit == nil:
		return "the run's end was never recorded (terse was stopped, or its disk was full): its exit code is unknown"
	}
	return exitNote(r, exit, signal)
}

// wholeRun is every failure of a saved run of which a page is shown,
// shaped again without a limit the first time it is asked for: only the
// delta and grouping need it, and only on a run longer than a page.
type wholeRun struct {
	j    *runJob
	page *report.Report
	path string
	prof *profiles.Profile
	r    *report.Report
}

// get shapes the whole run, once; nil when the page is the whole run.
func (w *wholeRun) get() (*report.Report, error) {
	if w.r != nil {
		return w.r, nil
	}
	var err error
	w.r, err = w.j.allFailures(w.page, w.path, w.prof)
	return w.r, err
}

// Close releases the whole run, if it was shaped.
func (w *wholeRun) Close() {
	if w.r != nil {
		w.r.Close()
	}
}

// showChanges marks a saved run shown again with its change since the
// previous run of its command, as its own run did, and groups failures of
// one cause. Failing to compare is said on stderr and the failures are
// shown in full, except with --only, which has nothing to show without it.
func (j *runJob) showChanges(c *cli.Command, env Env, store *runlog.Store, m runlog.Meta, r *report.Report, whole *wholeRun, only string, rv runView) error {
	show := j.view.command(rv, append(append([]string(nil), j.view.format...), "--only", report.ChangeUnchanged))
	pg := paging{win: showWindow(c), group: j.view.group}
	var err error
	if only != "" || deltaOn(c, env) {
		err = showDelta(store, m, r, whole.get, only, pg, show)
	}
	if err == nil && only == "" {
		err = regroup(r, whole.get, pg)
	}
	if err == nil {
		return nil
	}
	if only != "" {
		return &ExitError{Code: 1, Err: err}
	}
	fmt.Fprintf(env.Stderr, "terse: no comparison with the previous run: %v\n", err)
	return nil
}

func catFile(w io.Writer, path string) error {
	f, err := statedir.Open(path)
	if err != nil {
		return &ExitError{Code: 1, Err: fmt.Errorf("reading the saved output: %w", err)}
	}
	defer f.Close()
	if _, err := io.Copy(w, f); err != nil {
		return &ExitError{Code: 1, Err: fmt.Errorf("writing output: %w", err)}
	}
	return nil
}

// grepFile prints the lines of the raw log that match re, as N:line, with
// escapes and carriage-return progress resolved (as filters.CleanLine does)
// so that no terminal code reaches the reader. It exits 1 when nothing
// matches, as grep does.
func grepFile(env Env, path string, re *regexp.Regexp, id int) error {
	f, err := statedir.Open(path)
	if err != nil {
		return &ExitError{Code: 1, Err: fmt.Errorf("reading the saved output: %w", err)}
	}
	defer f.Close()
	lr := filters.NewLineReader(f)
	var b strings.Builder
	matched := 0
	for n := 1; ; n++ {
		raw, cut, err := lr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return &ExitError{Code: 1, Err: err}
		}
		line := filters.CleanLine(string(raw))
		if !re.MatchString(line) {
			continue
		}
		matched++
		b.WriteString(strconv.Itoa(n))
		b.WriteByte(':')
		b.WriteString(line)
		if cut {
			b.WriteString(" …[line cut]")
		}
		b.WriteByte('\n')
		if b.Len() > 64<<10 {
			if _, err := io.WriteString(env.Stdout, b.String()); err != nil {
				return &ExitError{Code: 1, Err: fmt.Errorf("writing output: %w", err)}
			}
			b.Reset()
		}
	}
	if _, err := io.WriteString(env.Stdout, b.String()); err != nil {
		return &ExitError{Code: 1, Err: fmt.Errorf("writing output: %w", err)}
	}
	if matched == 0 {
		return &ExitError{Code: 1, Err: fmt.Errorf("no line of run %d matches %q", id, re.String())}
	}
	return nil
}

// latestReadable is the newest run whose log can be read: a run whose log
// cannot (a link planted in its place, a file removed) is passed over with
// a line on stderr, where it made terse last fail (issue 52). With none
// readable, the newest run's own error.
func latestReadable(env Env, store *runlog.Store) (runlog.Meta, error) {
	newest, err := store.Latest()
	if err == nil {
		err = readable(store, newest)
	}
	if err == nil || errors.Is(err, runlog.ErrNoRun) {
		return newest, err
	}
	fmt.Fprintf(env.Stderr, "terse: passing over the newest run: %v\n", err)
	for _, m := range store.List() {
		if m.ID != newest.ID && readable(store, m) == nil {
			return m, nil
		}
	}
	return runlog.Meta{}, err
}

// readable reports why the log of run m cannot be read, nil if it can.
func readable(store *runlog.Store, m runlog.Meta) error {
	f, err := statedir.Open(store.LogPath(m.ID))
	if err != nil {
		return err
	}
	return f.Close()
}
