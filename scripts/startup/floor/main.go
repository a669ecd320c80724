// Command floor is the least a Go wrapper can cost here: with no arguments
// it does nothing; with arguments it runs them as os/exec does, with the
// output passed through, and exits with their code. scripts/bench-start.sh
// measures terse beside it, so that what terse adds is told apart from what
// any Go process costs on the machine.
package main

import (
	"errors"
	"os"
	"os/exec"
)

func main() {
	if len(os.Args) < 2 {
		return
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			os.Exit(ee.ExitCode())
		}
		os.Exit(127)
	}
}
