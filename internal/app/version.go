package app

import (
	"context"
	"fmt"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/buildinfo"
)

// versionLine is what `terse --version` and `terse version` print after
// "terse version ": the version, the commit and the Go toolchain, so that a
// bug report names its build.
func versionLine() string { return buildinfo.Read().String() }

// versionCommand is `terse version`, the same line as `terse --version`
// (urfave/cli prints that one from the root's Version).
func versionCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print terse's version, commit and Go version",
		Action: func(_ context.Context, c *cli.Command) error {
			if c.NArg() > 0 {
				return usageErr("unexpected argument %q: terse version takes none", c.Args().First())
			}
			_, err := fmt.Fprintf(env.Stdout, "terse version %s\n", versionLine())
			if err != nil {
				return &ExitError{Code: 1, Err: fmt.Errorf("writing version: %w", err)}
			}
			return nil
		},
	}
}

// releaseCommands gives the root what an installed tool is expected to
// have: --version and `terse version`, and `terse completion SHELL`.
func releaseCommands(root *cli.Command, env Env) {
	root.Version = versionLine()
	root.Commands = append(root.Commands, versionCommand(env))
	enableCompletion(root)
}
