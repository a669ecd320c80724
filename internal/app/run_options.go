package app

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/runlog"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// This file reads what terse run is asked to do (its flags, the
// environment's settings, the arguments that are the command) before
// anything starts, so a usage error leaves the command unstarted.

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

// runOptions are terse run's flags, read and checked before anything runs:
// a usage error leaves the command unstarted, and the session never reads
// a flag.
type runOptions struct {
	argv []string
	// passthrough: the command runs untouched (TERSE_DISABLE, or a human
	// at a terminal); nothing else was read.
	passthrough bool
	mode        Mode
	// profile is the one -p names, "" to choose from the command.
	profile  string
	window   report.Window
	pretty   bool
	view     viewOpts
	deadline time.Duration
	delta    bool
	// session names the reader (sessionOf), "" for none.
	session string
}

// runOptionsFrom reads terse run's flags. TERSE_DISABLE and the human mode
// are decided before the other flags are checked: terse steps aside even
// when a flag it would reject is given.
func runOptionsFrom(c *cli.Command, env Env) (runOptions, error) {
	o := runOptions{argv: c.Args().Slice()}
	if len(o.argv) == 0 {
		return o, usageErr("terse run needs a command: terse run [flags] -- CMD [ARGS...]")
	}
	if disabled(env) {
		o.passthrough = true
		return o, nil
	}
	o.mode = ResolveMode(ModeInput{
		LLM: c.String("llm"), Format: c.String("format"), JSON: c.Bool("json"),
		Verbose: c.Bool("verbose"), Getenv: env.Getenv, Terminal: env.Terminal, Run: true,
	})
	switch o.mode.Format {
	case FormatLLM, FormatJSON:
	case FormatHuman:
		o.passthrough = true
		return o, nil
	default:
		return o, usageErr("unknown --format %q: use llm, json or human", o.mode.Format)
	}
	if c.Int("limit") < 0 || c.Int("offset") < 0 {
		return o, usageErr("--limit and --offset take numbers of 0 or more")
	}
	if d := c.String("deadline"); d != "" {
		var err error
		if o.deadline, err = time.ParseDuration(d); err != nil || o.deadline <= 0 {
			return o, usageErr("--deadline %q is not a duration such as 120s", d)
		}
	}
	o.profile = c.String("profile")
	o.window = report.Window{Offset: c.Int("offset"), Limit: c.Int("limit")}
	o.pretty = c.Bool("pretty")
	o.view = viewFlags(c, o.mode, env.Getenv)
	o.session = sessionOf(c, env)
	// Without a session nothing says that the reader read the previous
	// run: a pipe, a shell, a harness without a hook. Its failures are
	// recorded (terse --since compares with them when asked), and shown
	// in full.
	o.delta = deltaOn(c, env) && o.session != ""
	return o, nil
}

// runProfiles loads the profiles of a run. A broken profile of the user's
// must not break every command aliased to terse run: it is said, and the
// built-in ones shape the run; ok is false (run the command untouched)
// only when even those fail.
func runProfiles(env Env) (set *profiles.Set, ok bool) {
	set, err := loadProfiles(env)
	if err == nil {
		return set, true
	}
	fmt.Fprintf(env.Stderr, "terse: %v; using the built-in profiles\n", err)
	if set, err = profiles.Builtin(); err != nil {
		fmt.Fprintf(env.Stderr, "terse: %v; running the command untouched\n", err)
		return nil, false
	}
	return set, true
}

// job makes the shaped run the options describe, with the profiles of set.
// The document flags and the accounting read their flags here, as they do
// for a pipe.
func (o runOptions) job(c *cli.Command, env Env, set *profiles.Set) (*runJob, error) {
	j := &runJob{env: env, argv: o.argv, set: set, mode: o.mode, pretty: o.pretty,
		view: o.view, deadline: o.deadline, delta: o.delta, session: o.session}
	var chosen *profiles.Profile
	if o.profile == "" {
		chosen = set.ForArgv(o.argv)
	}
	var err error
	if j.prof, j.forced, err = pickProfile(set, o.profile, chosen); err != nil {
		return nil, err
	}
	j.opt = profiles.Options{Window: o.window, Verbose: o.mode.Verbose, Cwd: env.Cwd}
	if j.view.doc, err = docSetup(c, env, o.mode, &j.opt); err != nil {
		return nil, err
	}
	if j.acct, err = newAccounting(c, env); err != nil {
		return nil, err
	}
	return j, nil
}

// pickProfile is the profile -p names (forced: it is used even where it
// finds nothing), or else chosen, which may be nil.
func pickProfile(set *profiles.Set, name string, chosen *profiles.Profile) (p *profiles.Profile, forced bool, err error) {
	if name == "" {
		return chosen, false, nil
	}
	p, ok := set.Get(name)
	if !ok {
		return nil, false, unknownProfile(name, set)
	}
	return p, true, nil
}

// viewFlags reads the flags that decide how a run is shown, and the
// flags that pages after this one repeat.
func viewFlags(c *cli.Command, mode Mode, getenv func(string) string) viewOpts {
	v := viewOpts{mode: mode, pretty: c.Bool("pretty"), limit: c.Int("limit"), offset: c.Int("offset"),
		group: groupOn(c, getenv), maxTokens: maxTokens(c, mode), maxLines: maxLines(c, mode)}
	v.fit, v.keepPage = fitsClaudeCode(c, mode, getenv)
	if p := c.String("profile"); p != "" {
		// The profile named chose the failures the page numbers.
		v.format = []string{"-p", p}
	}
	switch {
	case mode.Format == FormatJSON && mode.Why == "--llm=json":
		v.format = append(v.format, "--llm=json")
	case mode.Format == FormatJSON && c.Bool("json"):
		v.format = append(v.format, "--json")
	case mode.Format == FormatJSON && c.String("format") != "":
		v.format = append(v.format, "--format", "json")
	case mode.Verbose && strings.HasPrefix(mode.Why, "--"):
		v.format = append(v.format, "--llm=verbose")
	case mode.Format == FormatLLM && mode.TextAsked && strings.HasPrefix(mode.Why, "--"):
		v.format = append(v.format, "--llm")
	}
	// The pages that follow are made as this one was.
	for _, off := range []string{"no-delta", "no-group"} {
		if c.Bool(off) {
			v.format = append(v.format, "--"+off)
		}
	}
	return v
}
