package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/commands"
	"github.com/terse-dev/terse/envflag"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
	"github.com/terse-dev/terse/runlog"
	"github.com/terse-dev/terse/runner"
	"github.com/terse-dev/terse/statedir"
	"github.com/terse-dev/terse/tokens"
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
		Description: "At a terminal (no --llm, LLM_OUTPUT or agent environment) the command runs untouched.\n" +
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
		noDeltaFlag(), noGroupFlag())
}

// disabled reports whether TERSE_DISABLE asks terse to step aside.
func disabled(env Env) bool { return envflag.Disabled(env.Getenv) }

func runAction(c *cli.Command, env Env) error {
	argv := c.Args().Slice()
	if len(argv) == 0 {
		return usageErr("terse run needs a command: terse run [flags] -- CMD [ARGS...]")
	}
	if disabled(env) {
		return passthrough(argv, env)
	}
	mode := ResolveMode(ModeInput{
		LLM: c.String("llm"), Format: c.String("format"), JSON: c.Bool("json"),
		Verbose: c.Bool("verbose"), Getenv: env.Getenv, Terminal: env.Terminal, Run: true,
	})
	switch mode.Format {
	case FormatLLM, FormatJSON:
	case FormatHuman:
		return passthrough(argv, env)
	default:
		return usageErr("unknown --format %q: use llm, json or human", mode.Format)
	}
	if c.Int("limit") < 0 || c.Int("offset") < 0 {
		return usageErr("--limit and --offset take numbers of 0 or more")
	}
	var deadline time.Duration
	if d := c.String("deadline"); d != "" {
		var err error
		if deadline, err = time.ParseDuration(d); err != nil || deadline <= 0 {
			return usageErr("--deadline %q is not a duration such as 120s", d)
		}
	}
	set, err := loadProfiles(env)
	if err != nil {
		// A broken profile of the user's must not break every command
		// aliased to terse run: warn, and go on with the built-in ones.
		fmt.Fprintf(env.Stderr, "terse: %v; using the built-in profiles\n", err)
		if set, err = profiles.Builtin(); err != nil {
			fmt.Fprintf(env.Stderr, "terse: %v; running the command untouched\n", err)
			return passthrough(argv, env)
		}
	}
	j := &runJob{env: env, argv: argv, set: set, mode: mode, pretty: c.Bool("pretty"),
		view: viewFlags(c, mode, env.Getenv), deadline: deadline, delta: deltaOn(c, env)}
	if name := c.String("profile"); name != "" {
		p, ok := set.Get(name)
		if !ok {
			return usageErr("unknown profile %q: `terse profiles` lists them", name)
		}
		j.prof, j.forced = p, true
	} else {
		j.prof = set.ForArgv(argv)
	}
	j.opt = profiles.Options{
		Window:  report.Window{Offset: c.Int("offset"), Limit: c.Int("limit")},
		Verbose: mode.Verbose,
		Cwd:     env.Cwd,
	}
	doc, err := docSetup(c, env, mode, &j.opt)
	if err != nil {
		return err
	}
	j.view.doc = doc
	if j.acct, err = newAccounting(c, env); err != nil {
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

// keepRuns reads TERSE_KEEP_RUNS, the number of runs kept.
func keepRuns(env Env) int {
	n, err := strconv.Atoi(strings.TrimSpace(env.Getenv("TERSE_KEEP_RUNS")))
	if err != nil || n <= 0 {
		return runlog.DefaultKeep
	}
	return n
}

// keepBytes reads TERSE_KEEP_BYTES, the disk the saved runs may take: a
// number of bytes with an optional K, M or G (binary units); 0 for no
// budget. Anything else means the default.
func keepBytes(env Env) int64 {
	v := strings.ToUpper(strings.TrimSpace(env.Getenv("TERSE_KEEP_BYTES")))
	v = strings.TrimSuffix(strings.TrimSuffix(v, "B"), "I")
	mult := int64(1)
	if v != "" {
		switch v[len(v)-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		}
		if mult > 1 {
			v = v[:len(v)-1]
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return runlog.DefaultKeepBytes
	}
	return n * mult
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
	// (unless --no-delta or TERSE_DELTA=off); see runDelta.
	delta bool
}

func (j *runJob) run() error {
	// A command that cannot start is reported before anything is saved.
	if _, err := runner.LookPath(j.argv[0]); err != nil {
		return startFailure(err)
	}
	// A tool asked for its machine format prints it on stdout and its
	// human report on stderr: stdout is then read apart, as the document,
	// and kept in the saved run beside the whole output (the fallback and
	// terse show read it from there).
	wantSplit := j.prof != nil && j.prof.HasJSON() && j.prof.AsksJSON(progArgs(j.argv))
	start := time.Now().UTC()
	var (
		rec   *runlog.Run
		store *runlog.Store
		p     *runner.Process
		err   error
	)
	// pruned receives the outcome of retention, which runs while the
	// command does: it is file work that would otherwise add to every run.
	var pruned chan error
	save := func(stdout bool) {
		store, err = runlog.Open(runlog.Dir(j.env.Getenv), keepRuns(j.env))
		if err == nil {
			store.MaxRunBytes = keepBytes(j.env) // one run never takes more than the budget
			rec, err = store.Create(runlog.Meta{Command: j.argv, Cwd: j.env.Cwd, Start: start, Stdout: stdout})
		}
		if err != nil {
			fmt.Fprintf(j.env.Stderr, "terse: the raw output will not be saved: %v\n", err)
			j.acct.alreadySaid(err)
			return
		}
		// The run is recorded (its sidecar names this live process), so
		// retention counts it and cannot remove it.
		pruned = make(chan error, 1)
		go func() { pruned <- store.Prune() }()
	}
	// terse's own output, watched: when its reader goes away, so does the
	// command (`terse run -- yes | head -1`).
	watch, _ := j.env.Stdout.(*os.File)
	launch := func(split bool) error {
		p, err = runner.Start(runner.Config{Args: j.argv, Env: shapedEnv(childEnv(j.env)), Stdin: j.env.Stdin,
			SplitStderr: split, Watch: watch})
		return err
	}
	split := false
	if wantSplit {
		// The stdout copy needs the saved run: create it first.
		save(true)
		split = rec != nil
		if err := launch(split); err != nil {
			if rec != nil {
				<-pruned
				rec.Abandon()
			}
			return startFailure(err)
		}
	} else {
		// The child starts first, and the run is saved while it works:
		// its output waits in the pipe meanwhile.
		if err := launch(false); err != nil {
			return startFailure(err)
		}
		save(false)
	}
	defer p.Close()

	// sink receives every raw byte: the saved run, or a spool when it
	// could not be created (for the fallback below).
	var (
		spooled *spool
		sink    io.Writer
		doc     io.Writer = io.Discard
	)
	if rec != nil {
		sink = rec
		if split {
			doc = rec.StdoutWriter()
		}
	} else {
		spooled = &spool{}
		defer spooled.Close()
		sink = spooled
	}

	sink = j.acct.rawWriter(sink)
	stdout := io.TeeReader(p.Output, io.MultiWriter(sink, doc))
	var (
		wg          sync.WaitGroup
		stderrLines int
	)
	if p.Stderr != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stderrLines = copyCountingLines(sink, p.Stderr)
		}()
	}

	var pre *earlyReport
	if j.deadline > 0 && rec != nil {
		pre = j.early(rec, start)
	}
	out, shapeErr := j.shape(stdout)
	// Whatever shaping left unread still belongs to the log, and the child
	// must not block on a full pipe.
	_, _ = io.Copy(io.Discard, stdout)
	wg.Wait()
	st, waitErr := p.Wait()
	dur := time.Since(start)
	if rec != nil {
		// Every byte is in: complete the log before anything reads it.
		if err := rec.Close(); err != nil {
			fmt.Fprintf(j.env.Stderr, "terse: the saved raw output is incomplete: %v\n", err)
		}
	}
	if waitErr != nil {
		fmt.Fprintf(j.env.Stderr, "terse: %v\n", waitErr)
	}
	code := st.ExitCode()
	signal := ""
	if st.Signal != 0 {
		signal = runner.SignalName(st.Signal)
	}
	// exit is terse's own exit code: the command's, or 128+N when signal N
	// made terse stop it.
	exit, interrupted := code, ""
	if sig, at := p.Interrupted(); sig != 0 {
		exit = 128 + int(sig)
		interrupted = fmt.Sprintf("INTERRUPTED at %.1fs (SIG%s)", at.Sub(start).Seconds(), runner.SignalName(sig))
	} else if st.Signal != 0 {
		interrupted = fmt.Sprintf("INTERRUPTED at %.1fs (the command was killed by SIG%s)", dur.Seconds(), signal)
	}

	var view runView
	if rec != nil {
		view = runView{id: rec.ID, logPath: rec.Path, bytes: rec.Bytes, exit: code, signal: signal, interrupted: interrupted, note: rec.LogNote()}
		if j.acct != nil && rec.Whole() {
			// Every raw byte has gone through the counter by now.
			if t, err := j.acct.rawTally(); err == nil {
				// Counted, or past the exact limit extrapolated from
				// the counted part: either is far nearer than a ratio.
				view.tokens, view.tokensExact = t.Tokens, t.Exact
				if t.Exact {
					rec.Tokens = t.Tokens // for terse show and terse last
				}
			}
		}
	} else {
		view = runView{rerun: j.argv, exit: code, signal: signal, interrupted: interrupted}
	}

	if rec != nil {
		out, shapeErr = j.fallbacks(out, shapeErr, split, rec.Path, rec.Bytes)
	}
	profName := ""
	if shapeErr == nil && out.Profile != nil {
		profName = out.Profile.Name
	}
	if rec != nil {
		if err := rec.Finish(code, signal, profName, dur); err != nil {
			fmt.Fprintf(j.env.Stderr, "terse: the saved raw output may be incomplete: %v\n", err)
		}
		if err := <-pruned; err != nil {
			fmt.Fprintf(j.env.Stderr, "terse: %v\n", err)
		}
		if budget := keepBytes(j.env); store.SizeCheckDue(rec.Bytes, budget) {
			if err := store.PruneBytes(budget); err != nil {
				fmt.Fprintf(j.env.Stderr, "terse: %v\n", err)
			}
		}
	}
	if pre.stop() {
		// The early report is out; what follows is the whole run's.
		fmt.Fprintf(j.env.Stdout, "\nFINISHED at %.1fs: the whole report (it repeats the failures above)\n", dur.Seconds())
	}
	if sig, _ := p.Interrupted(); sig == syscall.SIGPIPE {
		// Nobody reads terse any more: it ends as a pipeline's writer
		// does, silently, with the code of SIGPIPE.
		return exitWith(exit)
	}

	if shapeErr != nil {
		// terse failed, not the command: the raw bytes go through
		// unchanged, and the command's exit code still wins.
		fmt.Fprintf(j.env.Stderr, "terse: %v; passing the output through unchanged\n", shapeErr)
		if interrupted != "" {
			fmt.Fprintf(j.env.Stderr, "terse: %s\n", interrupted)
		}
		if err := replay(j.env.Stdout, rec, spooled); err != nil {
			fmt.Fprintf(j.env.Stderr, "terse: %v\n", err)
		}
		return exitWith(exit)
	}
	if out.Report != nil {
		if split && out.JSONIn && stderrLines > 0 {
			// The human report on stderr says what the document says.
			out.Report.Omitted = append(out.Report.Omitted, report.Omission{What: "stderr lines", Count: stderrLines})
		}
		if p.OutputCut() {
			out.Report.Notes = append(out.Report.Notes,
				"output cut: a process the command left in the background still held it open after the command exited")
		}
		// The guard: a command that exited non-zero did not pass.
		profiles.ReconcileExit(out.Report, code)
		if note := exitNote(out.Report, code, signal); note != "" {
			out.Report.Notes = append(out.Report.Notes, note)
		}
		if rec != nil {
			j.runDelta(store, rec, out, view)
		}
	}
	env := j.env
	env.Stdout = j.acct.output(env.Stdout)
	err = j.view.write(env, out, view)
	if errors.Is(err, errNoReport) {
		err = replay(env.Stdout, rec, spooled)
	}
	j.acct.finish(runInfo{command: strings.Join(j.argv, " "), profile: profName, exit: &code})
	if err != nil {
		fmt.Fprintf(j.env.Stderr, "terse: %v\n", err)
		if exit == 0 {
			return reportedExit(1)
		}
	}
	return exitWith(exit)
}

// shape shapes the output, turning a panic of a parser into an error, so
// the fallback can pass the raw output through.
func (j *runJob) shape(in io.Reader) (out profiles.Outcome, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error (%v)", p)
		}
	}()
	return j.set.Shape(in, j.prof, j.opt)
}

// fallbacks re-shape the saved output when the first try missed: the
// stdout of a machine-format run that held no document the profile reads
// (jest --json --outputFile=x, a crash before the report), or a profile
// chosen from the command that found nothing it knows in the output (the
// generic cleaner then shows it: never silence).
func (j *runJob) fallbacks(out profiles.Outcome, err error, split bool, logPath string, size int64) (profiles.Outcome, error) {
	switch {
	case split && (err != nil || !(out.JSONIn && out.Report != nil)):
		return j.reshape(logPath, j.prof)
	case err == nil && j.prof != nil && !j.forced && size > 0 && out.Report != nil && emptyReport(out.Report):
		generic, _ := j.set.Get(profiles.Generic)
		return j.reshape(logPath, generic)
	}
	return out, err
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

// replay writes the raw output saved so far.
func replay(w io.Writer, rec *runlog.Run, sp *spool) error {
	if rec == nil {
		return sp.Replay(w)
	}
	f, err := statedir.Open(rec.Path)
	if err != nil {
		return fmt.Errorf("replaying the output: %w", err)
	}
	defer f.Close()
	if _, err := io.Copy(w, f); err != nil {
		return fmt.Errorf("replaying the output: %w", err)
	}
	return nil
}

// copyCountingLines copies r to w and returns the number of lines.
func copyCountingLines(w io.Writer, r io.Reader) int {
	buf := make([]byte, 32<<10)
	lines, last := 0, byte('\n')
	for {
		n, err := r.Read(buf)
		if n > 0 {
			_, _ = w.Write(buf[:n])
			for _, b := range buf[:n] {
				if b == '\n' {
					lines++
				}
			}
			last = buf[n-1]
		}
		if err != nil {
			break
		}
	}
	if last != '\n' {
		lines++
	}
	return lines
}

// progArgs are the wrapped program's own arguments, launchers stripped.
func progArgs(argv []string) []string {
	_, args := commands.Program(argv)
	return args
}

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
	// fit cuts llm text to Claude Code's view (see render.ClaudeCodeFit).
	fit bool
	// group writes failures of one cause as one block (render.Hints.Group).
	group bool
	// maxTokens fits llm text in that many tokens (--max-tokens), 0: none.
	maxTokens int
}

func viewFlags(c *cli.Command, mode Mode, getenv func(string) string) viewOpts {
	v := viewOpts{mode: mode, pretty: c.Bool("pretty"), limit: c.Int("limit"), offset: c.Int("offset"),
		fit: fitsClaudeCode(c, mode, getenv), group: groupOn(c, getenv), maxTokens: maxTokens(c, mode)}
	switch {
	case mode.Format == FormatJSON && mode.Why == "--llm=json":
		v.format = []string{"--llm=json"}
	case mode.Format == FormatJSON && c.Bool("json"):
		v.format = []string{"--json"}
	case mode.Format == FormatJSON && c.String("format") != "":
		v.format = []string{"--format", "json"}
	case mode.Verbose && strings.HasPrefix(mode.Why, "--"):
		v.format = []string{"--llm=verbose"}
	case mode.Format == FormatLLM && mode.TextAsked && strings.HasPrefix(mode.Why, "--"):
		v.format = []string{"--llm"}
	}
	// The pages that follow are made as this one was.
	for _, off := range []string{"no-delta", "no-group"} {
		if c.Bool(off) {
			v.format = append(v.format, "--"+off)
		}
	}
	return v
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
	next := append([]string(nil), v.format...)
	next = append(next, "--offset", strconv.Itoa(v.offset+v.limit))
	if v.limit != DefaultLimit {
		next = append(next, "--limit", strconv.Itoa(v.limit))
	}
	h := render.Hints{Next: with(next...), Group: v.group}
	nextAt := func(offset, limit int) string {
		page := append([]string(nil), v.format...)
		if v.maxTokens > 0 {
			page = append(page, "--max-tokens", strconv.Itoa(v.maxTokens))
		}
		return with(append(page, "--offset", strconv.Itoa(offset), "--limit", strconv.Itoa(limit))...)
	}
	if v.maxTokens > 0 {
		h.Fit = render.TokenFit(v.maxTokens, nextAt)
	} else if v.fit {
		h.Fit = render.ClaudeCodeFit(nextAt)
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
	if v.maxTokens > 0 && h.Raw != "" {
		// The raw line comes after the page (write): the page's budget
		// leaves room for it.
		room := h.Fit.Fail - render.TokenSize("raw: "+h.Raw+"\n")
		if room < 1 {
			room = 1
		}
		h.Fit.Fail, h.Fit.Pass = room, room
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
		if _, err := env.Stdout.Write(out.Passthrough); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
		if out.Invalid != nil {
			fmt.Fprintln(env.Stderr, "terse: "+out.Invalid.Error())
		}
		return nil
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
	h := v.hints(rv)
	// A report may hold resources (failures spilled to a temporary file on
	// a huge run); release them when it has been written.
	if c, ok := any(r).(interface{ Close() }); ok {
		defer c.Close()
	}
	if v.mode.Format == FormatJSON || (out.JSONIn && !v.mode.TextAsked && v.mode.Format == FormatLLM) {
		if rv.interrupted != "" {
			// The JSON names its raw log only beside omitted counts.
			note := rv.interrupted
			if h.Raw != "" {
				note += "; raw: " + h.Raw
			}
			r.Notes = append([]string{note}, r.Notes...)
		}
		return render.JSON(env.Stdout, r, h, v.pretty)
	}
	raw := h.Raw
	h.Raw = "" // said once, on the last line
	if rv.interrupted != "" {
		if _, err := fmt.Fprintln(env.Stdout, rv.interrupted); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
	}
	if err := render.LLM(env.Stdout, r, h); err != nil {
		return err
	}
	if raw != "" && (render.ShowsOmitted(r) || r.Page.HasMore || rv.interrupted != "") {
		if _, err := fmt.Fprintf(env.Stdout, "raw: %s\n", raw); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
	}
	return nil
}

// valueFlags are the names of the flags of a subcommand (run, last or show)
// that take a value in the next argument: every flag that is not a boolean.
func valueFlags(sub string) map[string]bool {
	flags := showFlags()
	if sub == "run" {
		flags = runFlags()
	}
	m := map[string]bool{}
	for _, f := range flags {
		if _, ok := f.(*cli.BoolFlag); ok {
			continue
		}
		for _, n := range f.Names() {
			m["-"+n], m["--"+n] = true, true
		}
	}
	return m
}

// subcommandArgs fixes up the arguments of run, last and show before the
// flag parser sees them. For run, everything from the first argument that is
// not a flag is the command, untouched (`terse run jest --llm` passes --llm
// to jest). For show and last, flags may follow the run id (`terse show 17
// --offset 20`), which the flag parser does not allow: the id moves last.
func subcommandArgs(args []string) []string {
	if len(args) < 2 {
		return args
	}
	sub := args[1]
	if sub != "run" && sub != "show" && sub != "last" {
		return args
	}
	out := append([]string(nil), args[:2]...)
	valued := valueFlags(sub)
	var positional []string
	for i := 2; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			positional = append(positional, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "-") && a != "-":
			if a == "--llm" || a == "-llm" {
				a = "--llm=compact"
			}
			if r, _ := utf8.DecodeRuneInString(a[1:]); r != '-' && !unicode.IsLetter(r) {
				// The flag parser takes -1 for an argument (`terse run -1`
				// would run a command named -1); as --1 it is the unknown
				// flag it is here, a usage error.
				a = "-" + a
			}
			out = append(out, a)
			if valued[a] && i+1 < len(args) {
				out = append(out, args[i+1])
				i++
			}
		case sub == "run":
			positional = append(positional, args[i:]...)
			i = len(args)
		default:
			positional = append(positional, a)
		}
	}
	if len(positional) > 0 {
		out = append(out, "--")
		out = append(out, positional...)
	}
	return out
}
