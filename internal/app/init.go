package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/agents"
	"github.com/terse-dev/terse/internal/safefile"
)

// initCommand is `terse init`: connect terse to an agent.
func initCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:  "init",
		Usage: "connect terse to an agent: install the hook of Claude Code, Codex, Gemini CLI or OpenCode, print other agents' setup, or the skill file",
		UsageText: "terse init claude [--global | --local] [--post] [--uninstall]\n" +
			"   terse init codex [--uninstall]                  add terse's PostToolUse hook to $CODEX_HOME/hooks.json\n" +
			"   terse init gemini [--global] [--uninstall]      add terse's AfterTool hook to .gemini/settings.json\n" +
			"   terse init opencode [--global] [--uninstall]    add terse's plugin to .opencode/plugin/terse.js\n" +
			"   terse init cursor|AGENT                         print the setup to do by hand\n" +
			"   terse init --skill [PATH]                       print the skill file, or write it to PATH\n\n" +
			"   claude: adds `terse hook claude` as a PreToolUse hook for Bash to .claude/settings.json (--local:\n" +
			"   .claude/settings.local.json; --global: ~/.claude/settings.json), merged into what is there, the old\n" +
			"   file kept as settings.json.terse.bak. --uninstall removes only what terse added.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "global", Usage: "the user's settings (~/.claude/settings.json, or $CLAUDE_CONFIG_DIR)"},
			&cli.BoolFlag{Name: "local", Usage: "the project's own, uncommitted settings (.claude/settings.local.json)"},
			&cli.BoolFlag{Name: "uninstall", Usage: "remove what terse added"},
			&cli.BoolFlag{Name: "post", Usage: "also add the PostToolUse hook, which shapes the output of successful commands the first hook left alone"},
			&cli.BoolFlag{Name: "skill", Usage: "the skill file: printed, or written to the PATH given (a directory gets SKILL.md)"},
		},
		Action: func(_ context.Context, c *cli.Command) error { return initAction(c, env) },
	}
}

// initOpts are init's flags. terse's flag parsing stops at the first
// argument (v2Parsing), and `terse init claude --uninstall` is the natural order: flags
// after the agent are read here.
type initOpts struct {
	global, local, uninstall, skill, post bool
	args                                  []string
}

func readInitOpts(c *cli.Command) (initOpts, error) {
	o := initOpts{global: c.Bool("global"), local: c.Bool("local"), uninstall: c.Bool("uninstall"), skill: c.Bool("skill"), post: c.Bool("post")}
	for _, a := range c.Args().Slice() {
		switch strings.TrimLeft(a, "-") {
		case "global":
			o.global = true
		case "local":
			o.local = true
		case "uninstall":
			o.uninstall = true
		case "skill":
			o.skill = true
		case "post":
			o.post = true
		default:
			if strings.HasPrefix(a, "-") && a != "-" {
				return o, usageErr("unknown flag %s for terse init (see terse init --help)", a)
			}
			o.args = append(o.args, a)
		}
	}
	return o, nil
}

// initAction dispatches terse init: the skill file, the hand-made setup of
// an agent terse does not install into, or Claude Code's hook.
func initAction(c *cli.Command, env Env) error {
	o, err := readInitOpts(c)
	if err != nil {
		return err
	}
	if o.skill {
		return initSkill(env, o)
	}
	if len(o.args) != 1 {
		return usageErr("terse init needs an agent: terse init claude (or codex, gemini, opencode, %s), or terse init --skill",
			strings.Join(agents.OtherAgents(), ", "))
	}
	agent := strings.ToLower(o.args[0])
	if near := nearAgent(agent); near != "" {
		return usageErr("unknown agent %q: did you mean `terse init %s`?", o.args[0], near)
	}
	if install, ok := installers[agent]; ok {
		return install(env, o)
	}
	if agent != "claude" {
		if o.global || o.local || o.uninstall {
			return usageErr("--global, --local and --uninstall apply to terse init claude, codex, gemini and opencode; for %s terse prints the setup to do by hand", agent)
		}
		_, err := fmt.Fprint(env.Stdout, agents.Snippet(agent))
		return err
	}
	return initClaude(env, o)
}

// initSkill is terse init --skill [PATH].
func initSkill(env Env, o initOpts) error {
	if len(o.args) > 1 {
		return usageErr("terse init --skill takes one PATH at most")
	}
	path := ""
	if len(o.args) == 1 {
		path = o.args[0]
	}
	return writeSkill(env, path)
}

// initClaude adds terse's hook to Claude Code's settings, or removes it.
func initClaude(env Env, o initOpts) error {
	if o.global && o.local {
		return usageErr("--global and --local name different files: choose one")
	}
	path, err := claudeSettingsFile(env, o.global, o.local)
	if err != nil {
		return err
	}
	if o.uninstall {
		return uninstallClaude(env, path)
	}
	return installClaude(env, path, o.post)
}

// uninstallClaude removes what terse added to the settings file at path.
// A file terse created, left holding nothing else, is removed with its
// backup, rather than left as `{}` beside a .terse.bak.
func uninstallClaude(env Env, path string) error {
	created := terseCreated(path)
	changed, backup, err := agents.EditFile(path, agents.UninstallClaudeHook)
	if err != nil {
		return editError(path, err)
	}
	if !changed {
		fmt.Fprintf(env.Stdout, "terse's hook is not in %s: nothing to remove\n", path)
		return nil
	}
	if created && holdsNothing(path) {
		if err := removeCreated(path, backup); err != nil {
			return &ExitError{Code: 1, Err: err}
		}
		fmt.Fprintf(env.Stdout, "removed terse's hook and %s, which held nothing else before terse or after it (and its backup)\n", path)
		return nil
	}
	fmt.Fprintf(env.Stdout, "removed terse's hook from %s (the previous file: %s)\n", path, backup)
	return nil
}

// terseCreated reports whether terse created the settings file at path: an
// install into an existing file always backs it up, so a file with no
// backup beside it, or whose backup held only terse's hooks, is terse's.
func terseCreated(path string) bool {
	old, _, err := safefile.ReadOwned(path+".terse.bak", agents.MaxSettingsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	if err != nil {
		return false
	}
	out, _, err := agents.UninstallClaudeHook(old)
	return err == nil && emptyObject(out)
}

// holdsNothing reports whether the settings file at path is an empty JSON
// object.
func holdsNothing(path string) bool {
	data, _, err := safefile.ReadOwned(path, agents.MaxSettingsFile)
	return err == nil && emptyObject(data)
}

func emptyObject(data []byte) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(data, &m) == nil && m != nil && len(m) == 0
}

// removeCreated removes the settings file terse created and the backup the
// uninstall just wrote.
func removeCreated(path, backup string) error {
	if backup != "" {
		if err := os.Remove(backup); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("removing %s: %w", backup, err)
		}
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("removing %s: %w", path, err)
	}
	return nil
}

// installClaude adds terse's PreToolUse hook (and with post, the
// PostToolUse one) to the settings file at path, says what it did and what
// the hook will do, and warns when terse is not on PATH, where the hook
// cannot find it.
func installClaude(env Env, path string, post bool) error {
	hook := hookCommandFor(exec.LookPath)
	install := agents.InstallClaudeHookCommand(hook)
	if post {
		install = withPostHook(install)
	}
	changed, backup, err := agents.EditFile(path, install)
	if err != nil {
		return editError(path, err)
	}
	if !changed {
		fmt.Fprintf(env.Stdout, "terse's hook is already in %s\n", path)
	} else {
		what := "PreToolUse hook for Bash (" + hook + ")"
		if post {
			what = "PreToolUse and PostToolUse hooks for Bash (" + hook + ", " + agents.ClaudePostHookCommand + ")"
		}
		fmt.Fprintf(env.Stdout, "added terse's %s to %s", what, path)
		if backup != "" {
			fmt.Fprintf(env.Stdout, " (the previous file: %s)", backup)
		}
		fmt.Fprintln(env.Stdout)
	}
	fmt.Fprint(env.Stdout, "From its next session on, Claude Code runs test, lint and build commands terse knows through\n"+
		"`terse run --`, and each call is allowed, asked or denied exactly as it would be without terse: in\n"+
		"bypassPermissions every such command is wrapped; in the other modes only a command your own allow rule\n"+
		"allows (Bash(go test:*)) is wrapped, and the rest are left as they are. No terse rule is needed.\n"+
		"`terse doctor` shows what the hook does here; `terse init --skill` prints the skill that teaches the\n"+
		"agent to read terse's output.\n")
	if _, err := exec.LookPath("terse"); err != nil {
		fmt.Fprintln(env.Stderr, "terse: warning: terse is not on PATH; the hook leaves every command unchanged until it is")
	}
	return nil
}

// withPostHook adds the PostToolUse hook to what install adds: one edit,
// changed when either hook was missing.
func withPostHook(install func([]byte) ([]byte, bool, error)) func([]byte) ([]byte, bool, error) {
	return func(data []byte) ([]byte, bool, error) {
		out, pre, err := install(data)
		if err != nil {
			return nil, false, err
		}
		out, post, err := agents.InstallClaudePostHook(out)
		return out, pre || post, err
	}
}

// editError is the one-line error of a settings edit that did not happen.
// A refusal names the file it refused (the link, FIFO or other user's file)
// itself.
func editError(path string, err error) error {
	if errors.Is(err, safefile.ErrRefused) {
		return &ExitError{Code: 1, Err: fmt.Errorf("%w (nothing was changed)", err)}
	}
	return &ExitError{Code: 1, Err: fmt.Errorf("%s: %w (nothing was changed)", path, err)}
}

// hookCommandFor picks the hook's command: the small terse-hook binary when
// it is on PATH (it starts faster, and runs before every Bash call), else
// terse itself.
func hookCommandFor(lookPath func(string) (string, error)) string {
	if _, err := lookPath("terse-hook"); err == nil {
		return agents.ClaudeLightHookCommand
	}
	return agents.ClaudeHookCommand
}

// claudeSettingsFile is the settings file `terse init claude` edits.
func claudeSettingsFile(env Env, global, local bool) (string, error) {
	if global {
		dir := env.Getenv("CLAUDE_CONFIG_DIR")
		if dir == "" {
			home := env.Getenv("HOME")
			if home == "" {
				return "", &ExitError{Code: 1, Err: fmt.Errorf("no $HOME: cannot find ~/.claude/settings.json")}
			}
			dir = filepath.Join(home, ".claude")
		}
		return filepath.Join(dir, "settings.json"), nil
	}
	cwd := env.Cwd
	if cwd == "" {
		var err error
		if cwd, err = os.Getwd(); err != nil {
			return "", &ExitError{Code: 1, Err: err}
		}
	}
	name := "settings.json"
	if local {
		name = "settings.local.json"
	}
	dir := filepath.Join(cwd, ".claude")
	if err := checkProjectDir(dir, local); err != nil {
		return "", err
	}
	return filepath.Join(dir, name), nil
}

// checkProjectDir refuses a project's .claude that is a symbolic link: a
// cloned repository can ship `.claude -> ~/.claude`, and a project init
// would then edit the user's own settings (or whatever the link names).
// Nothing is written through it; the message says what to do instead.
func checkProjectDir(dir string, local bool) error {
	fi, err := os.Lstat(dir)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return nil // missing (created), or a directory: safefile checks it
	}
	to, _ := os.Readlink(dir)
	flag := ""
	if local {
		flag = " --local"
	}
	return usageErr("%s is a symbolic link (to %s); terse init claude does not write through it: "+
		"remove the link and run terse init claude%s again, or edit the file it leads to yourself "+
		"(terse init claude --global edits ~/.claude/settings.json) (nothing was changed)", dir, to, flag)
}

// writeSkill prints the skill file, or writes it to path (a directory, or a
// path ending in a slash, gets SKILL.md, the name agents look for).
func writeSkill(env Env, path string) error {
	if path == "" {
		_, err := fmt.Fprint(env.Stdout, agents.Skill)
		return err
	}
	if fi, err := os.Stat(path); (err == nil && fi.IsDir()) || strings.HasSuffix(path, "/") {
		path = filepath.Join(path, "SKILL.md")
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() {
		mode = fi.Mode().Perm()
	}
	// The path may be in a cloned repository: no writing through a link.
	if err := safefile.Replace(path, []byte(agents.Skill), mode); err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	fmt.Fprintf(env.Stdout, "wrote the skill to %s\n", path)
	return nil
}

// nearAgent is the agent terse knows that name is a typo of ("claud",
// "cluade"), or "" when name is one, or like none: an agent terse does not
// know gets the generic setup, but a typo of a known one would print that
// instead of installing the hook.
func nearAgent(name string) string {
	return nearest(name, append([]string{"claude", "codex", "gemini", "opencode"}, agents.OtherAgents()...))
}

// editDistance is the optimal-string-alignment distance of a and b, in
// bytes: Levenshtein's, with a swap of two neighbouring bytes one edit
// ("rnu" is one from "run").
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
