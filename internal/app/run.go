package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/delta"
	"github.com/terse-dev/terse/internal/envflag"
	"github.com/terse-dev/terse/internal/runner"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// runCommand is `terse run`: the wrapper agent harnesses and shell aliases
// put in front of a command. The command's exit code, streams and raw output
// are sacred: a human at a terminal gets the command itself, untouched; an
// agent gets the shaped output, and the raw bytes are saved for `terse last`.
func runCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "run a command and shape its output; the raw output is saved (terse last, terse show)",
		UsageText: "terse run [flags] -- CMD [ARGS...]",
		Description: "At a terminal (no --llm, LLM_OUTPUT or agent environment) the command runs untouched:\n" +
			"terse prints nothing of its own and saves no run, so an alias changes nothing a human sees;\n" +
			"terse run --llm -- CMD shapes it there.\n" +
			"Otherwise its stdout and stderr are shaped, and the raw bytes saved under $XDG_STATE_HOME/terse/runs\n" +
			"(the newest $TERSE_KEEP_RUNS runs, default 20, within $TERSE_KEEP_BYTES of disk, default 1G).\n" +
			"TERSE_DISABLE=1 makes terse a pure passthrough.\n" +
			"terse exits with the command's exit code (128+N when signal N killed it; 127 when it does not exist).\n" +
			"On SIGINT, SIGTERM or SIGHUP terse stops the command's process group and prints what it read so far,\n" +
			"opened by an INTERRUPTED line, then exits 128+N; when its own output is closed, it stops the command and exits 141.",
		Flags:  runFlags(),
		Action: func(_ context.Context, c *cli.Command) error { return runAction(c, env) },
	}
}

// runFlags are terse run's flags: shaping's, and --deadline.
func runFlags() []cli.Flag {
	return append(shapeAllFlags(), &cli.StringFlag{Name: "deadline",
		Usage: "the `DURATION` after which the harness kills the command (Claude Code's Bash timeout): shortly before it, " +
			"what the command printed so far is shaped and printed, since a killed command's later output is lost"},
		noDeltaFlag(), noGroupFlag(), sessionFlag())
}

// disabled reports whether TERSE_DISABLE asks terse to step aside.
func disabled(env Env) bool { return envflag.Disabled(env.Getenv) }

// runAction is terse run, as gh's commands are made: the options read from
// the flags, then the job they describe, which runs the session and shapes
// its output.
func runAction(c *cli.Command, env Env) error {
	o, err := runOptionsFrom(c, env)
	if err != nil {
		return err
	}
	if o.passthrough {
		return passthrough(o.argv, env)
	}
	set, ok := runProfiles(env)
	if !ok {
		return passthrough(o.argv, env)
	}
	j, err := o.job(c, env, set)
	if err != nil {
		return err
	}
	return j.run()
}

// realStreams reports whether env's streams are the process's own, so the
// command can be handed them (and terse can step aside entirely).
func realStreams(env Env) bool {
	return env.Stdin == io.Reader(os.Stdin) && env.Stdout == io.Writer(os.Stdout) && env.Stderr == io.Writer(os.Stderr)
}

// passthrough runs the command as if terse were not there. In a real process
// terse replaces itself with the command (exec): the terminal, colours,
// signals and exit status are the command's own, and no time is added.
func passthrough(argv []string, env Env) error {
	if runner.CanExec && realStreams(env) {
		// Real streams are the real process (OSEnv), whose Environ is the
		// one exec hands on.
		return startFailure(runner.Exec(argv))
	}
	p, err := runner.Start(runner.Config{Args: argv, Env: childEnv(env), Stdin: env.Stdin, Stdout: env.Stdout, Stderr: env.Stderr})
	if err != nil {
		return startFailure(err)
	}
	defer p.Close()
	st, err := p.Wait()
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	return exitWith(st.ExitCode())
}

// startFailure turns a command that could not start into terse's exit: 127
// (not found) or 126 (not executable) and one line saying so.
func startFailure(err error) error {
	var se *runner.StartError
	if errors.As(err, &se) {
		return &ExitError{Code: se.Code, Err: se}
	}
	return &ExitError{Code: 126, Err: err}
}

// exitWith exits silently with code.
func exitWith(code int) error {
	if code == 0 {
		return nil
	}
	return reportedExit(code)
}

// childEnv is the environment a command terse runs inherits: the injected
// one, never empty-as-nil (runner.Config reads nil as terse's own process
// environment, which would bypass the injection).
func childEnv(env Env) []string {
	return append([]string{}, env.Environ()...)
}

// shapedEnv is the child's environment in shaped modes: terse's own, with
// colour turned off (colour codes cost tokens and carry nothing).
func shapedEnv(base []string) []string {
	out := make([]string, 0, len(base)+2)
	for _, kv := range base {
		if strings.HasPrefix(kv, "NO_COLOR=") || strings.HasPrefix(kv, "FORCE_COLOR=") {
			continue
		}
		out = append(out, kv)
	}
	return append(out, "NO_COLOR=1", "FORCE_COLOR=0")
}

// runJob is one shaped run.
type runJob struct {
	env    Env
	argv   []string
	set    *profiles.Set
	prof   *profiles.Profile
	forced bool // prof came from -p
	mode   Mode
	opt    profiles.Options
	pretty bool
	view   viewOpts
	// acct counts the raw and shaped tokens for --stats and the ledger;
	// nil counts nothing.
	acct *accounting
	// deadline is when the harness kills the command (--deadline), 0 for
	// none: an early report is printed before it (see early).
	deadline time.Duration
	// delta compares the run with the previous run of the same command
	// (unless --no-delta or TERSE_DELTA=off), for a reader named by
	// session; see runDelta.
	delta bool
	// session names the reader of the output (--session), "" for none.
	session string
	// carry is what the reader read in earlier runs of the command
	// (readBefore), recorded as read by this run too.
	carry []delta.Entry
	// whole is the report of every failure of the run, when the output
	// was shaped whole (Options.Whole) and the report shows a page of it.
	whole *report.Report
}

// wantsSplit reports whether the tool was asked for its machine format: it
// then prints it on stdout and its human report on stderr, so stdout is
// read apart, as the document, and kept in the saved run beside the whole
// output (the fallback and terse show read it from there).
func (j *runJob) wantsSplit() bool {
	return j.prof != nil && j.prof.HasJSON() && j.prof.AsksJSON(progArgs(j.argv))
}

// run runs the command in a session and shapes what it prints as it
// prints it; once the command has ended, the outcome gets the session's
// notes, is rendered and accounted, and terse exits with the command's code.
// The order matters: the log is complete before it is re-shaped, the
// token count is in the sidecar before it is finished, and the early
// report is stopped before the whole one is written.
func (j *runJob) run() error {
	// A command that cannot start is reported before anything is saved.
	path, err := runner.LookPath(j.argv[0])
	if err != nil {
		return startFailure(err)
	}
	s, err := startSession(j.env, j.argv, path, j.wantsSplit(), j.acct, j.session)
	if err != nil {
		return err
	}
	defer s.close()
	var pre *earlyReport
	if j.deadline > 0 && s.rec != nil {
		pre = j.early(s.rec, s.start)
	}
	// A saved run's failures are recorded, all of them, for the next run
	// to compare with (runDelta): the output is shaped whole, and paged
	// here.
	opt := j.opt
	opt.Whole = s.rec != nil
	opt.WholeMax = delta.MaxEntries
	out, shapeErr := j.shape(s.stdout, opt)
	e := s.end()
	view := j.runView(s, e)
	if s.rec != nil {
		out, shapeErr = j.fallbacks(out, shapeErr, s.split, s.rec.Path, s.rec.Bytes)
		if shapeErr == nil {
			out, shapeErr = j.page(out, s.rec.Path)
		}
		if j.whole != nil {
			defer j.whole.Close()
		}
	}
	profName := ""
	switch {
	case shapeErr != nil:
	case out.Report != nil && len(out.Report.Parts) > 0:
		// Several runs ("pytest+jest"): no profile of that name, so
		// `terse show` detects them again, as they were shaped.
		profName = out.Report.Tool
	case out.Profile != nil:
		profName = out.Profile.Name
	}
	s.finish(e, profName)
	if pre.stop() {
		// The early report is out; what follows is the whole run's.
		fmt.Fprintf(j.env.Stdout, "\nFINISHED at %.1fs: the whole report (it repeats the failures above)\n", e.dur.Seconds())
	}
	if e.stopped == syscall.SIGPIPE {
		// Nobody reads terse any more: it ends as a pipeline's writer
		// does, silently, with the code of SIGPIPE.
		return exitWith(e.exit)
	}
	if shapeErr != nil {
		return j.passOn(shapeErr, s, e)
	}
	if out.Report != nil {
		j.readJUnit(out.Report, s.start)
		j.annotate(out.Report, out, s, e, view)
	}
	return j.present(out, s, e, view, profName)
}

// progArgs are the wrapped program's own arguments, launchers stripped.
func progArgs(argv []string) []string {
	_, args := commands.Program(argv)
	return args
}
