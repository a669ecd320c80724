package app

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

func TestExitCode(t *testing.T) {
	cases := []struct {
		name   string
		err    error
		code   int
		stderr string
	}{
		{"success", nil, 0, ""},
		{"told elsewhere", reportedExit(1), 1, ""},
		{"the command's own code", reportedExit(42), 42, ""},
		{"wrapped, still told elsewhere", fmt.Errorf("running: %w", reportedExit(3)), 3, ""},
		{"usage", usageErr("use compact"), 2, "terse: use compact\n"},
		{"with a reason", &ExitError{Code: 126, Err: errors.New("cannot run x")}, 126, "terse: cannot run x\n"},
		// A failure nobody told must not pass in silence.
		{"no reason, not told", &ExitError{Code: 1}, 1, "terse: exit status 1\n"},
		{"not an ExitError", errors.New("writing output: broken pipe"), 1, "terse: writing output: broken pipe\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stderr bytes.Buffer
			if got := exitCode(c.err, &stderr); got != c.code {
				t.Errorf("exit code %d, want %d", got, c.code)
			}
			if stderr.String() != c.stderr {
				t.Errorf("stderr %q, want %q", stderr.String(), c.stderr)
			}
		})
	}
}

func TestExitErrorShape(t *testing.T) {
	if got := reportedExit(7).Error(); got != "exit status 7" {
		t.Errorf("Error() = %q", got)
	}
	err := fmt.Errorf("init: %w", &ExitError{Code: 1, Err: fs.ErrPermission})
	if !errors.Is(err, fs.ErrPermission) {
		t.Error("the reason is not reachable through Unwrap")
	}
	var ee *ExitError
	if !errors.As(err, &ee) || ee.Code != 1 || ee.Reported {
		t.Errorf("errors.As: %+v", ee)
	}
}
