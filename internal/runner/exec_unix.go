//go:build unix

package runner

import (
	"os"
	"syscall"
)

// CanExec reports whether Exec can replace terse with the command.
const CanExec = true

// Exec replaces terse with the command: the streams, the terminal, the
// signals and the exit status are the command's own, as if terse had never
// been there. It returns only when the command cannot be started, with a
// *StartError.
func Exec(args []string) error {
	if len(args) == 0 {
		return &StartError{Code: 127, Name: "", Err: os.ErrNotExist}
	}
	path, err := LookPath(args[0])
	if err != nil {
		return err
	}
	err = syscall.Exec(path, args, os.Environ())
	return execFailure(args[0], path, err)
}
