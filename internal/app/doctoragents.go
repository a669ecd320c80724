package app

import (
	"fmt"
	"io"

	"github.com/terse-dev/terse/internal/agents"
	"github.com/terse-dev/terse/internal/safefile"
)

// doctorOtherAgents says which of terse's output-side hooks are installed
// for Codex CLI, Gemini CLI and OpenCode, and what they do with each of
// cmds: the client decides whether it runs, as without terse; the hook only
// replaces the result.
func doctorOtherAgents(env Env, out io.Writer, cwd string, cmds []string, known func([]string) bool) {
	fmt.Fprintln(out, "other agents (terse init codex|gemini|opencode):")
	var installed []string
	if path, err := agents.CodexHooksFile(env.Getenv); err == nil {
		if reportPostHook(out, "Codex", agents.CodexPostHook, path) {
			installed = append(installed, "codex")
		}
	}
	for _, global := range []bool{false, true} {
		if path, err := agents.GeminiSettingsFile(env.Getenv, cwd, global); err == nil {
			if reportPostHook(out, "Gemini CLI", agents.GeminiPostHook, path) {
				installed = append(installed, "gemini")
			}
		}
		if dir, err := agents.OpenCodeConfigDir(env.Getenv, cwd, global); err == nil {
			path := agents.OpenCodePluginPath(dir)
			if data, err := safefile.ReadRegular(path, agents.MaxSettingsFile); err == nil && agents.IsTersePlugin(data) {
				fmt.Fprintf(out, "  OpenCode: plugin %s (tool.execute.after runs `terse hook opencode-post`)\n", path)
				installed = append(installed, "opencode")
			}
		}
	}
	if len(installed) == 0 {
		fmt.Fprintln(out, "  none installed")
		return
	}
	for _, cmd := range cmds {
		_, wrapped := agents.Rewrite(cmd, known)
		what := "its result is replaced by terse's report, headed by the exit code"
		if !wrapped {
			what = "its result is replaced only when terse's report of it is smaller"
		}
		fmt.Fprintf(out, "  %s: runs, is asked about or refused as the client decides without terse; %s", cmd, what)
		if contains(installed, "gemini") {
			fmt.Fprint(out, " (Gemini CLI: failing runs only)")
		}
		fmt.Fprintln(out)
	}
}

// reportPostHook prints the hook found in the file at path, or a problem
// reading it; it reports whether the hook is there.
func reportPostHook(out io.Writer, client string, hook agents.PostHook, path string) bool {
	found, err := hook.Find(path)
	switch {
	case err != nil:
		fmt.Fprintf(out, "  %s: unreadable %v\n", client, err)
	case found != "":
		fmt.Fprintf(out, "  %s: %s (%s)\n", client, found, path)
		return true
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
