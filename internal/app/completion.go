package app

import (
	"context"
	"strings"

	"github.com/urfave/cli/v3"
)

// enableCompletion adds `terse completion bash|zsh|fish|pwsh`: scripts that
// ask terse itself for the words to complete (`terse …
// --generate-shell-completion`), so completion follows the command tree
// urfave/cli already has, subcommands and flags alike. urfave/cli hides the
// command and answers an unknown shell with a help error; terse lists it
// and makes a missing or unknown shell a usage error.
func enableCompletion(root *cli.Command) {
	root.EnableShellCompletion = true
	root.ConfigureShellCompletionCommand = func(c *cli.Command) {
		c.Hidden = false
		c.Usage = "print a shell completion script: " + shellList(c)
		c.UsageText = "source <(terse completion bash)      # in ~/.bashrc (needs the bash-completion package)\n" +
			"   source <(terse completion zsh)       # in ~/.zshrc, after compinit\n" +
			"   terse completion fish > ~/.config/fish/completions/terse.fish"
		c.Description = ""
		c.Action = func(_ context.Context, c *cli.Command) error {
			if c.NArg() == 0 {
				return usageErr("name a shell: terse completion %s", strings.Join(shellNames(c), "|"))
			}
			return usageErr("unknown shell %q: use %s", c.Args().First(), shellList(c))
		}
		// urfave/cli adds the command after newApp has set the tree's
		// parsing: a usage error here is one line too.
		v2Parsing(c)
	}
}

// shellNames are the shells the completion command has scripts for.
func shellNames(c *cli.Command) []string {
	var names []string
	for _, sub := range c.Commands {
		names = append(names, sub.Name)
	}
	return names
}

// shellList is shellNames in a sentence: "bash, zsh, fish or pwsh".
func shellList(c *cli.Command) string {
	names := shellNames(c)
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// completionRequest is the flag urfave/cli's completion scripts append to
// the words typed so far, asking for the candidates instead of a run.
const completionRequest = "--generate-shell-completion"

// commandArgs is normalizeArgs for a run, but leaves a completion request as
// typed: normalizeArgs moves the run id of show and last after a `--`, which
// would put the request after it (where urfave/cli completes nothing) or
// move it from last place (where urfave/cli no longer sees it).
func commandArgs(args []string) []string {
	if n := len(args); n > 0 && args[n-1] == completionRequest {
		return args
	}
	return normalizeArgs(args)
}
