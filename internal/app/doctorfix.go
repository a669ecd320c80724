package app

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// noAllowRule starts the reason the hook gives for a command it leaves
// alone in a mode that asks, for want of an allow rule of the user's.
const noAllowRule = "no allow rule allows"

// printAllowFix names, under a command the hook left alone for want of an
// allow rule (outcome), the exact rule that would route it and the file to
// put it in. terse never adds it itself: the rule lets the command run
// unasked, which is the user's decision, not terse's.
func printAllowFix(out io.Writer, project, cmd, outcome string) {
	if !strings.Contains(outcome, noAllowRule) {
		return
	}
	rule, err := json.Marshal("Bash(" + cmd + ")")
	if err != nil {
		return
	}
	fmt.Fprintf(out, "  to route it, allow it yourself: add %s to \"permissions\".\"allow\" in %s (Claude Code applies it once you trust the workspace; it then runs without asking, through terse)\n",
		rule, filepath.Join(project, ".claude", "settings.local.json"))
}
