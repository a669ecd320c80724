package agents

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/envflag"
)

// MaxHookPayload bounds the hook's input: a payload is one tool call, and a
// command larger than this is left alone rather than read whole.
const MaxHookPayload = 1 << 20

// HookEnv is what one hook call runs with: its streams, environment and
// working directory, injected.
type HookEnv struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
	Cwd    string
	// ProfilesDir is the directory of the user's profiles ("" for none).
	ProfilesDir string
}

// RunClaudeHook answers one Claude Code PreToolUse call, for `terse hook
// claude` and the terse-hook binary alike. It never fails the call:
// whatever goes wrong (a payload it cannot read, a panic), it prints nothing
// and the command runs as Claude sent it. TERSE_HOOK_DEBUG=1 says on stderr
// why a command was left alone.
func RunClaudeHook(env HookEnv) {
	debug := env.Getenv("TERSE_HOOK_DEBUG") != ""
	note := func(format string, a ...any) {
		if debug {
			fmt.Fprintf(env.Stderr, "terse hook: "+format+"\n", a...)
		}
	}
	defer func() {
		if p := recover(); p != nil {
			note("internal error: %v", p)
		}
	}()
	if envflag.Disabled(env.Getenv) {
		note("TERSE_DISABLE is set")
		return
	}
	payload, err := io.ReadAll(io.LimitReader(env.Stdin, MaxHookPayload+1))
	if err != nil || len(payload) > MaxHookPayload {
		note("payload not read (%v, %d bytes)", err, len(payload))
		return
	}
	// The user's profiles are read when a command first needs them: a call
	// with nothing to look up (an assignment, a pipe's writer only, a
	// command that does not parse) reads nothing.
	var set *commands.Set
	lookup := func() *commands.Set {
		if set == nil {
			user, err := commands.ReadDir(env.ProfilesDir)
			if err != nil {
				note("%v; using the built-in profiles", err)
				user = nil
			}
			set = commands.NewSet(commands.Builtin, user)
		}
		return set
	}
	h := ClaudeHook{
		Getenv: env.Getenv,
		Reach: func(cwd string) *Reach {
			if cwd == "" || !filepath.IsAbs(cwd) {
				cwd = env.Cwd
			}
			return NewReach(lookup, cwd, env.Getenv)
		},
		Note: note,
		Rules: func(cwd string) (Rules, error) {
			return ReadClaudeRules(ClaudeSettingsFiles(claudePlaces(env, cwd)))
		},
	}
	out, err := h.Answer(payload)
	if err != nil {
		note("%v", err)
		return
	}
	if out == nil {
		return
	}
	// The rewrite runs `terse`: it must be found where the command runs.
	if _, err := exec.LookPath("terse"); err != nil {
		note("terse is not on PATH")
		return
	}
	_, _ = env.Stdout.Write(out)
}

// claudePlaces is where Claude Code's settings files are for this session.
func claudePlaces(env HookEnv, cwd string) SettingsPlaces {
	p := SettingsPlaces{
		Home:        env.Getenv("HOME"),
		ConfigDir:   env.Getenv("CLAUDE_CONFIG_DIR"),
		ProjectDir:  env.Getenv("CLAUDE_PROJECT_DIR"),
		Cwd:         cwd,
		Managed:     ManagedSettings,
		ManagedDirs: ManagedSettingsDirs,
	}
	if p.Cwd == "" || !filepath.IsAbs(p.Cwd) {
		p.Cwd = env.Cwd
	}
	return p
}

// HookMain is the terse-hook binary: `terse-hook claude` answers a Claude
// Code PreToolUse call as `terse hook claude` does, in a process that links
// none of terse's shaping machinery (jq, YAML, the profiles), so that it
// starts in a few milliseconds less: it runs before every shell command an
// agent runs. It returns the exit code.
func HookMain(args []string, env HookEnv) int {
	if len(args) != 2 || args[1] != "claude" {
		fmt.Fprintln(env.Stderr, "terse-hook: usage: terse-hook claude   (a Claude Code PreToolUse payload on stdin)")
		return 2
	}
	RunClaudeHook(env)
	return 0
}

// OSHookEnv is the HookEnv of the running process.
func OSHookEnv() HookEnv {
	cwd, _ := os.Getwd()
	return HookEnv{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Getenv: os.Getenv, Cwd: cwd, ProfilesDir: commands.UserDir(os.Getenv)}
}
