package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/urfave/cli/v3"
	"mvdan.cc/sh/v3/syntax"

	"github.com/terse-dev/terse/internal/agents"
	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/shellwrap"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
	"github.com/terse-dev/terse/tokens"
)

// discoverCommand is `terse discover`: the Bash commands of Claude Code's
// recent sessions that ran without terse and that terse would shape.
func discoverCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:  "discover",
		Usage: "list the commands Claude Code ran without terse that terse would shape, what they cost and why the hook left them",
		UsageText: "terse discover [--days N] [--from DIR] [--json]\n\n" +
			"   Reads Claude Code's transcripts ($CLAUDE_CONFIG_DIR or ~/.claude, projects/*/*.jsonl; read-only) and lists\n" +
			"   the Bash commands of the last N days that did not run through terse and that a profile claims (by\n" +
			"   command, or by the output the transcript recorded): how often, the characters and o200k tokens the\n" +
			"   model received, an estimate of the tokens terse's report of that output would have taken, and why the\n" +
			"   hook did not route them, as the hook decides now for that project and permission mode.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "days", Value: 30, Usage: "look at the last `N` days"},
			&cli.StringFlag{Name: "from", Usage: "read the transcripts under `DIR` (its */*.jsonl) instead of ~/.claude/projects"},
			&cli.BoolFlag{Name: "json", Usage: "print the findings as JSON"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Int("days") < 1 {
				return usageErr("--days takes a number of 1 or more")
			}
			return discover(env, c.String("from"), c.Int("days"), c.Bool("json"))
		},
	}
}

// discoverRow is one command, as the findings list it.
type discoverRow struct {
	Command      string `json:"command"`
	Profile      string `json:"profile"`
	By           string `json:"by"` // "command" or "output"
	Count        int    `json:"count"`
	Chars        int64  `json:"chars"`
	Tokens       int64  `json:"tokens"`
	ShapedTokens int64  `json:"shaped_tokens"`
	Saving       int64  `json:"estimated_saving"`
	Why          string `json:"why"`
	NoOutput     int    `json:"calls_without_output,omitempty"`
}

// discoverReport is the findings of one discover run.
type discoverReport struct {
	From         string         `json:"from"`
	Days         int            `json:"days"`
	Files        int            `json:"transcripts"`
	Lines        int            `json:"lines"`
	SkippedLines int            `json:"skipped_lines"`
	OtherLines   int            `json:"other_lines"`
	BashCalls    int            `json:"bash_calls"`
	WithTerse    int            `json:"with_terse"`
	Unclaimed    int            `json:"not_claimed"`
	Commands     []*discoverRow `json:"commands"`
	Chars        int64          `json:"chars"`
	Tokens       int64          `json:"tokens"`
	Saving       int64          `json:"estimated_saving"`
	Errors       []string       `json:"errors,omitempty"`
}

// discoverer holds what a discover run needs to judge each call.
type discoverer struct {
	env    Env
	set    *profiles.Set
	cmds   *commands.Set
	setups map[string]agents.ClaudeSetup
	rows   map[string]*discoverRow
	rep    *discoverReport
}

func discover(env Env, from string, days int, asJSON bool) error {
	if from == "" {
		from = claudeProjectsDir(env)
	}
	set, err := loadProfiles(env)
	if err != nil {
		return &ExitError{Code: 2, Err: err}
	}
	user, _ := commands.ReadDir(profilesDir(env))
	d := &discoverer{env: env, set: set, cmds: commands.NewSet(commands.Builtin, user),
		setups: map[string]agents.ClaudeSetup{}, rows: map[string]*discoverRow{},
		rep: &discoverReport{From: from, Days: days, Commands: []*discoverRow{}}}
	var since time.Time // a century or more: every transcript
	if days < 36500 {
		since = time.Now().Add(-time.Duration(days) * 24 * time.Hour)
	}
	files, _ := filepath.Glob(filepath.Join(from, "*", "*.jsonl"))
	if len(files) == 0 {
		fmt.Fprintf(env.Stderr, "terse discover: no transcripts under %s (--from DIR reads another place)\n", from)
	}
	scan := &transcriptScan{done: d.take}
	for _, f := range files {
		if fi, err := os.Stat(f); err != nil || fi.ModTime().Before(since) {
			continue // not written to since the cutoff: no call in it is recent
		}
		if err := scan.readTranscriptFile(f, since); err != nil {
			d.rep.Errors = append(d.rep.Errors, err.Error())
		}
	}
	d.rep.Files, d.rep.Lines, d.rep.SkippedLines, d.rep.OtherLines = scan.Files, scan.Lines, scan.Skipped, scan.Unknown
	d.finish()
	if asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(d.rep)
	}
	return writeDiscover(env.Stdout, d.rep)
}

// claudeProjectsDir is where Claude Code keeps its transcripts.
func claudeProjectsDir(env Env) string {
	if dir := env.Getenv("CLAUDE_CONFIG_DIR"); dir != "" {
		return filepath.Join(dir, "projects")
	}
	return filepath.Join(env.Getenv("HOME"), ".claude", "projects")
}

// take counts one call into the findings.
func (d *discoverer) take(c *bashCall) {
	d.rep.BashCalls++
	if c.Routed || mentionsTerse(c.Command) {
		d.rep.WithTerse++
		return
	}
	prof, by := d.claimant(c)
	if prof == nil {
		d.rep.Unclaimed++
		return
	}
	key := strings.Join(strings.Fields(c.Command), " ")
	row := d.rows[key]
	if row == nil {
		row = &discoverRow{Command: key, Profile: prof.Name, By: by, Why: d.why(c)}
		d.rows[key] = row
	}
	row.Count++
	if !c.HasOut {
		row.NoOutput++
		return
	}
	before, after := d.estimate(c, prof)
	row.Chars += int64(c.Chars)
	row.Tokens += before
	row.ShapedTokens += after
}

// mentionsTerse reports whether the command line already runs terse.
func mentionsTerse(cmd string) bool {
	for _, w := range strings.FieldsFunc(cmd, func(r rune) bool { return strings.ContainsRune(" \t\n|;&()", r) }) {
		if w == "terse" || strings.HasSuffix(w, "/terse") || w == "TERSE_DISABLE=1" {
			return true
		}
	}
	return false
}

// claimant is the profile that would shape the call: the one claiming a
// command of the line, else the one the recorded output is detected as.
func (d *discoverer) claimant(c *bashCall) (*profiles.Profile, string) {
	if p := d.byCommand(c.Command); p != nil {
		return p, "command"
	}
	if !c.HasOut || len(c.Result) == 0 {
		return nil, ""
	}
	head := c.Result
	if len(head) > profiles.DetectHeadSize {
		head = head[:profiles.DetectHeadSize]
	}
	if p := d.set.DetectText(head); p != nil && p.Name != profiles.Generic {
		return p, "output"
	}
	return nil, ""
}

// byCommand is the profile claiming any simple command of the line,
// wherever it stands (a pipe's writing side too: terse would shape it
// if the line were written to let it).
func (d *discoverer) byCommand(line string) *profiles.Profile {
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return nil
	}
	var found *profiles.Profile
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || found != nil || len(call.Args) == 0 {
			return found == nil
		}
		argv := make([]string, len(call.Args))
		for i, w := range call.Args {
			argv[i] = shellwrap.Value(w)
		}
		found = d.set.ForArgv(argv)
		return found == nil
	})
	return found
}

// why says why the hook did not route the call, as the hook decides now:
// no hook installed for the project, or the hook's own answer for the
// command in the session's permission mode.
func (d *discoverer) why(c *bashCall) string {
	setup, ok := d.setups[c.Cwd]
	if !ok {
		setup = agents.InspectClaude(agents.SettingsPlaces{
			Home: d.env.Getenv("HOME"), ConfigDir: d.env.Getenv("CLAUDE_CONFIG_DIR"),
			ProjectDir: c.Cwd, Cwd: c.Cwd, Managed: agents.ManagedSettings,
			ManagedDirs: agents.ManagedSettingsDirs,
		})
		d.setups[c.Cwd] = setup
	}
	if len(setup.Hooks) == 0 {
		return "hook not installed (terse init claude)"
	}
	mode := c.Mode
	if mode == "" {
		mode = agents.ModeDefault
	}
	// The hook's own decision for the session's project: its package.json
	// scripts and Makefile targets, the user's TERSE_WRAP patterns.
	reach := func() *agents.Reach {
		return agents.NewReach(func() *commands.Set { return d.cmds }, c.Cwd, d.env.Getenv)
	}
	if _, changed := agents.Rewrite(c.Command, reach().Known()); !changed {
		// The profile claims a command of the line, but not where the
		// hook wraps one: its output goes to a pipe, a file, a
		// substitution or the background.
		return "in " + mode + ": a form the hook leaves alone (the claimed command does not stand where the hook wraps one: in a pipe, redirected, in a substitution, a function or the background, or in a line it cannot parse)"
	}
	out := setup.Outcome(c.Command, mode, reach())
	if strings.HasPrefix(out, "rewritten") {
		return "in " + mode + " the hook now: " + out + " (it was not installed or did not apply then)"
	}
	return "in " + mode + ": " + out
}

// estimate counts the o200k tokens of the recorded output and of terse's
// report of it (the output shaped now with the claiming profile); a report
// that would not be shorter counts as no saving.
func (d *discoverer) estimate(c *bashCall, prof *profiles.Profile) (before, after int64) {
	n, err := tokens.Count(tokens.O200k, c.Result)
	if err != nil {
		return 0, 0
	}
	before = int64(n)
	if c.Clipped {
		// Only the head was kept: the rest is estimated at the same rate.
		before = before * int64(c.Bytes) / int64(len(c.Result))
	}
	var out bytes.Buffer
	shaped, err := d.set.Shape(bytes.NewReader(c.Result), prof, profiles.Options{Window: report.Window{Limit: DefaultLimit}, Cwd: c.Cwd})
	if err != nil || shaped.Kind() != profiles.KindReport {
		return before, before
	}
	defer shaped.Report.Close()
	if render.LLM(&out, shaped.Report, render.Hints{}) != nil {
		return before, before
	}
	m, err := tokens.Count(tokens.O200k, out.Bytes())
	if err != nil || int64(m) > before {
		return before, before
	}
	return before, int64(m)
}

// finish orders the rows, largest cost first, and totals them.
func (d *discoverer) finish() {
	for _, r := range d.rows {
		r.Saving = r.Tokens - r.ShapedTokens
		d.rep.Commands = append(d.rep.Commands, r)
		d.rep.Chars += r.Chars
		d.rep.Tokens += r.Tokens
		d.rep.Saving += r.Saving
	}
	sort.Slice(d.rep.Commands, func(i, j int) bool {
		a, b := d.rep.Commands[i], d.rep.Commands[j]
		if a.Tokens != b.Tokens {
			return a.Tokens > b.Tokens
		}
		return a.Command < b.Command
	})
}

// writeDiscover prints the findings for a reader.
func writeDiscover(w io.Writer, r *discoverReport) error {
	fmt.Fprintf(w, "terse discover: %d Bash calls in %d transcripts of the last %d days (%s)\n", r.BashCalls, r.Files, r.Days, r.From)
	fmt.Fprintf(w, "%d ran through terse; %d no profile claims; %d ran without terse that terse would shape:\n", r.WithTerse, r.Unclaimed, r.BashCalls-r.WithTerse-r.Unclaimed)
	for _, row := range r.Commands {
		fmt.Fprintf(w, "  %d× %s  [%s, by %s]\n", row.Count, row.Command, row.Profile, row.By)
		fmt.Fprintf(w, "     received %d chars, %d tokens; terse's report ~%d tokens (saving ~%d)\n", row.Chars, row.Tokens, row.ShapedTokens, row.Saving)
		if row.NoOutput > 0 {
			fmt.Fprintf(w, "     %d of the calls have no recorded output\n", row.NoOutput)
		}
		fmt.Fprintf(w, "     why not routed: %s\n", row.Why)
	}
	fmt.Fprintf(w, "total: %d chars, %d tokens received; estimated saving %d tokens (o200k; an estimate: the recorded output shaped by terse's profiles now)\n", r.Chars, r.Tokens, r.Saving)
	if r.SkippedLines > 0 {
		fmt.Fprintf(w, "skipped %d transcript lines that could not be read (not JSON, or over %d MiB)\n", r.SkippedLines, maxTranscriptLine>>20)
	}
	for _, e := range r.Errors {
		fmt.Fprintf(w, "error: %s\n", e)
	}
	return nil
}
