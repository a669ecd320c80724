package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/ledger"
	"github.com/terse-dev/terse/internal/statedir"
	"github.com/terse-dev/terse/tokens"
)

// accountFlags are the shaping flags of token accounting.
func accountFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "stats", Usage: "print raw tokens, shaped tokens and the saving to stderr"},
		&cli.StringFlag{Name: "encoding", Sources: cli.EnvVars("TERSE_ENCODING"), Value: tokens.Default,
			Usage: "tokenizer to count with: o200k_base or cl100k_base"},
	}
}

// accounting counts the tokens of a shaped run on both sides, the raw input
// as terse reads it and the output as terse writes it, without holding
// either, then prints --stats and appends the run to the savings ledger.
// A nil *accounting counts nothing (the ledger is off and no --stats).
type accounting struct {
	env    Env
	stats  bool
	ledger string // the ledger file; "" when the ledger is off
	raw    *tokens.Counter
	shaped *tokens.Counter
	// The raw side's tally, taken once the input has ended: terse run
	// names the saved output's size in tokens before the shaped side ends.
	rawDone bool
	rawT    tokens.Tally
	rawErr  error
	// untrusted is why the ledger's directory was refused (a link,
	// another user's); said is the path terse already named in a refusal,
	// so that one refusal is said once.
	untrusted error
	said      string
}

// alreadySaid notes that err, a refusal of a path in the state directory,
// has been reported: the ledger does not report it again.
func (a *accounting) alreadySaid(err error) {
	var ue *statedir.UntrustedError
	if a != nil && errors.As(err, &ue) {
		a.said = ue.Path
	}
}

// sayRefusal reports err on stderr when it is a refusal of the state
// directory's trust that was not reported yet: a refused ledger is said
// even without --stats, as ssh says why it ignores a key.
func (a *accounting) sayRefusal(err error) bool {
	var ue *statedir.UntrustedError
	if !errors.As(err, &ue) {
		return false
	}
	if ue.Path != a.said {
		fmt.Fprintf(a.env.Stderr, "terse: not recording the savings: %v\n", ue)
		a.said = ue.Path
	}
	return true
}

// rawTally closes the raw counter, once, and returns its tally. Call it
// only when every raw byte has been written.
func (a *accounting) rawTally() (tokens.Tally, error) {
	if !a.rawDone {
		a.rawT, a.rawErr = a.raw.Close()
		a.rawDone = true
	}
	return a.rawT, a.rawErr
}

// runInfo is what the caller knows of a run and the counters do not.
type runInfo struct {
	command string // ledger.PipeCommand for a pipe
	profile string
	exit    *int
}

// newAccounting sets up counting for a shaping run: for --stats, and for the
// ledger unless TERSE_LEDGER=off. An unusable ledger location is not an
// error: the run goes on and --stats says why nothing was recorded.
func newAccounting(c *cli.Command, env Env) (*accounting, error) {
	enc := encodingFlag(c)
	if err := tokens.Check(enc); err != nil {
		return nil, usageErr("%v", err)
	}
	a := &accounting{env: env, stats: c.Bool("stats")}
	path, err := ledger.Path(env.Getenv)
	switch {
	case err == nil:
		a.ledger = path
	case errors.Is(err, ledger.ErrDisabled):
	case errors.Is(err, statedir.ErrUntrusted):
		a.untrusted = err
	case a.stats:
		fmt.Fprintf(env.Stderr, "terse: not recording this run: %v\n", err)
	}
	if !a.stats && a.ledger == "" && a.untrusted == nil {
		return nil, nil
	}
	a.raw = tokens.NewCounter(enc, tokens.DefaultExactLimit)
	// Shaped output is small, but --limit 0 on a huge run is not: the
	// same limit keeps its cost bounded too.
	a.shaped = tokens.NewCounter(enc, tokens.DefaultExactLimit)
	// The shaped side is written at the end of the run and counted at
	// once: only the raw side, read while the command runs, warms the
	// vocabulary.
	a.shaped.NoWarm()
	return a, nil
}

// input returns r with everything read from it counted as raw.
func (a *accounting) input(r io.Reader) io.Reader {
	if a == nil {
		return r
	}
	return io.TeeReader(r, a.raw)
}

// rawWriter returns w with everything written to it also counted as raw:
// for terse run, where the raw bytes are written to the saved run.
func (a *accounting) rawWriter(w io.Writer) io.Writer {
	if a == nil {
		return w
	}
	return io.MultiWriter(w, a.raw)
}

// output returns w with everything written to it counted as shaped.
func (a *accounting) output(w io.Writer) io.Writer {
	if a == nil {
		return w
	}
	return io.MultiWriter(w, a.shaped)
}

// finish waits for the counts, prints them with --stats and records the
// run. Counting never changes the run's outcome: its failures are reported
// on stderr with --stats, and otherwise ignored.
func (a *accounting) finish(info runInfo) {
	if a == nil {
		return
	}
	raw, rerr := a.rawTally()
	if rerr == nil && raw.Bytes == 0 && !a.stats {
		// Nothing was read, so nothing is recorded: a run that printed
		// nothing saved nothing.
		return
	}
	shaped, serr := a.shaped.Close()
	if err := errors.Join(rerr, serr); err != nil {
		if a.stats {
			fmt.Fprintf(a.env.Stderr, "terse: counting tokens: %v\n", err)
		}
		return
	}
	if a.stats {
		fmt.Fprintln(a.env.Stderr, statsLine(raw, shaped))
	}
	if a.untrusted != nil {
		a.sayRefusal(a.untrusted)
	}
	if a.ledger == "" {
		return
	}
	err := ledger.Append(a.ledger, ledger.Entry{
		Time: time.Now(), Command: info.command, Profile: info.profile, Exit: info.exit,
		Raw: raw.Tokens, Shaped: shaped.Tokens, Estimated: !raw.Exact || !shaped.Exact,
		Encoding: raw.Encoding,
	})
	if err != nil && !a.sayRefusal(err) && a.stats {
		fmt.Fprintf(a.env.Stderr, "terse: not recorded: %v\n", err)
	}
}

// statsLine is the --stats report:
// "terse: raw 3,491 tokens (12,351 bytes) -> shaped 612 tokens (2,030 bytes): 2,879 saved (82.5%), o200k_base",
// with "~" and what an estimate rests on beside any count that is not exact.
func statsLine(raw, shaped tokens.Tally) string {
	side := func(t tokens.Tally) string {
		s := tokens.Group(t.Tokens) + " tokens (" + tokens.Group(t.Bytes) + " bytes"
		if !t.Exact {
			s = "~" + s + "; " + t.Label()
		}
		return s + ")"
	}
	saved := raw.Tokens - shaped.Tokens
	pct := 0.0
	if raw.Tokens > 0 {
		pct = 100 * float64(saved) / float64(raw.Tokens)
	}
	approx := ""
	if !raw.Exact || !shaped.Exact {
		approx = "~"
	}
	return fmt.Sprintf("terse: raw %s -> shaped %s: %s%s saved (%.1f%%), %s",
		side(raw), side(shaped), approx, tokens.Group(saved), pct, raw.Encoding)
}

// tokensCommand is `terse tokens [FILE...]`.
func tokensCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:      "tokens",
		Usage:     "count the tokens of files, or of stdin",
		ArgsUsage: "[FILE...]",
		Description: "Counts exactly, offline, with OpenAI's o200k_base vocabulary (GPT-4o and later)\n" +
			"or cl100k_base (GPT-4). A count that could not be exact is marked ~ and says why.",
		Flags: []cli.Flag{accountFlags()[1]},
		Action: func(_ context.Context, c *cli.Command) error {
			enc := encodingFlag(c)
			if err := tokens.Check(enc); err != nil {
				return usageErr("%v", err)
			}
			if c.NArg() == 0 {
				t, err := countStream(enc, env.Stdin)
				if err != nil {
					return &ExitError{Code: 1, Err: fmt.Errorf("stdin: %w", err)}
				}
				_, err = fmt.Fprintln(env.Stdout, t)
				return err
			}
			var total tokens.Tally
			total.Exact = true
			failed := false
			for _, name := range c.Args().Slice() {
				t, err := countFile(enc, name)
				if err != nil {
					fmt.Fprintf(env.Stderr, "terse: %v\n", err)
					failed = true
					continue
				}
				fmt.Fprintf(env.Stdout, "%s %s\n", t, name)
				total.Tokens += t.Tokens
				total.Bytes += t.Bytes
				total.Exact = total.Exact && t.Exact
			}
			if c.NArg() > 1 {
				fmt.Fprintf(env.Stdout, "%s total\n", tokens.Tally{Tokens: total.Tokens, Bytes: total.Bytes, Counted: total.Bytes, Exact: total.Exact})
			}
			if failed {
				return reportedExit(1)
			}
			return nil
		},
	}
}

// countStream counts all of r exactly (no extrapolation limit).
func countStream(enc string, r io.Reader) (tokens.Tally, error) {
	c := tokens.NewCounter(enc, math.MaxInt64)
	if _, err := io.Copy(c, r); err != nil {
		c.Close()
		return tokens.Tally{}, err
	}
	return c.Close()
}

func countFile(enc, name string) (tokens.Tally, error) {
	f, err := os.Open(name)
	if err != nil {
		return tokens.Tally{}, err
	}
	defer f.Close()
	t, err := countStream(enc, f)
	if err != nil {
		return t, fmt.Errorf("%s: %w", name, err)
	}
	return t, nil
}

// gainCommand is `terse gain`.
func gainCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:  "gain",
		Usage: "summarise the tokens terse saved (from the savings ledger)",
		Description: "Every shaped run appends its raw and shaped token counts to a ledger under\n" +
			"$XDG_STATE_HOME/terse (~/.local/state/terse); nothing leaves the machine.\n" +
			"TERSE_LEDGER=off stops recording, TERSE_LEDGER=FILE records elsewhere.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "JSON for machines"},
			&cli.BoolFlag{Name: "pretty", Usage: "indent JSON output"},
			&cli.IntFlag{Name: "rows", Value: 10, Usage: "rows per table, 0 for all"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.NArg() > 0 {
				return usageErr("unexpected argument %q: terse gain takes no arguments", c.Args().First())
			}
			if c.Int("rows") < 0 {
				return usageErr("--rows takes a number of 0 or more")
			}
			path, err := ledger.Path(env.Getenv)
			if err != nil {
				return &ExitError{Code: 1, Err: err}
			}
			s, err := ledger.Load(path)
			if err != nil {
				return &ExitError{Code: 1, Err: err}
			}
			if c.Bool("json") {
				return writeJSON(env.Stdout, s, c.Bool("pretty"))
			}
			return ledger.WriteText(env.Stdout, s, ledger.TextOptions{Rows: c.Int("rows")})
		},
	}
}

// writeJSON writes v as one line of JSON, or indented.
func writeJSON(w io.Writer, v any, pretty bool) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if pretty {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// encodingFlag is the --encoding a command counts with: its own, else the
// one given before the command (`terse --encoding cl100k_base tokens F`),
// since flags are each command's own (v2Parsing).
func encodingFlag(c *cli.Command) string {
	if !c.IsSet("encoding") {
		for p := c.Lineage(); len(p) > 1; p = p[1:] {
			if parent := p[1]; parent.IsSet("encoding") {
				return parent.String("encoding")
			}
		}
	}
	return c.String("encoding")
}
