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

	"github.com/terse-dev/terse/filters"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
	"github.com/terse-dev/terse/runlog"
	"github.com/terse-dev/terse/runner"
	"github.com/terse-dev/terse/statedir"
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
		Usage:     "show the newest run saved by terse run again, with new flags, without running it",
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
			m, err := store.Latest()
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
		Usage:     "show a run saved by terse run again, with new flags, without running it (no RUN: list the runs)",
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
			status = "?" // its end was never recorded
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
func showRun(c *cli.Command, env Env, store *runlog.Store, m runlog.Meta) error {
	path := store.LogPath(m.ID)
	if c.Bool("raw") && c.String("grep") != "" {
		return usageErr("--raw and --grep do not go together: --grep prints raw lines already")
	}
	mode := ResolveMode(ModeInput{
		LLM: c.String("llm"), Format: c.String("format"), JSON: c.Bool("json"),
		Verbose: c.Bool("verbose"), Getenv: env.Getenv, Terminal: env.Terminal,
	})
	switch mode.Format {
	case FormatLLM, FormatJSON, FormatHuman:
	default:
		return usageErr("unknown --format %q: use llm, json or human", mode.Format)
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
	if c.Int("limit") < 0 || c.Int("offset") < 0 {
		return usageErr("--limit and --offset take numbers of 0 or more")
	}
	only := c.String("only")
	if only != "" && only != report.ChangeNew && only != report.ChangeUnchanged {
		return usageErr("--only takes new or unchanged, not %q", only)
	}
	set, err := loadProfiles(env)
	if err != nil {
		return &ExitError{Code: 2, Err: err}
	}
	j := &runJob{env: env, argv: m.Command, set: set, mode: mode, pretty: c.Bool("pretty"), view: viewFlags(c, mode, env.Getenv)}
	if name := c.String("profile"); name != "" {
		p, ok := set.Get(name)
		if !ok {
			return usageErr("unknown profile %q: `terse profiles` lists them", name)
		}
		j.prof, j.forced = p, true
	} else if p, ok := set.Get(m.Profile); ok {
		j.prof = p
	}
	win := report.Window{Offset: c.Int("offset"), Limit: c.Int("limit")}
	j.opt = profiles.Options{Window: win, Verbose: mode.Verbose, Cwd: m.Cwd}
	if only != "" {
		// The change is known per failure: page after choosing them.
		j.opt.Window = report.Window{}
	}
	doc, err := docSetup(c, env, mode, &j.opt)
	if err != nil {
		return err
	}
	j.view.doc = doc
	if only != "" {
		// Every page of the list keeps to the change asked for.
		j.view.format = append(j.view.format, "--only", only)
	}
	// The run's stdout alone when it was the tool's machine format, as the
	// run itself shaped it; else (and if that fails) the whole output.
	var out profiles.Outcome
	err = errors.New("no stdout copy")
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
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	exit, signal := 0, m.Signal
	if signal != "" {
		// The sidecar's words are printed quoted, as its command is.
		signal = runner.Quote(signal)
	}
	if m.Exit != nil {
		exit = *m.Exit
	}
	if out.Report != nil {
		if m.Unreadable != "" {
			out.Report.Notes = append(out.Report.Notes, "the run's sidecar was unreadable ("+m.Unreadable+"): shown from its log alone; its exit code is unknown")
		} else if m.Live() {
			out.Report.Notes = append(out.Report.Notes, "the run is still going on: this is its output so far")
		} else if m.Exit == nil {
			out.Report.Notes = append(out.Report.Notes, "the run's end was never recorded (terse was stopped, or its disk was full): its exit code is unknown")
		} else if note := exitNote(out.Report, exit, signal); note != "" {
			out.Report.Notes = append(out.Report.Notes, note)
		}
	}
	rv := runView{id: m.ID, logPath: path, bytes: m.Bytes, tokens: m.Tokens, tokensExact: true, exit: exit, signal: signal, note: m.LogNote()} // Meta.Tokens is only ever an exact count
	if out.Report != nil && out.Passthrough == nil {
		show := j.view.command(rv, append(append([]string(nil), j.view.format...), "--only", report.ChangeUnchanged))
		var whole *report.Report
		all := func() (*report.Report, error) {
			if whole != nil {
				return whole, nil
			}
			var err error
			whole, err = j.allFailures(out.Report, shapedFrom, out.Profile)
			return whole, err
		}
		pg := paging{win: win, group: j.view.group}
		var err error
		if only != "" || deltaOn(c, env) {
			err = showDelta(store, m, out.Report, all, only, pg, show)
		}
		if err == nil && only == "" {
			err = regroup(out.Report, all, pg)
		}
		if whole != nil {
			defer whole.Close()
		}
		if err != nil {
			if only != "" {
				return &ExitError{Code: 1, Err: err}
			}
			fmt.Fprintf(env.Stderr, "terse: no comparison with the previous run: %v\n", err)
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
