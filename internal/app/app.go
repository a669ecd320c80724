// Package app is terse's command line: flags, mode resolution and the
// plumbing between input, profiles and renderers. Streams and the
// environment are injected, so tests drive it without a process.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/ledger"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// DefaultLimit is the number of failures shown per page. A jest failure
// block shapes to about 50 tokens (measured on the captures in testdata), so
// 20 failures cost about 1,000 tokens: enough to fix a broken change in one
// pass, small enough that a run with hundreds of failures does not flood the
// context. --limit 0 shows all.
const DefaultLimit = 20

// Env is the process environment terse runs in.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
	// Environ lists the environment Getenv reads, as KEY=value: what a
	// command terse runs inherits. It describes the same environment as
	// Getenv; nil is an empty one (as a nil Getenv reads nothing), so a
	// test's child sees only what the test injects.
	Environ func() []string
	// Terminal reports whether stdout is a terminal.
	Terminal bool
	// Cwd shortens absolute paths in output.
	Cwd string
	// StdinTerminal reports whether stdin is a terminal: nobody is piping
	// anything in.
	StdinTerminal bool
}

// ExitError ends terse with Code. Main prints Err as terse's one line of
// complaint, unless Reported says the failure was already told: by the
// report's verdict, by the wrapped command's own output and exit code, or by
// a message printed where it happened.
type ExitError struct {
	Code int
	Err  error
	// Reported: Main prints nothing more.
	Reported bool
}

// Error is Err's message, or the exit code for a failure told elsewhere.
func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}

// Unwrap returns Err.
func (e *ExitError) Unwrap() error { return e.Err }

// reportedExit ends terse with code after the failure was told elsewhere.
func reportedExit(code int) error { return &ExitError{Code: code, Reported: true} }

func usageErr(format string, a ...any) error {
	return &ExitError{Code: 2, Err: fmt.Errorf(format, a...)}
}

// Main runs terse with args (args[0] is the program name) and returns the
// exit code.
func Main(args []string, env Env) int {
	if env.Getenv == nil {
		env.Getenv = func(string) string { return "" }
	}
	if env.Environ == nil {
		env.Environ = func() []string { return nil }
	}
	root := newApp(env)
	if len(args) > 1 && args[1] == "run" {
		onlyCommand(root, "run")
	}
	args, err := helpArgs(root, args)
	if err == nil {
		err = root.Run(context.Background(), commandArgs(args))
	}
	return exitCode(err, env.Stderr)
}

// onlyCommand leaves root the one subcommand name, when the arguments name
// it: urfave/cli sets up every command of the tree before it runs one
// (help, completion, flag defaults), a tenth of `terse run -- true`'s own
// time, and no other command has a part in running this one (their flags
// are their own: see v2Parsing).
func onlyCommand(root *cli.Command, name string) {
	for _, c := range root.Commands {
		if c.Name == name {
			root.Commands = []*cli.Command{c}
			return
		}
	}
}

// exitCode is the exit code for err, after telling stderr what failed unless
// it was told already.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		if !ee.Reported {
			fmt.Fprintln(stderr, "terse: "+ee.Error())
		}
		return ee.Code
	}
	// Usage errors arrive as ExitError 2; anything else is a failure to
	// read or write.
	fmt.Fprintln(stderr, "terse: "+err.Error())
	return 1
}

// unexpectedArg is the usage error for an argument terse does not take: a
// file to read goes to stdin, anything else is a command whose output to pipe.
func unexpectedArg(env Env, root *cli.Command, args []string) error {
	arg := args[0]
	if k := nearest(arg, commandNames(root)); k != "" {
		return usageErr("unexpected argument %q: did you mean `%s`?", arg, suggestedCommand(k, args[1:]))
	}
	path := arg
	if env.Cwd != "" && !filepath.IsAbs(path) {
		path = filepath.Join(env.Cwd, path)
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		return usageErr("unexpected argument %q: terse reads stdin (did you mean `terse < %s`?)", arg, arg)
	}
	return usageErr("unexpected argument %q: terse reads stdin (did you mean `%s | terse`?)", arg, arg)
}

// llmValues are the values of --llm.
var llmValues = []string{"compact", "verbose", "json"}

// checkLLM rejects an --llm value that is none of llmValues: a typo would
// otherwise be taken for compact without a word.
func checkLLM(v string) error {
	for _, ok := range llmValues {
		if strings.EqualFold(v, ok) {
			return nil
		}
	}
	return usageErr("use compact (a bare --llm), verbose or json")
}

// helpArgs makes `terse help` `terse --help` and `terse help CMD` `terse CMD
// --help`: the help command is hidden, and "help" would otherwise be taken
// for a command whose output to pipe.
func helpArgs(root *cli.Command, args []string) ([]string, error) {
	if len(args) < 2 || args[1] != "help" {
		return args, nil
	}
	switch {
	case len(args) == 2:
		return []string{args[0], "--help"}, nil
	case len(args) == 3 && root.Command(args[2]) != nil:
		return []string{args[0], args[2], "--help"}, nil
	}
	return nil, usageErr("no command %q: `terse --help` lists the commands", strings.Join(args[2:], " "))
}

// normalizeArgs turns a bare --llm into --llm=compact: the RFC's flag takes an
// optional value, which the flag parser has no notion of.
func normalizeArgs(args []string) []string {
	args = subcommandArgs(args)
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		if a == "--llm" || a == "-llm" {
			a = "--llm=compact"
		}
		out = append(out, a)
	}
	return out
}

func shapeFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "profile", Aliases: []string{"p"}, Usage: "profile `NAME` to shape with (default: detected)"},
		&cli.StringFlag{Name: "llm", Usage: "llm output: compact (the default for a bare --llm), verbose or json",
			Validator: checkLLM},
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Usage: "output format: llm, json or human (the input untouched)"},
		&cli.BoolFlag{Name: "json", Usage: "same as --format json"},
		&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "more context per failure (more frames, diff context, message lines)"},
		&cli.BoolFlag{Name: "pretty", Usage: "indent JSON output"},
		&cli.IntFlag{Name: "limit", Value: DefaultLimit, Usage: "failures per page (items of a JSON document's main list: the profile's page, 50 unless it says), 0 for all"},
		&cli.IntFlag{Name: "max-tokens", Sources: cli.EnvVars("TERSE_MAX_TOKENS"),
			Usage: "fit the llm text or JSON report in `N` o200k_base tokens, counted exactly: the page holds the failures that fit, the rest are counted with the command for the next page"},
		&cli.IntFlag{Name: "max-lines", Usage: "fit the llm text in `N` lines (what `| tail -N` keeps): the page holds the failures that fit, the rest are counted with the command for the next page"},
		&cli.IntFlag{Name: "offset", Usage: "failures to skip"},
	}, docFlags()...)
}

// pipeFlags are the flags of shaping a pipe (terse run exits with the
// command's code instead).
func pipeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "exit-zero", Usage: "exit 0 when the report says FAIL (by default a pipe exits 1, as the tool did)"},
		noGroupFlag(),
		&cli.IntFlag{Name: "since", Usage: "compare with saved `RUN` (terse show lists them): failures unchanged since are listed a line each"},
	}
}

// shapeAllFlags are the flags of shaping: output and accounting.
func shapeAllFlags() []cli.Flag { return append(shapeFlags(), accountFlags()...) }

func newApp(env Env) *cli.Command {
	root := &cli.Command{
		Name:      "terse",
		Usage:     "shape developer tools' output for AI coding agents",
		UsageText: "CMD 2>&1 | terse [flags]\n   terse run [flags] -- CMD [ARGS...]\n   terse profiles\n   terse tokens [FILE...]\n   terse gain [--json]",
		Description: "terse reads a tool's output on stdin and writes what an agent needs to act:\n" +
			"failures with location and reason, a one-line summary, and a count of what was left out.\n" +
			"In its hints, `…` stands for the command whose output was piped in: `… | terse --offset 20`\n" +
			"means that command again, piped to terse --offset 20 (terse run saves the output: terse last --offset 20).",
		Reader:          env.Stdin,
		Writer:          env.Stdout,
		ErrWriter:       env.Stderr,
		HideHelpCommand: true,
		Flags:           append(append(shapeAllFlags(), pipeFlags()...), junitFlag()),
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Bool("junit") {
				return shapeJUnit(c, env, c.Args().Slice())
			}
			if c.NArg() > 0 {
				return unexpectedArg(env, c.Root(), c.Args().Slice())
			}
			if env.StdinTerminal {
				// Nothing is piped in: say how terse is used instead
				// of waiting for a terminal's input.
				return usageErr("no input: terse shapes a tool's output on stdin: `CMD 2>&1 | terse`, `terse < FILE` or `terse run -- CMD` (terse --help)")
			}
			return shape(c, env)
		},
		Commands: []*cli.Command{
			{
				Name:  "profiles",
				Usage: "list the profiles terse knows",
				Action: func(context.Context, *cli.Command) error {
					set, err := loadProfiles(env)
					if err != nil {
						return &ExitError{Code: 2, Err: err}
					}
					listProfiles(env.Stdout, set)
					return nil
				},
			},
			verifyCommand(env), runCommand(env), lastCommand(env), showCommand(env), aliasCommand(env),
			tokensCommand(env), gainCommand(env),
			initCommand(env), hookCommand(env), doctorCommand(env), discoverCommand(env),
		},
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
	}
	releaseCommands(root, env)
	v2Parsing(root)
	return root
}

// v2Parsing makes every command of the tree parse its arguments as terse has
// always had them parsed (urfave/cli v2, over the standard flag package),
// where urfave/cli v3 differs:
//   - flags stop at the first argument that is not one: everything after it
//     is an argument (`terse init claude --local` reads its own flags;
//     subcommandArgs reorders show and last, and ends run's flags);
//   - a command's flags are its own: v3 hands the root's flags down to
//     every subcommand unless they are local;
//   - a usage error is one line on stderr naming the command's help, and
//     exit 2, for a subcommand as for the root: not "Incorrect Usage" and
//     the whole help (which v2 printed on stdout for a subcommand).
func v2Parsing(cmd *cli.Command) {
	one := 1
	cmd.StopOnNthArg = &one
	cmd.OnUsageError = func(_ context.Context, c *cli.Command, err error, _ bool) error {
		if hint := flagHint(c, err); hint != "" {
			return usageErr("%v%s", err, hint)
		}
		return usageErr("%v (see %s --help)", err, c.FullName())
	}
	for _, f := range cmd.Flags {
		switch f := f.(type) {
		case *cli.BoolFlag:
			f.Local = true
		case *cli.StringFlag:
			f.Local = true
		case *cli.IntFlag:
			f.Local = true
		default:
			panic(fmt.Sprintf("app: v2Parsing does not know flag type %T", f))
		}
	}
	for _, sub := range cmd.Commands {
		v2Parsing(sub)
	}
}

// loadProfiles returns the built-in profiles plus the user's, from
// $TERSE_PROFILES or $XDG_CONFIG_HOME/terse/profiles (~/.config/terse/profiles).
// A user's profile that cannot be used is left out with a one-line warning
// on stderr naming it: whatever is in that directory, the input is shaped.
func loadProfiles(env Env) (*profiles.Set, error) {
	set, err := profiles.Builtin()
	if err != nil {
		return nil, err
	}
	if dir := profilesDir(env); dir != "" {
		for _, err := range set.LoadDir(dir) {
			fmt.Fprintf(env.Stderr, "terse: %v; skipped (using the built-in profiles and the rest of yours)\n", err)
		}
	}
	return set, nil
}

// profileSource says which file a profile came from, and which built-in
// it replaces.
func profileSource(set *profiles.Set, p *profiles.Profile) string {
	if p.IsBuiltin() {
		return "built-in"
	}
	if _, ok := set.Replaced(p.Name); ok {
		return p.Source + ", replacing the built-in"
	}
	return p.Source
}

// profilesDir is the directory of the user's profiles ("" when unknown).
func profilesDir(env Env) string { return commands.UserDir(env.Getenv) }

func shape(c *cli.Command, env Env) error {
	mode := ResolveMode(ModeInput{
		LLM: c.String("llm"), Format: c.String("format"), JSON: c.Bool("json"),
		Verbose: c.Bool("verbose"), Getenv: env.Getenv, Terminal: env.Terminal,
	})
	switch mode.Format {
	case FormatLLM, FormatJSON, FormatHuman:
	default:
		return usageErr("unknown --format %q: use llm, json or human", mode.Format)
	}
	if c.Int("limit") < 0 || c.Int("offset") < 0 {
		return usageErr("--limit and --offset take numbers of 0 or more")
	}
	set, err := loadProfiles(env)
	if err != nil {
		return &ExitError{Code: 2, Err: err}
	}
	var prof *profiles.Profile
	if name := c.String("profile"); name != "" {
		p, ok := set.Get(name)
		if !ok {
			return unknownProfile(name, set)
		}
		prof = p
	}
	if mode.Format == FormatHuman || disabled(env) {
		if _, err := io.Copy(env.Stdout, env.Stdin); err != nil {
			return &ExitError{Code: 1, Err: fmt.Errorf("copying input: %w", err)}
		}
		return nil
	}
	acct, err := newAccounting(c, env)
	if err != nil {
		return err
	}
	env.Stdin, env.Stdout = acct.input(env.Stdin), acct.output(env.Stdout)
	hints, since := hintsFor(c, mode, env.Getenv), c.Int("since")
	win := report.Window{Offset: c.Int("offset"), Limit: c.Int("limit")}
	opt := profiles.Options{
		Window:   win,
		Verbose:  mode.Verbose,
		Cwd:      env.Cwd,
		EveryMax: everyMax(win, hints.Group, since),
	}
	doc, err := docSetup(c, env, mode, &opt)
	if err != nil {
		return err
	}
	job := &job{env: env, set: set, prof: prof, mode: mode, opt: opt, pretty: c.Bool("pretty"),
		hints: hints, doc: doc, since: since}
	if err := job.run(); err != nil {
		return err
	}
	acct.finish(runInfo{command: ledger.PipeCommand, profile: job.profile})
	if job.status == string(report.StatusFail) && !c.Bool("exit-zero") {
		// The tool's exit code is lost in a pipe: the report's verdict
		// stands in for it, so `go test ./... | terse && deploy` stops.
		return reportedExit(1)
	}
	return nil
}

// everyMax is a pipe's Options.EveryMax: the failures past its page that
// repage reads (no more than maxRepage), when it reads them: a page of a
// window (with none, the page is the whole run), whose failures of one
// cause are gathered (group) or compared with the run named by --since.
// Otherwise the list would be kept for nothing.
func everyMax(win report.Window, group bool, since int) int {
	if win.Limit <= 0 && win.Offset <= 0 || !group && since <= 0 {
		return 0
	}
	return maxRepage
}

// hintsFor builds the commands that bring back what a page leaves out. Input
// came through a pipe, so the commands are the terse half of that pipe.
func hintsFor(c *cli.Command, mode Mode, getenv func(string) string) render.Hints {
	return hintsFrom(c, mode, getenv, "… | terse")
}

// hintsFrom is hintsFor with the command that brings back the input: lead
// stands for it and terse ("… | terse" for a pipe, "terse --junit FILE"
// for reports read from files).
func hintsFrom(c *cli.Command, mode Mode, getenv func(string) string, lead string) render.Hints {
	base := []string{lead}
	if p := c.String("profile"); p != "" {
		base = append(base, "-p", p)
	}
	if n := maxTokens(c, mode); n > 0 {
		base = append(base, "--max-tokens", strconv.Itoa(n))
	} else if n := maxLines(c, mode); n > 0 {
		base = append(base, "--max-lines", strconv.Itoa(n))
	}
	switch {
	case mode.Format == FormatJSON && mode.Why == "--llm=json":
		base = append(base, "--llm=json")
	case mode.Format == FormatJSON && c.Bool("json"):
		base = append(base, "--json")
	case mode.Format == FormatJSON && c.String("format") != "":
		base = append(base, "--format", "json")
	case mode.Verbose && strings.HasPrefix(mode.Why, "--"):
		base = append(base, "--llm=verbose")
	}
	// The pages that follow are made as this one was.
	if c.Bool("no-group") {
		base = append(base, "--no-group")
	}
	if n := c.Int("since"); n > 0 {
		base = append(base, "--since", strconv.Itoa(n))
	}
	limit := c.Int("limit")
	next := append([]string(nil), base...)
	next = append(next, "--offset", strconv.Itoa(c.Int("offset")+limit))
	if limit != DefaultLimit {
		next = append(next, "--limit", strconv.Itoa(limit))
	}
	h := render.Hints{
		Next:    strings.Join(next, " "),
		Raw:     "the same command without terse",
		Verbose: mode.Verbose,
	}
	if !mode.Verbose {
		h.More = lead + " --llm=verbose"
	}
	h.Group = groupOn(c, getenv)
	nextAt := func(offset, limit int) string {
		page := append([]string(nil), base...)
		return strings.Join(append(page, "--offset", strconv.Itoa(offset), "--limit", strconv.Itoa(limit)), " ")
	}
	if n := maxTokens(c, mode); n > 0 {
		h.Fit = render.TokenFit(n, nextAt)
	} else if n := maxLines(c, mode); n > 0 {
		h.Fit = render.LineFit(n, nextAt)
	} else if fit, keep := fitsClaudeCode(c, mode, getenv); fit {
		h.Fit = claudeCodeFit(keep, nextAt)
	}
	return h
}

// maxTokens is the --max-tokens budget (or TERSE_MAX_TOKENS) for llm text
// and JSON reports (compact JSON: --pretty indents what fits), 0 for none.
func maxTokens(c *cli.Command, mode Mode) int {
	if mode.Format == FormatHuman || c.Int("max-tokens") <= 0 {
		return 0
	}
	return c.Int("max-tokens")
}

// maxLines is the --max-lines budget for llm text, 0 for none (a JSON
// report or the human form is not cut by lines).
func maxLines(c *cli.Command, mode Mode) int {
	if mode.Format != FormatLLM || c.Int("max-lines") <= 0 {
		return 0
	}
	return c.Int("max-lines")
}

// fitsClaudeCode reports whether llm text is cut to what Claude Code shows
// of a command's output: under Claude Code (CLAUDECODE=1 in the
// environment it gives commands), in llm text. keep is set when --limit
// was given: the page is the user's, never cut, and only the names of the
// failures after it are fitted to what is left of the view.
func fitsClaudeCode(c *cli.Command, mode Mode, getenv func(string) string) (fit, keep bool) {
	fit = getenv("CLAUDECODE") == "1" && mode.Format == FormatLLM
	return fit, fit && c.IsSet("limit")
}

// claudeCodeFit is render.ClaudeCodeFit, keeping the page whole when keep
// says so (fitsClaudeCode).
func claudeCodeFit(keep bool, nextAt func(offset, limit int) string) *render.Fit {
	f := render.ClaudeCodeFit(nextAt)
	f.KeepPage = keep
	return f
}

type job struct {
	env    Env
	set    *profiles.Set
	prof   *profiles.Profile
	mode   Mode
	opt    profiles.Options
	pretty bool
	hints  render.Hints
	raw    spool
	doc    docOut
	// profile names what shaped the input, for the ledger.
	profile string
	// status is the shaped report's (PASS, FAIL, ...), "" when the input
	// was not shaped into a report.
	status string
	// since is the saved run to compare with (--since), 0 for none.
	since int
}

// run shapes the input. If shaping panics, the raw input goes through
// unchanged and terse exits 1: the reader never loses the tool's output.
func (j *job) run() (err error) {
	defer j.raw.Close()
	in := spoolReader{r: j.env.Stdin, s: &j.raw}
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(j.env.Stderr, "terse: internal error (%v); passing the input through unchanged\n", p)
			if rerr := j.raw.Replay(j.env.Stdout); rerr == nil {
				_, _ = io.Copy(j.env.Stdout, j.env.Stdin)
			}
			err = reportedExit(1)
		}
	}()
	out, err := j.set.Shape(in, j.prof, j.opt)
	if err == nil && debugAsks(j.env, "detect") {
		j.explainDetect()
	}
	if serr := j.raw.Failed(); serr != nil {
		// No copy of the input could be kept, and shaping stopped where
		// the copy did: what was read and the rest go out unchanged.
		if err == nil && out.Report != nil {
			out.Report.Close()
		}
		out.All.Close()
		return j.replay(fmt.Errorf("cannot keep a copy of the input (%w); passed through unshaped", serr))
	}
	var jqErr *profiles.JQRunError
	if errors.As(err, &jqErr) {
		return &ExitError{Code: 2, Err: err}
	}
	if err != nil {
		// terse failed, not the input: the raw bytes go through unchanged.
		return j.replay(err)
	}
	defer out.All.Close() // (repage may have closed it: Close is idempotent)
	kind := out.Kind()
	if kind == profiles.KindReplay {
		return j.replay(out.Invalid)
	}
	if out.Profile != nil {
		j.profile = out.Profile.Name
	}
	if kind == profiles.KindDocument {
		return j.doc.write(j.env.Stdout, out.Doc)
	}
	if j.opt.Doc.JQ != nil || len(j.opt.Doc.Fields) > 0 {
		fmt.Fprintln(j.env.Stderr, "terse: --jq and --fields apply to JSON documents; this input is not one, shaped as usual")
	}
	if kind == profiles.KindPassthrough {
		return j.passthrough(out)
	}
	defer out.Report.Close()
	j.status = string(out.Report.Status)
	j.repage(out)
	if out.JSONIn && !j.mode.TextAsked && j.mode.Format == FormatLLM {
		// JSON in, JSON out, unless text was asked for.
		return render.JSON(j.env.Stdout, out.Report, j.hints, j.pretty)
	}
	return j.emit(out.Report)
}

// passthrough writes input that is emitted as it is (JSON that was not
// valid), and fails with the reason when there is one.
func (j *job) passthrough(out profiles.Outcome) error {
	if _, werr := j.env.Stdout.Write(out.Passthrough); werr != nil {
		return &ExitError{Code: 1, Err: fmt.Errorf("writing output: %w", werr)}
	}
	if out.Invalid != nil {
		return &ExitError{Code: 1, Err: out.Invalid}
	}
	return nil
}

func (j *job) emit(r *report.Report) error {
	if j.mode.Format == FormatJSON {
		return render.JSON(j.env.Stdout, r, j.hints, j.pretty)
	}
	return render.LLM(j.env.Stdout, r, j.hints)
}

// OSEnv is the Env of the running process.
func OSEnv(terminal bool) Env {
	cwd, _ := os.Getwd()
	return Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Environ: os.Environ,
		Terminal: terminal, Cwd: cwd}
}
