package app

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/jsonshape"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/internal/runner"
)

// docFlags are the flags for JSON documents.
func docFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "fields", Usage: "keep only these `KEYS` (comma-separated) of each item of a JSON document's main list"},
		&cli.StringFlag{Name: "jq", Usage: "run the jq program `EXPR` over JSON input before shaping"},
	}
}

// docSetup reads the document flags into opt and returns how documents are
// written.
func docSetup(c *cli.Command, env Env, mode Mode, opt *profiles.Options) (docOut, error) {
	if c.IsSet("fields") {
		for _, f := range strings.Split(c.String("fields"), ",") {
			if f = strings.TrimSpace(f); f != "" {
				opt.Doc.Fields = append(opt.Doc.Fields, f)
			}
		}
		if len(opt.Doc.Fields) == 0 {
			return docOut{}, usageErr("--fields needs key names, e.g. --fields id,title")
		}
	}
	if c.IsSet("jq") {
		code, err := jsonshape.CompileJQ(c.String("jq"))
		if err != nil {
			return docOut{}, &ExitError{Code: 2, Err: err}
		}
		opt.Doc.JQ = code
	}
	opt.Doc.LimitSet = c.IsSet("limit")
	opt.Doc.Verbose = mode.Verbose || c.Bool("verbose")
	opt.Doc.Compact = !opt.Doc.Verbose && (mode.Why == "--llm" || (mode.Why == "LLM_OUTPUT" && mode.Format == FormatLLM))
	opt.Doc.Getenv = env.Getenv
	// JSON in, JSON out, unless text was asked for; --verbose alone asks
	// for more of the document, not for text.
	text := mode.Format == FormatLLM && mode.TextAsked && mode.Why != "--verbose"
	verbose := opt.Doc.Verbose
	out := docOut{text: text, pretty: c.Bool("pretty"), hintsWith: func(cmd func(args []string) string) jsonshape.Hints {
		return docHints(c, mode, text, verbose, cmd)
	}}
	out.hints = out.hintsWith(pipeCommand)
	return out, nil
}

// pipeCommand is the terse half of a pipe: input came through one, so the
// hint names the same producer as "…".
func pipeCommand(args []string) string {
	return "… | " + strings.Join(append([]string{"terse"}, args...), " ")
}

// docOut says how a shaped document is written.
type docOut struct {
	text   bool
	pretty bool
	hints  jsonshape.Hints
	// hintsWith builds the hints for another command head (terse show ID
	// for a saved run); nil when no document flags were read.
	hintsWith func(cmd func(args []string) string) jsonshape.Hints
}

func (o docOut) write(w io.Writer, d *jsonshape.Doc) error {
	if o.text {
		return jsonshape.WriteLLM(w, d, o.hints)
	}
	return jsonshape.WriteJSON(w, d, o.hints, o.pretty)
}

// docHints builds the commands that bring back what a shaped document leaves
// out: cmd turns terse's flags into the whole command (the terse half of a
// pipe, or terse show on a saved run), with the flags given, changed as
// needed.
func docHints(c *cli.Command, mode Mode, text, verbose bool, cmd func(args []string) string) jsonshape.Hints {
	base, llm := docBaseFlags(c, mode, text)
	// verboseFlag is the flag that keeps verbose fields in this format.
	verboseFlag := "--verbose"
	if llm {
		verboseFlag = "--llm=verbose"
	}
	modeFlags := func(v bool) []string {
		switch {
		case llm && v:
			return []string{"--llm=verbose"}
		case llm && mode.Why == "--llm":
			return []string{"--llm"}
		case v:
			return []string{"--verbose"}
		}
		return nil
	}
	page := func(offset int) []string {
		var a []string
		if offset > 0 {
			a = append(a, "--offset", strconv.Itoa(offset))
		}
		if c.IsSet("limit") {
			a = append(a, "--limit", strconv.Itoa(c.Int("limit")))
		}
		return a
	}
	var fields []string
	if c.IsSet("fields") {
		fields = []string{"--fields", shellQuote(c.String("fields"))}
	}
	join := func(parts ...[]string) string {
		var all []string
		for _, p := range parts {
			all = append(all, p...)
		}
		return cmd(all)
	}
	offset := c.Int("offset")
	return jsonshape.Hints{
		Next: func(next int) string {
			return join(base, modeFlags(verbose), fields, []string{"--offset", strconv.Itoa(next)}, page(0))
		},
		More:      join(base, []string{verboseFlag}, fields, page(offset)),
		AllFields: join(base, modeFlags(verbose), page(offset)),
	}
}

// docBaseFlags are the flags every command docHints builds repeats: the
// profile, the format in use (llm reports whether it is llm text, whose
// verbose flag differs), --pretty and --jq.
func docBaseFlags(c *cli.Command, mode Mode, text bool) (base []string, llm bool) {
	if p := c.String("profile"); p != "" {
		base = append(base, "-p", p)
	}
	switch {
	case text && mode.Why == "--format":
		base = append(base, "--format", "llm")
	case text:
		llm = true
	case mode.Why == "--llm=json":
		base = append(base, "--llm=json")
	case c.Bool("json"):
		base = append(base, "--json")
	case c.String("format") != "":
		base = append(base, "--format", c.String("format"))
	}
	if c.Bool("pretty") {
		base = append(base, "--pretty")
	}
	if c.IsSet("jq") {
		base = append(base, "--jq", shellQuote(c.String("jq")))
	}
	return base, llm
}

// shellQuote quotes s for a shell when it needs it (runner.Quote: control
// characters escaped).
func shellQuote(s string) string { return runner.Quote(s) }

// replay passes the raw input on unchanged, after shaping consumed part of
// it and found it was not what it looked like.
func (j *job) replay(why error) error {
	if err := j.raw.Replay(j.env.Stdout); err != nil {
		return &ExitError{Code: 1, Err: fmt.Errorf("%v; and the input could not be passed on: %w", why, err)}
	}
	if _, err := io.Copy(j.env.Stdout, j.env.Stdin); err != nil {
		return &ExitError{Code: 1, Err: fmt.Errorf("passing the input on: %w", err)}
	}
	return &ExitError{Code: 1, Err: why}
}
