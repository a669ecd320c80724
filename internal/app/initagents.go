package app

import (
	"fmt"
	"os"
	"os/exec"

	"github.com/terse-dev/terse/internal/agents"
)

// installers are the agents besides Claude Code that terse init installs
// into; the others get the setup to do by hand (agents.Snippet).
var installers = map[string]func(Env, initOpts) error{
	"opencode": initOpenCode,
	"codex":    initCodex,
	"gemini":   initGemini,
}

// initCodex adds terse's PostToolUse hook to Codex's hooks.json
// ($CODEX_HOME, else ~/.codex), or removes it.
func initCodex(env Env, o initOpts) error {
	if o.local || o.post || o.global {
		return usageErr("terse init codex takes --uninstall only (the hook goes in $CODEX_HOME/hooks.json)")
	}
	path, err := agents.CodexHooksFile(env.Getenv)
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	return editPostHook(env, agents.CodexPostHook, path, o.uninstall,
		"Codex runs a hook only once you have trusted it: start codex and accept terse's hook when it asks\n"+
			"(or in /hooks). From then on, once Codex has run a shell command (approved, prompted or refused by its\n"+
			"approval policy and rules exactly as without terse: the hook acts only after the run), the model reads\n"+
			"terse's shaped report of the output headed by the exit code, cut to Codex's 10,000-character view.\n"+
			"Commands terse has no profile for keep their output unless the report is smaller.\n")
}

// initGemini adds terse's AfterTool hook to Gemini CLI's settings (the
// project's .gemini/settings.json; --global: the user's), or removes it.
func initGemini(env Env, o initOpts) error {
	if o.local || o.post {
		return usageErr("terse init gemini takes --global and --uninstall only")
	}
	cwd, err := initCwd(env)
	if err != nil {
		return err
	}
	path, err := agents.GeminiSettingsFile(env.Getenv, cwd, o.global)
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	return editPostHook(env, agents.GeminiPostHook, path, o.uninstall,
		"From its next session on, once Gemini CLI has run a shell command (allowed, confirmed or refused by its\n"+
			"policy exactly as without terse: the hook acts only after the run), the model reads terse's shaped\n"+
			"report of the output headed by the exit code. Gemini CLI hands a hook's replacement to the model as an\n"+
			"error ({\"error\": ...}), for passing commands too: the report's first lines say how the command ended.\n"+
			"Commands terse has no profile for keep their output unless the report is smaller.\n")
}

// editPostHook installs (or with uninstall removes) hook in the hooks file
// at path, and says what it did.
func editPostHook(env Env, hook agents.PostHook, path string, uninstall bool, what string) error {
	edit := hook.Install
	if uninstall {
		edit = hook.Uninstall
	}
	changed, backup, err := agents.EditFile(path, edit)
	if err != nil {
		return editError(path, err)
	}
	kept := ""
	if backup != "" {
		kept = " (the previous file: " + backup + ")"
	}
	switch {
	case uninstall && !changed:
		fmt.Fprintf(env.Stdout, "terse's hook is not in %s: nothing to remove\n", path)
	case uninstall:
		fmt.Fprintf(env.Stdout, "removed terse's hook from %s%s\n", path, kept)
	case !changed:
		fmt.Fprintf(env.Stdout, "terse's hook is already in %s\n", path)
	default:
		fmt.Fprintf(env.Stdout, "added terse's %s %s hook (%s) to %s%s\n", hook.Event, hook.Matcher, hook.Command, path, kept)
	}
	if uninstall {
		return nil
	}
	fmt.Fprint(env.Stdout, what)
	if _, err := exec.LookPath("terse"); err != nil {
		fmt.Fprintln(env.Stderr, "terse: warning: terse is not on PATH; the hook leaves every result unchanged until it is")
	}
	return nil
}

// initCwd is the directory terse init works in.
func initCwd(env Env) (string, error) {
	if env.Cwd != "" {
		return env.Cwd, nil
	}
	cwd, err := os.Getwd()
	if err != nil {
		return "", &ExitError{Code: 1, Err: err}
	}
	return cwd, nil
}

// initOpenCode writes terse's OpenCode plugin to the project's
// .opencode/plugin (--global: the user's config directory), or removes it.
func initOpenCode(env Env, o initOpts) error {
	if o.local || o.post {
		return usageErr("terse init opencode takes --global and --uninstall only")
	}
	cwd, err := initCwd(env)
	if err != nil {
		return err
	}
	dir, err := agents.OpenCodeConfigDir(env.Getenv, cwd, o.global)
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	path := agents.OpenCodePluginPath(dir)
	if o.uninstall {
		removed, err := agents.UninstallOpenCodePlugin(path)
		if err != nil {
			return editError(path, err)
		}
		if !removed {
			fmt.Fprintf(env.Stdout, "terse's plugin is not at %s: nothing to remove\n", path)
			return nil
		}
		fmt.Fprintf(env.Stdout, "removed terse's plugin %s\n", path)
		return nil
	}
	changed, err := agents.InstallOpenCodePlugin(path)
	if err != nil {
		return editError(path, err)
	}
	if changed {
		fmt.Fprintf(env.Stdout, "added terse's OpenCode plugin %s\n", path)
	} else {
		fmt.Fprintf(env.Stdout, "terse's OpenCode plugin is already at %s\n", path)
	}
	fmt.Fprint(env.Stdout, "From its next session on, once OpenCode has run a bash command (asked, allowed or denied by its\n"+
		"permission rules exactly as without terse: the plugin acts only after the run), the model reads terse's\n"+
		"shaped report of the output, with the exit code, which OpenCode does not show, on its first line.\n"+
		"Commands terse has no profile for keep their output unless the report is smaller.\n")
	if _, err := exec.LookPath("terse"); err != nil {
		fmt.Fprintln(env.Stderr, "terse: warning: terse is not on PATH; the plugin leaves every result unchanged until it is")
	}
	return nil
}
